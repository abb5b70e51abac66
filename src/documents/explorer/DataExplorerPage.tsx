/**
 * /data-explorer (spec 1 §2): pick a program, a module and a document type and query their
 * documents, or find one by its id; export what was found to CSV and follow the exports in the
 * downloads list. Open to roles with can_explore_data (the server refuses the others anyway).
 */
import { useReducer } from 'react';
import { Box, Divider, Paper, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { NoPermission } from '../../resources/generic/NoPermission';
import { useSession } from '../../session/useSession';
import { DocumentSearch } from './DocumentSearch';
import { DownloadsPanel } from './DownloadsPanel';
import { ExplorerFilters } from './ExplorerFilters';
import { ExplorerResults } from './ExplorerResults';
import { explorerReducer, initialExplorerState } from './explorer-state';
import { useT } from '../../i18n/use-t';

export const EXPLORE_FLAG = 'can_explore_data';

const Explorer = () => {
  const [state, dispatch] = useReducer(explorerReducer, initialExplorerState);
  const [params] = useSearchParams();
  const t = useT();
  return (
    <Stack spacing={2.5} sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1400 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('app.documents.explorer.heading')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
        <ExplorerFilters state={state} dispatch={dispatch} />
        <Divider sx={{ my: 2 }} />
        <DocumentSearch documentId={state.documentId} dispatch={dispatch} />
      </Paper>
      <ExplorerResults results={state.results} dispatch={dispatch} />
      <DownloadsPanel highlight={params.get('export')} />
    </Stack>
  );
};

const DataExplorerPage = () => {
  const { user } = useSession();
  const t = useT();
  return (
    <Box>
      <Title title={t('app.documents.explorer.title')} />
      {user?.role?.permission?.[EXPLORE_FLAG] === true ? (
        <Explorer />
      ) : (
        <NoPermission message={t('app.documents.explorer.no_permission')} />
      )}
    </Box>
  );
};

export default DataExplorerPage;
