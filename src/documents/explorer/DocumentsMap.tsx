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
import { MAP_TEXT } from '../maps/map-texts';
import { formatCount } from './explorer-texts';

const ClusterMap = lazy(() => import('../maps/ClusterMap'));

export const MAP_VIEW_TEXT = {
  noPlace: 'No document of this query has a location.',
  inView: (n: number) => `Documents with a location in view: ${formatCount(n)}`,
  truncated: 'Only the largest groups are shown: zoom in to see the rest.',
  label: 'Map of the documents found',
} as const;

const HEIGHT = { xs: 420, md: 560 };

const Loading = () => (
  <Box sx={{ height: HEIGHT, display: 'grid', placeItems: 'center' }}>
    <CircularProgress aria-label={MAP_TEXT.loading} />
  </Box>
);

export default function DocumentsMap({ query, run }: { query: DocumentsQuery; run: number }) {
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
        <Typography color="text.secondary">{MAP_TEXT.off}</Typography>
      </Paper>
    );
  }
  if (overview.isPending) return <Loading />;
  if (overview.error) return <ListError what="documents" error={overview.error} onRetry={() => void overview.refetch()} />;
  const bounds = overview.data.bounds;
  if (!bounds) {
    return (
      <Paper variant="outlined" sx={{ py: 6, textAlign: 'center' }}>
        <Typography color="text.secondary">{MAP_VIEW_TEXT.noPlace}</Typography>
      </Paper>
    );
  }
  const shown = inView.data ?? overview.data;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }} role="status">
          {MAP_VIEW_TEXT.inView(shown.total)}
        </Typography>
        {inView.isFetching && <CircularProgress size={18} aria-label="Loading documents" />}
      </Box>
      {shown.truncated && (
        <Alert severity="info" sx={{ mx: 2, mb: 1.5 }}>
          {MAP_VIEW_TEXT.truncated}
        </Alert>
      )}
      {inView.error && (
        <Box sx={{ px: 2, pb: 1.5 }}>
          <ListError what="documents" error={inView.error} onRetry={() => void inView.refetch()} />
        </Box>
      )}
      <Suspense fallback={<Loading />}>
        <ClusterMap
          tiles={tiles}
          label={MAP_VIEW_TEXT.label}
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
