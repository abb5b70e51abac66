/**
 * The Data Explorer's Map view: the query's documents that have a geo-location, as clustered
 * points on the installation's tile map. The server groups them (GET dashboard/module/map) for
 * the box on screen at its zoom, so a view costs the same at a thousand documents or a million.
 * The first look asks for the whole globe, to learn where the documents are, and fits the map
 * to them; every move then asks for what is on screen. A point of one document opens it in the
 * drawer; a cluster zooms to its documents. With maps turned off a sentence says so.
 */
import { lazy, Suspense, useState } from 'react';
import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { mapTiles } from '../../config/runtime-config';
import type { DocumentsQuery } from '../../providers/explorer-calls';
import { mapCalls, WORLD_VIEW, type MapView } from '../../providers/map-calls';
import { ListError } from '../../resources/generic/ListStates';
import { DocumentDrawer } from '../DocumentDrawer';
import { formatCount } from './explorer-texts';
import { useT } from '../../i18n/use-t';

const ClusterMap = lazy(() => import('../maps/ClusterMap'));

const HEIGHT = { xs: 420, md: 560 };

const Loading = () => {
  const t = useT();
  return (
    <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={t('app.documents.maps.loading')} />
    </Box>
  );
};

export default function DocumentsMap({ query, run }: { query: DocumentsQuery; run: number }) {
  const t = useT();
  const tiles = mapTiles();
  const [view, setView] = useState<MapView | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  // Where the documents are: the whole globe once per query, for the map's first fit.
  const overview = useQuery({
    queryKey: ['explorer', 'map', query, run, 'world'],
    queryFn: ({ signal }) => mapCalls.getClusters(query, WORLD_VIEW, signal),
    enabled: tiles !== null,
  });
  const inView = useQuery({
    queryKey: ['explorer', 'map', query, run, view],
    queryFn: ({ signal }) => mapCalls.getClusters(query, view!, signal),
    enabled: tiles !== null && view !== null,
    placeholderData: keepPreviousData,
  });
  if (!tiles) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{t('app.documents.maps.off')}</Typography>
      </Paper>
    );
  }
  if (overview.isPending) return <Loading />;
  if (overview.error)
    return <ListError what={t('app.documents.explorer.what')} error={overview.error} onRetry={() => void overview.refetch()} />;
  const bounds = overview.data.bounds;
  if (!bounds) {
    return (
      <Paper variant="outlined" sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{t('app.documents.map.no_place')}</Typography>
      </Paper>
    );
  }
  const shown = inView.data ?? overview.data;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }} role="status">
          {t('app.documents.map.in_view', { count: formatCount(shown.total) })}
        </Typography>
        {inView.isFetching && <CircularProgress size={18} aria-label={t('app.documents.explorer.loading')} />}
      </Box>
      {shown.truncated && (
        <Alert severity="info" sx={{ mx: 2, mb: 1.5 }}>
          {t('app.documents.map.truncated')}
        </Alert>
      )}
      {inView.error && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <ListError what={t('app.documents.explorer.what')} error={inView.error} onRetry={() => void inView.refetch()} />
        </Box>
      )}
      <Suspense fallback={<Loading />}>
        <ClusterMap
          tiles={tiles}
          label={t('app.documents.map.label')}
          height={HEIGHT}
          bounds={bounds}
          clusters={shown.clusters}
          onView={setView}
          onOpen={setOpen}
        />
      </Suspense>
      <DocumentDrawer documentId={open} onClose={() => setOpen(null)} />
    </Paper>
  );
}
