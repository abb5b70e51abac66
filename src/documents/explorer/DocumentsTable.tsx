/**
 * The documents found: Document ID, Local ID, Document Type, Created By, Dated (DD-MM-YYYY) and
 * Processed, those the column chooser shows; on a phone each document is a row of its own with
 * the same facts. A row opens the document. With a selection, each row has a tick box (and the
 * header one for the whole page), for the bulk actions.
 */
import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  Chip,
  List,
  ListItemButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { Document } from '@model/generated';
import { formatDate, submitterName } from '../document-format';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/use-t';

export type DocumentRow = Pick<Document, '_id' | 'local_id' | 'type_name' | 'user_object' | 'createdAt' | 'processed' | 'processedAt'>;

/** The columns by their English names, which also name them in the browser's memory of hidden columns. */
export const DOCUMENT_COLUMNS = ['Document ID', 'Local ID', 'Document Type', 'Created By', 'Dated', 'Processed'] as const;
export type DocumentColumn = (typeof DOCUMENT_COLUMNS)[number];

/** Each column's header in the language in use. */
export const COLUMN_WORDS: Record<DocumentColumn, MessageKey> = {
  'Document ID': 'app.documents.columns.document_id',
  'Local ID': 'app.documents.columns.local_id',
  'Document Type': 'app.documents.columns.document_type',
  'Created By': 'app.documents.columns.created_by',
  Dated: 'app.documents.columns.dated',
  Processed: 'app.documents.columns.processed',
};

/** The rows ticked on this page, and how to tick one or all. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  onToggle(id: string): void;
  onToggleAll(): void;
}

const Processed = ({ row }: { row: DocumentRow }) => {
  const t = useT();
  return row.processed ? (
    <Chip
      size="small"
      color="success"
      variant="outlined"
      label={row.processedAt ? t('app.documents.results.processed_on', { date: formatDate(row.processedAt) }) : t('ra.boolean.true')}
    />
  ) : (
    <Chip size="small" variant="outlined" label={t('ra.boolean.false')} />
  );
};

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } as const;

const CELLS: Record<DocumentColumn, { cell(row: DocumentRow): ReactNode; sx?: object }> = {
  'Document ID': { cell: (row) => row._id, sx: mono },
  'Local ID': { cell: (row) => row.local_id, sx: mono },
  'Document Type': { cell: (row) => row.type_name },
  'Created By': { cell: (row) => submitterName(row) },
  Dated: { cell: (row) => formatDate(row.createdAt), sx: { whiteSpace: 'nowrap' } },
  Processed: { cell: (row) => <Processed row={row} /> },
};

const tickLabel = (t: Translate, row: DocumentRow) => t('app.documents.results.select', { id: row.local_id });

const PhoneRows = ({ rows, onOpen, selection }: { rows: DocumentRow[]; onOpen(id: string): void; selection?: RowSelection }) => {
  const t = useT();
  return (
    <List disablePadding aria-label={t('app.documents.results.label')}>
      {rows.map((row) => (
        <Box
          component="li"
          key={row._id}
          sx={{ display: 'flex', alignItems: 'flex-start', listStyle: 'none', borderBottom: 1, borderColor: 'divider' }}
        >
          {selection && (
            <Checkbox
              checked={selection.selected.has(row._id)}
              onChange={() => selection.onToggle(row._id)}
              slotProps={{ input: { 'aria-label': tickLabel(t, row) } }}
              sx={{ mt: 1 }}
            />
          )}
          <ListItemButton component="div" onClick={() => onOpen(row._id)} sx={{ display: 'block', py: 1.25, flex: 1, minWidth: 0 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
                {row.type_name}
              </Typography>
              <Processed row={row} />
            </Box>
            <Typography variant="body2" color="text.secondary">{`${submitterName(row)} · ${formatDate(row.createdAt)}`}</Typography>
            <Typography variant="body2" sx={mono}>
              {t('app.documents.results.id', { id: row._id })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={mono}>
              {t('app.documents.results.local_id', { id: row.local_id })}
            </Typography>
          </ListItemButton>
        </Box>
      ))}
    </List>
  );
};

interface TableProps {
  rows: DocumentRow[];
  onOpen(id: string): void;
  /** The columns shown, in the table's order (all by default). */
  shown?: readonly DocumentColumn[];
  selection?: RowSelection;
}

export const DocumentsTable = ({ rows, onOpen, shown = DOCUMENT_COLUMNS, selection }: TableProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const t = useT();
  if (phone) return <PhoneRows rows={rows} onOpen={onOpen} selection={selection} />;
  const columns = DOCUMENT_COLUMNS.filter((c) => shown.includes(c));
  const ticked = selection ? rows.filter((r) => selection.selected.has(r._id)).length : 0;
  return (
    // Reachable by keyboard: with many columns the table scrolls sideways.
    <TableContainer tabIndex={0} role="region" aria-label={t('app.documents.results.region')}>
      <Table size="small" aria-label={t('app.documents.results.label')}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && ticked === rows.length}
                  indeterminate={ticked > 0 && ticked < rows.length}
                  onChange={selection.onToggleAll}
                  slotProps={{ input: { 'aria-label': t('app.documents.results.select_all') } }}
                />
              </TableCell>
            )}
            {columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {t(COLUMN_WORDS[c])}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow
              key={row._id}
              hover
              tabIndex={0}
              selected={selection?.selected.has(row._id) ?? false}
              onClick={() => onOpen(row._id)}
              onKeyDown={(event) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(row._id);
                }
              }}
              sx={{ cursor: 'pointer' }}
            >
              {selection && (
                <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    checked={selection.selected.has(row._id)}
                    onChange={() => selection.onToggle(row._id)}
                    slotProps={{ input: { 'aria-label': tickLabel(t, row) } }}
                  />
                </TableCell>
              )}
              {columns.map((c) => (
                <TableCell key={c} sx={CELLS[c].sx}>
                  {CELLS[c].cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
