/**
 * What a query or a search found: 'Total number of Documents: 412,377', 'Export Documents', the
 * documents and (for a query) the pager; a spinner while loading, 'No document found' when
 * nothing matched. A row opens the document drawer.
 */
import { lazy, Suspense, useState, type Dispatch, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/FileDownload';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { Document } from '@model/generated';
import {
  DOCUMENTS_PAGE_SIZE,
  explorerCalls,
  type DocumentsPage,
  type DocumentsQuery,
  type PagePlace,
} from '../../providers/explorer-calls';
import { ListError } from '../../resources/generic/ListStates';
import type { ExplorerAction, Results } from './explorer-state';
import { formatCount } from './explorer-texts';
import { useT } from '../../i18n/use-t';
import { ResultsTable } from './ResultsTable';
import { DocumentsPager } from './DocumentsPager';
import { PastLastPage } from './PastLastPage';
import { DocumentDrawer } from '../DocumentDrawer';
import { documentExport, queryExport } from './export-request';
import { useStartExport } from './use-exports';
import { ResultsViewSwitch, type ResultsView } from './ResultsViewSwitch';

const DocumentsMap = lazy(() => import('./DocumentsMap'));

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

const Loading = () => {
  const t = useT();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 200 }}>
      <CircularProgress aria-label={t('app.documents.explorer.loading')} />
    </Box>
  );
};

const NoDocument = () => {
  const t = useT();
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography color="text.secondary">{t('app.documents.explorer.no_document')}</Typography>
    </Box>
  );
};

interface FoundProps {
  total: number;
  rows: Document[];
  exporting: boolean;
  onExport(): void;
  refreshing?: boolean;
  /** Said above the rows (a page past the end). */
  notice?: ReactNode;
  /** What the export holds when it is not exactly what is shown. */
  exportNote?: string;
  pager?: ReactNode;
}

const Found = ({ total, rows, exporting, onExport, refreshing = false, notice, exportNote, pager }: FoundProps) => {
  const [open, setOpen] = useState<string | null>(null);
  const t = useT();
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{t('app.documents.explorer.total', { count: formatCount(total) })}</Typography>
        <Button variant="contained" color="secondary" startIcon={<DownloadIcon />} onClick={onExport} loading={exporting}>
          {t('app.documents.explorer.export')}
        </Button>
      </Box>
      {exportNote && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, mt: -1, mb: 1 }}>
          {exportNote}
        </Typography>
      )}
      {notice}
      <Box sx={{ position: 'relative' }} aria-busy={refreshing}>
        <Box sx={refreshing ? { opacity: 0.4, pointerEvents: 'none' } : undefined}>
          <ResultsTable rows={rows} onOpen={setOpen} />
        </Box>
        {refreshing && (
          <Box sx={{ position: 'absolute', inset: 0, display: 'flex', justifyContent: 'center', alignItems: 'center' }}>
            <CircularProgress aria-label={t('app.documents.explorer.loading')} />
          </Box>
        )}
      </Box>
      {pager}
      <DocumentDrawer documentId={open} onClose={() => setOpen(null)} />
    </Paper>
  );
};

type ShownPage = DocumentsPage & { place: PagePlace };

const docsKey = (query: DocumentsQuery, place: PagePlace, run: number) => ['explorer', 'docs', query, place, run] as const;
const sameQuery = (key: QueryKey | undefined, query: DocumentsQuery) => JSON.stringify(key?.[2]) === JSON.stringify(query);

interface QueryResultsProps {
  query: DocumentsQuery;
  place: PagePlace;
  run: number;
  dispatch: Dispatch<ExplorerAction>;
}

const QueryResults = ({ query, place, run, dispatch }: QueryResultsProps) => {
  const page = useQuery<ShownPage>({
    queryKey: docsKey(query, place, run),
    // The page remembers where it sits, so the pager counts from the rows on screen while the next page loads.
    // The server says which page it answered: a previous page with rows deleted meanwhile comes back as the first.
    queryFn: async ({ signal }) => {
      const answer = await explorerCalls.getDocuments(query, place, signal);
      return { ...answer, place: { ...place, pageNo: answer.pageNo } };
    },
    // Paging keeps the rows on screen (dimmed) until the next page is in; a new query starts blank.
    placeholderData: (previous, previousQuery) => (sameQuery(previousQuery?.queryKey, query) ? previous : undefined),
  });
  const exporter = useStartExport();
  const t = useT();
  if (page.isPending) return <Loading />;
  if (page.error && !page.isFetching)
    return <ListError what={t('app.documents.explorer.what')} error={page.error} onRetry={() => void page.refetch()} />;
  // A page past the end (documents deleted meanwhile) keeps its pager, to go back.
  if (!page.data || page.data.total === 0) return page.isFetching ? <Loading /> : <NoDocument />;
  const { data, total, place: shownPlace } = page.data;
  return (
    <Found
      total={total}
      rows={data}
      exporting={exporter.isPending}
      onExport={() => exporter.mutate(queryExport(query))}
      // The export job takes the program, module and type only: say so rather than surprise.
      exportNote={
        query.from || query.to || query.submitted_by || query.processed ? t('app.documents.explorer.export_ignores_filters') : undefined
      }
      refreshing={page.isPlaceholderData}
      notice={
        data.length === 0 && (
          <PastLastPage
            asked={shownPlace.pageNo + 1}
            pageCount={Math.ceil(total / DOCUMENTS_PAGE_SIZE)}
            onLast={() => dispatch({ kind: 'page', place: { pageNo: Math.ceil(total / DOCUMENTS_PAGE_SIZE) - 1 } })}
          />
        )
      }
      pager={
        <DocumentsPager
          pageNo={shownPlace.pageNo}
          total={total}
          rows={data}
          disabled={page.isFetching}
          onPage={(next) => dispatch({ kind: 'page', place: next })}
        />
      }
    />
  );
};

const SearchResult = ({ id, run }: { id: string; run: number }) => {
  const found = useQuery({ queryKey: ['explorer', 'document', id, run], queryFn: () => explorerCalls.getDocument(id) });
  const exporter = useStartExport();
  if (found.isPending) return <Loading />;
  // Spec 1 §8: a failed search only stops the spinner; an unknown id says so.
  if (found.error) return statusOf(found.error) === 404 ? <NoDocument /> : null;
  return (
    <Found total={1} rows={[found.data]} exporting={exporter.isPending} onExport={() => exporter.mutate(documentExport(found.data))} />
  );
};

/** A query's documents as a list (paged) or on a map (clustered); the choice stays while queries change. */
const QueryView = (props: QueryResultsProps) => {
  const [view, setView] = useState<ResultsView>('list');
  return (
    <Stack spacing={1.5}>
      <Box>
        <ResultsViewSwitch view={view} onChange={setView} />
      </Box>
      {view === 'map' ? (
        <Suspense fallback={<Loading />}>
          <DocumentsMap query={props.query} run={props.run} />
        </Suspense>
      ) : (
        <QueryResults {...props} />
      )}
    </Stack>
  );
};

export const ExplorerResults = ({ results, dispatch }: { results: Results; dispatch: Dispatch<ExplorerAction> }) => {
  if (!results) return null;
  return results.kind === 'query' ? (
    <QueryView query={results.query} place={results.place} run={results.run} dispatch={dispatch} />
  ) : (
    <SearchResult id={results.id} run={results.run} />
  );
};
