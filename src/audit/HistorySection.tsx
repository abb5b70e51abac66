/**
 * A record page's History: its own changes, under the record's read flag (the server checks it
 * too). One section for every record page — the generic ones, the user profile, the form editor —
 * so a new entity has its history with nothing to add.
 */
import { Paper, Typography } from '@mui/material';
import { useCanAccess } from 'react-admin';
import { resourceEntry, type ResourceName } from '@model/schema-registry';
import { HistoryPanel } from './HistoryPanel';
import { useT } from '../i18n/use-t';

export function HistorySection({ resource, id }: { resource: ResourceName; id: string }) {
  const t = useT();
  const { canAccess = false } = useCanAccess({ resource, action: 'show' });
  if (!canAccess || !id) return null;
  const entry = resourceEntry(resource);
  const headingId = `history-${resource}`;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, mt: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('app.audit.history.title')}
      </Typography>
      <HistoryPanel server={entry.server} path={`${entry.path}/${encodeURIComponent(id)}`} />
    </Paper>
  );
}
