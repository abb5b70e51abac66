/**
 * 'Downloads': my exports, newest first, each with its progress and what can be done with it.
 * It reads itself again while any export runs, so the person can keep querying meanwhile. The
 * e-mail's link (/data-explorer?export=<id>) highlights that export and offers its download,
 * also when it is older than the newest listed.
 */
import { Alert, List, Paper, Typography } from '@mui/material';
import type { ExportJob } from '@model/generated';
import { useT } from '../../i18n/use-t';
import { ExportRow } from './ExportRow';
import { useExports, useNamedExport } from './use-exports';

export const DownloadsPanel = ({ highlight }: { highlight: string | null }) => {
  const t = useT();
  const exports = useExports();
  const named = useNamedExport(highlight);
  const listed = exports.data ?? [];
  const jobs: ExportJob[] = named.data && !listed.some((j) => j._id === named.data._id) ? [named.data, ...listed] : listed;
  // A job read on its own is fresher than the list's copy while both poll.
  const shown = jobs.map((j) => (named.data && j._id === named.data._id && named.dataUpdatedAt > exports.dataUpdatedAt ? named.data : j));
  if (!shown.length && !named.error && !exports.error) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={t('app.documents.exports.downloads')}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 1.5 }}>
        {t('app.documents.exports.downloads')}
      </Typography>
      {named.error && (
        <Alert severity="warning" sx={{ mx: 2, mt: 1 }}>
          {named.error.message}
        </Alert>
      )}
      {exports.error && (
        <Alert severity="error" sx={{ mx: 2, mt: 1 }}>
          {exports.error.message}
        </Alert>
      )}
      <List>
        {shown.map((job) => (
          <ExportRow key={job._id} job={job} highlighted={job._id === highlight} />
        ))}
      </List>
    </Paper>
  );
};
