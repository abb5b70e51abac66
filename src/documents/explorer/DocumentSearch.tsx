/** 'Search for a specific document' by its id or local id; an empty box does nothing (spec 1 §5). */
import type { Dispatch } from 'react';
import { LOCAL_ID_MAX } from '@model/documents/limits';
import { Button, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ExplorerAction } from './explorer-state';
import { useT } from '../../i18n/use-t';

export const DocumentSearch = ({ documentId, dispatch }: { documentId: string; dispatch: Dispatch<ExplorerAction> }) => {
  const t = useT();
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      spacing={1}
      onSubmit={(event) => {
        event.preventDefault();
        dispatch({ kind: 'search' });
      }}
      sx={{ alignItems: 'flex-start' }}
    >
      <TextField
        label={t('app.documents.explorer.search_label')}
        placeholder={t('app.documents.explorer.search_placeholder')}
        value={documentId}
        onChange={(event) => dispatch({ kind: 'documentId', text: event.target.value })}
        size="small"
        sx={{ flex: 1, maxWidth: 480 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: LOCAL_ID_MAX } }}
      />
      <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ height: 40 }}>
        {t('ra.action.search')}
      </Button>
    </Stack>
  );
};
