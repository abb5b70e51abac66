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
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/use-t';

const COLUMNS: Array<{ label: MessageKey; value: (doc: DocumentSummary, t: Translate) => string }> = [
  { label: 'app.documents.columns.program', value: (d) => d.program_name },
  { label: 'app.documents.columns.module', value: (d, t) => moduleLabel(t, d.module) },
  { label: 'app.documents.columns.document_type', value: (d) => d.type_name },
  { label: 'app.documents.columns.document_id', value: (d) => d._id },
  { label: 'app.documents.columns.created_by', value: submitterName },
  { label: 'app.documents.columns.dated', value: (d) => formatDate(d.createdAt) },
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
  const t = useT();
  return (
    <List aria-labelledby="recent-documents-title" disablePadding>
      {docs.map((doc) => (
        // Each entry an <li>, the button inside it: a list holds list items only.
        <ListItem key={doc._id} disablePadding divider>
          <ListItemButton onClick={() => onOpen(doc)} sx={{ display: 'block' }}>
            <ListItemText
              primary={`${doc.type_name} · ${moduleLabel(t, doc.module)}`}
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
  const t = useT();
  return (
    <Card component="section" aria-labelledby="recent-documents-title">
      <CardContent sx={{ pb: 0 }}>
        <Typography id="recent-documents-title" variant="h6" component="h2">
          {t('app.documents.dashboard.recent_title')}
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
  const t = useT();
  if (phone && data && data.length > 0)
    return (
      <Frame>
        <RecentList docs={data} onOpen={onOpen} />
      </Frame>
    );
  return (
    <Frame>
      {/* Reachable by keyboard: on a narrow screen the table scrolls sideways. */}
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('app.documents.dashboard.recent_region')}>
        <Table size="small" aria-labelledby="recent-documents-title" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((c) => (
                <TableCell key={c.label} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {t(c.label)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending && (
              <Message>
                <CircularProgress size={28} aria-label={t('app.documents.dashboard.loading_recent')} />
              </Message>
            )}
            {/* A failed read is logged, not shown (spec 1 §8): the table stays neutral. */}
            {!isPending && (isError || data?.length === 0) && <Message>{t('app.documents.dashboard.no_recent')}</Message>}
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
                  <TableCell key={c.label} sx={{ whiteSpace: c.label === 'app.documents.columns.document_id' ? 'nowrap' : undefined }}>
                    {c.value(doc, t)}
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
