/**
 * 'Recently Processed Documents' (spec 1 §2): the 50 most recently processed documents the
 * viewer may see, without a pager. A row opens the document in the drawer (by its local id).
 * On a phone the six columns would leave each row three lines tall and most columns off
 * screen: each document is one list entry there, with the same six values.
 */
import {
  Box,
  Card,
  CardContent,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
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
import type { DocumentSummary } from '../../providers/document-calls';
import { formatDate, moduleLabel, submitterName } from '../document-format';
import { useRecentlyProcessed } from './dashboard-queries';

const COLUMNS: Array<{ label: string; value: (doc: DocumentSummary) => string }> = [
  { label: 'Program', value: (d) => d.program_name },
  { label: 'Module', value: (d) => moduleLabel(d.module) },
  { label: 'Document Type', value: (d) => d.type_name },
  { label: 'Document ID', value: (d) => d._id },
  { label: 'Created By', value: submitterName },
  { label: 'Dated', value: (d) => formatDate(d.createdAt) },
];

function Message({ children }: { children: React.ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS.length} sx={{ textAlign: 'center', py: 4, color: 'text.secondary' }}>
        {children}
      </TableCell>
    </TableRow>
  );
}

function RecentList({ docs, onOpen }: { docs: DocumentSummary[]; onOpen(doc: DocumentSummary): void }) {
  return (
    <List aria-labelledby="recent-documents-title" disablePadding>
      {docs.map((doc) => (
        // Each entry an <li>, the button inside it: a list holds list items only.
        <ListItem key={doc._id} disablePadding divider>
          <ListItemButton onClick={() => onOpen(doc)} sx={{ display: 'block' }}>
            <ListItemText
              primary={`${doc.type_name} · ${moduleLabel(doc.module)}`}
              secondary={
                <>
                  <span>{`${doc.program_name} · ${submitterName(doc)} · ${formatDate(doc.createdAt)}`}</span>
                  <br />
                  <span style={{ wordBreak: 'break-all' }}>{doc._id}</span>
                </>
              }
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <Card component="section" aria-labelledby="recent-documents-title">
      <CardContent sx={{ pb: 0 }}>
        <Typography id="recent-documents-title" variant="h6" component="h2">
          Recently Processed Documents
        </Typography>
      </CardContent>
      {children}
      <Box sx={{ height: 8 }} />
    </Card>
  );
}

export function RecentDocuments({ onOpen }: { onOpen(doc: DocumentSummary): void }) {
  const { data, isPending, isError } = useRecentlyProcessed();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone && data && data.length > 0)
    return (
      <Frame>
        <RecentList docs={data} onOpen={onOpen} />
      </Frame>
    );
  return (
    <Frame>
      {/* Reachable by keyboard: on a narrow screen the table scrolls sideways. */}
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Recently processed documents">
        <Table size="small" aria-labelledby="recent-documents-title" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending && (
              <Message>
                <CircularProgress size={28} aria-label="Loading recently processed documents" />
              </Message>
            )}
            {/* A failed read is logged, not shown (spec 1 §8): the table stays neutral. */}
            {!isPending && (isError || data?.length === 0) && <Message>No processed documents yet</Message>}
            {data?.map((doc) => (
              <TableRow
                key={doc._id}
                hover
                tabIndex={0}
                onClick={() => onOpen(doc)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onOpen(doc);
                  }
                }}
                sx={{ cursor: 'pointer' }}
              >
                {COLUMNS.map((c) => (
                  <TableCell key={c.label} sx={{ whiteSpace: c.label === 'Document ID' ? 'nowrap' : undefined }}>
                    {c.value(doc)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Frame>
  );
}
