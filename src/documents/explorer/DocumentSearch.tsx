/** 'Search for a specific document' by its id or local id; an empty box does nothing (spec 1 §5). */
import type { Dispatch } from 'react';
import { LOCAL_ID_MAX } from '@model/documents/limits';
import { Button, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import type { ExplorerAction } from './explorer-state';
import { EXPLORER_TEXT } from './explorer-texts';

export const DocumentSearch = ({ documentId, dispatch }: { documentId: string; dispatch: Dispatch<ExplorerAction> }) => (
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
      label={EXPLORER_TEXT.searchLabel}
      placeholder={EXPLORER_TEXT.searchPlaceholder}
      value={documentId}
      onChange={(event) => dispatch({ kind: 'documentId', text: event.target.value })}
      size="small"
      sx={{ flex: 1, maxWidth: 480 }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: LOCAL_ID_MAX } }}
    />
    <Button type="submit" variant="outlined" startIcon={<SearchIcon />} sx={{ height: 40 }}>
      {EXPLORER_TEXT.search}
    </Button>
  </Stack>
);
