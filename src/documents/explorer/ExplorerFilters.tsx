/**
 * The cascade of spec 1 §2: 'Select Program' (the programs the caller may explore), 'Select
 * Module' (the program's active document modules, disabled until a program is chosen) and
 * 'Select Document Type' (the module's types, disabled until a module is chosen), then 'Query
 * Data' and the help text.
 */
import type { Dispatch } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/ManageSearch';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_MODULES, isDocumentModule } from '@model/documents/modules';
import { explorerCalls } from '../../providers/explorer-calls';
import { facetsReady, type ExplorerAction, type ExplorerState } from './explorer-state';
import { ExplorerFacets } from './ExplorerFacets';
import { moduleLabel } from '../document-format';
import { useT } from '../../i18n/use-t';

const NONE = '';

export const ExplorerFilters = ({ state, dispatch }: { state: ExplorerState; dispatch: Dispatch<ExplorerAction> }) => {
  const t = useT();
  const programs = useQuery({ queryKey: ['explorer', 'programs'], queryFn: explorerCalls.getPrograms });
  const programId = state.program?._id;
  const program = useQuery({
    queryKey: ['explorer', 'program', programId],
    queryFn: () => explorerCalls.getProgram(programId!),
    enabled: programId !== undefined,
  });
  const module = state.module;
  const types = useQuery({
    queryKey: ['explorer', 'types', programId, module],
    queryFn: () => explorerCalls.getDocumentTypes(programId!, module!),
    enabled: programId !== undefined && module !== null,
  });

  const modules = DOCUMENT_MODULES.filter((m) => program.data?.active_module[m] === true);

  return (
    <Box component="section" aria-label={t('app.documents.explorer.filters')}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          label={t('app.documents.explorer.program')}
          value={programId ?? NONE}
          onChange={(event) => dispatch({ kind: 'program', program: programs.data?.find((p) => p._id === event.target.value) ?? null })}
          helperText={programs.error ? (programs.error as Error).message : undefined}
          error={Boolean(programs.error)}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {(programs.data ?? []).map((p) => (
            <MenuItem key={p._id} value={p._id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('app.documents.explorer.module')}
          value={module ?? NONE}
          disabled={!programId}
          onChange={(event) => dispatch({ kind: 'module', module: isDocumentModule(event.target.value) ? event.target.value : null })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {modules.map((m) => (
            <MenuItem key={m} value={m}>
              {moduleLabel(t, m)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('app.documents.explorer.document_type')}
          value={state.type?._id ?? NONE}
          disabled={!module}
          onChange={(event) => dispatch({ kind: 'type', type: types.data?.find((t) => t._id === event.target.value) ?? null })}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {(types.data ?? []).map((t) => (
            <MenuItem key={t._id} value={t._id}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          size="large"
          startIcon={<SearchIcon />}
          disabled={!programId || !module || !facetsReady(state.facets)}
          onClick={() => dispatch({ kind: 'query' })}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {t('app.documents.explorer.query')}
        </Button>
      </Stack>
      <ExplorerFacets programId={programId} facets={state.facets} dispatch={dispatch} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('app.documents.explorer.help')}
      </Typography>
    </Box>
  );
};
