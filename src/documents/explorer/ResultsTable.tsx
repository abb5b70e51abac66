/**
 * The documents found with what a reviewer does to them: the column chooser (remembered per
 * user in this browser), tick boxes and 'Mark as processed' for a role with can_edit_document,
 * and what the server answered: how many were marked and each one that was not, with the reason.
 * Ticks belong to the rows on screen: another page or query starts with none.
 */
import { useState } from 'react';
import { Alert, Box, Button, List, ListItem, Typography } from '@mui/material';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import { errorMessage } from '../../providers/http-client';
import { useSession } from '../../session/useSession';
import { ColumnChooser } from './ColumnChooser';
import { COLUMN_WORDS, DOCUMENT_COLUMNS, DocumentsTable, type DocumentRow } from './DocumentsTable';
import { useT } from '../../i18n/use-t';
import { markedText, notMarkedText, useBulkProcessed } from './use-bulk-processed';
import { useShownColumns } from './use-shown-columns';

const pageKey = (rows: DocumentRow[]) => rows.map((r) => r._id).join(',');

export const ResultsTable = ({ rows, onOpen }: { rows: DocumentRow[]; onOpen(id: string): void }) => {
  const { user } = useSession();
  const t = useT();
  const { shown, toggle } = useShownColumns(user?._id ?? 'anyone', DOCUMENT_COLUMNS);
  const reviewer = user?.role?.permission?.can_edit_document === true;
  // Ticks are kept with the page they were made on, so a new page shows none.
  const [ticks, setTicks] = useState<{ page: string; ids: Set<string> }>({ page: '', ids: new Set() });
  const selected = ticks.page === pageKey(rows) ? ticks.ids : new Set<string>();
  const setSelected = (ids: Set<string>) => setTicks({ page: pageKey(rows), ids });
  const bulk = useBulkProcessed();

  const selection = reviewer
    ? {
        selected,
        onToggle: (id: string) => {
          const next = new Set(selected);
          if (!next.delete(id)) next.add(id);
          setSelected(next);
        },
        onToggleAll: () => setSelected(selected.size === rows.length ? new Set() : new Set(rows.map((r) => r._id))),
      }
    : undefined;

  const mark = () => bulk.mutate([...selected], { onSuccess: () => setSelected(new Set()) });
  const localIdOf = (id: string) => rows.find((r) => r._id === id)?.local_id ?? id;

  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minHeight: 36 }}>
          {reviewer && (
            <>
              <Typography variant="body2" aria-live="polite">
                {t('app.documents.results.selected', { smart_count: selected.size })}
              </Typography>
              <Button
                size="small"
                variant="outlined"
                startIcon={<DoneAllIcon />}
                disabled={selected.size === 0}
                loading={bulk.isPending}
                onClick={mark}
              >
                {t('app.documents.results.mark_processed')}
              </Button>
            </>
          )}
        </Box>
        <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
          <ColumnChooser columns={DOCUMENT_COLUMNS} shown={shown} onToggle={toggle} label={(c) => t(COLUMN_WORDS[c])} />
        </Box>
      </Box>
      {bulk.error && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }} onClose={() => bulk.reset()}>
          {errorMessage((bulk.error as { body?: unknown }).body, bulk.error.message)}
        </Alert>
      )}
      {bulk.data && (
        <Alert severity={bulk.data.not_processed.length ? 'warning' : 'success'} sx={{ mx: 2, mb: 1 }} onClose={() => bulk.reset()}>
          <Typography variant="body2">{markedText(t, bulk.data.processed.length)}</Typography>
          {bulk.data.not_processed.length > 0 && (
            <>
              <Typography variant="body2">{notMarkedText(t, bulk.data.not_processed.length)}</Typography>
              <List dense disablePadding sx={{ listStyle: 'disc', pl: 2.5 }}>
                {bulk.data.not_processed.map((n) => (
                  <ListItem key={n._id} disablePadding sx={{ display: 'list-item' }}>
                    {`${localIdOf(n._id)}: ${n.message}`}
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Alert>
      )}
      <DocumentsTable rows={rows} onOpen={onOpen} shown={shown} selection={selection} />
    </>
  );
};
