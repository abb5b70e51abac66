/**
 * The documents found: Document ID, Local ID, Document Type, Created By, Dated (DD-MM-YYYY) and
 * Processed; on a phone each document is a row of its own with the same facts. A row opens the
 * document.
 */
import {
  Box,
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
import { formatDate, submitterName } from '../documents/document-format';

export type DocumentRow = Pick<Document, '_id' | 'local_id' | 'type_name' | 'user_object' | 'createdAt' | 'processed' | 'processedAt'>;

const COLUMNS = ['Document ID', 'Local ID', 'Document Type', 'Created By', 'Dated', 'Processed'] as const;

const Processed = ({ row }: { row: DocumentRow }) =>
  row.processed ? (
    <Chip size="small" color="success" variant="outlined" label={row.processedAt ? `Yes, ${formatDate(row.processedAt)}` : 'Yes'} />
  ) : (
    <Chip size="small" variant="outlined" label="No" />
  );

const mono = { fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' } as const;

const PhoneRows = ({ rows, onOpen }: { rows: DocumentRow[]; onOpen(id: string): void }) => (
  <List disablePadding aria-label="Documents">
    {rows.map((row) => (
      <ListItemButton key={row._id} divider onClick={() => onOpen(row._id)} sx={{ display: 'block', py: 1.25 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600, minWidth: 0 }} noWrap>
            {row.type_name}
          </Typography>
          <Processed row={row} />
        </Box>
        <Typography variant="body2" color="text.secondary">{`${submitterName(row)} · ${formatDate(row.createdAt)}`}</Typography>
        <Typography variant="body2" sx={mono}>{`ID ${row._id}`}</Typography>
        <Typography variant="body2" color="text.secondary" sx={mono}>{`Local ID ${row.local_id}`}</Typography>
      </ListItemButton>
    ))}
  </List>
);

export const DocumentsTable = ({ rows, onOpen }: { rows: DocumentRow[]; onOpen(id: string): void }) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <PhoneRows rows={rows} onOpen={onOpen} />;
  return (
    <TableContainer>
      <Table size="small" aria-label="Documents">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {c}
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
              onClick={() => onOpen(row._id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  onOpen(row._id);
                }
              }}
              sx={{ cursor: 'pointer' }}
            >
              <TableCell sx={mono}>{row._id}</TableCell>
              <TableCell sx={mono}>{row.local_id}</TableCell>
              <TableCell>{row.type_name}</TableCell>
              <TableCell>{submitterName(row)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.createdAt)}</TableCell>
              <TableCell>
                <Processed row={row} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
