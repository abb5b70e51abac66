/**
 * One export in the downloads list: what it exports, its progress (rows done of rows total, in
 * percent), its status, and what can be done with it — Cancel while queued or running, Download
 * once done; 'Expired' once its file is gone.
 */
import { useEffect, useRef } from 'react';
import { Box, Button, LinearProgress, ListItem, Typography } from '@mui/material';
import type { ExportJob } from '@model/generated';
import { formatCount } from './explorer-texts';
import { isActive, useCancelExport, useDownloadExport } from './use-exports';
import { moduleLabel } from '../document-format';
import type { MessageKey } from '../../i18n/catalogue';
import { useT, type Translate } from '../../i18n/use-t';

const STATUS: Record<ExportJob['status'], MessageKey> = {
  queued: 'app.documents.exports.status.queued',
  running: 'app.documents.exports.status.running',
  done: 'app.documents.exports.status.done',
  failed: 'app.documents.exports.status.failed',
  cancelled: 'app.documents.exports.status.cancelled',
  expired: 'app.documents.exports.status.expired',
};

const when = (iso: string) =>
  new Date(iso)
    .toLocaleString('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })
    .replace(',', '');

export const exportName = (t: Translate, job: ExportJob) =>
  job.document_id
    ? t('app.documents.exports.of_document', { program: job.program_name, id: job.document_id })
    : `${job.program_name} · ${job.type_name ?? moduleLabel(t, job.module)}`;

export function exportPercent(job: Pick<ExportJob, 'status' | 'rows_done' | 'rows_total'>): number {
  if (job.status === 'done') return 100;
  if (!job.rows_total) return 0;
  return Math.min(100, Math.floor((job.rows_done / job.rows_total) * 100));
}

const progressText = (t: Translate, job: ExportJob) =>
  t('app.documents.exports.progress', {
    done: formatCount(job.rows_done),
    total: formatCount(job.rows_total),
    percent: exportPercent(job),
  });

export const ExportRow = ({ job, highlighted }: { job: ExportJob; highlighted: boolean }) => {
  const t = useT();
  const cancel = useCancelExport();
  const download = useDownloadExport();
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) row.current?.scrollIntoView?.({ block: 'center' });
  }, [highlighted]);
  const percent = exportPercent(job);
  return (
    <ListItem
      ref={row}
      divider
      aria-current={highlighted ? 'true' : undefined}
      aria-label={exportName(t, job)}
      sx={{
        display: 'block',
        py: 1.5,
        ...(highlighted && { bgcolor: 'action.selected', borderLeft: 4, borderColor: 'secondary.main' }),
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0, flex: '1 1 220px' }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{exportName(t, job)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {`${when(job.createdAt)} · ${t(STATUS[job.status])}`}
            {job.status === 'failed' && job.error ? ` · ${job.error}` : ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {isActive(job) && (
            <Button size="small" color="inherit" variant="outlined" onClick={() => cancel.mutate(job._id)} loading={cancel.isPending}>
              {t('ra.action.cancel')}
            </Button>
          )}
          {job.status === 'done' && (
            <Button size="small" variant="contained" color="secondary" onClick={() => download.mutate(job)} loading={download.isPending}>
              {t('app.documents.exports.download')}
            </Button>
          )}
          {job.status === 'expired' && (
            <Typography variant="body2" color="text.secondary">
              {t('app.documents.exports.status.expired')}
            </Typography>
          )}
        </Box>
      </Box>
      {job.status !== 'expired' && job.status !== 'cancelled' && job.status !== 'failed' && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, mt: 1 }}>
          <LinearProgress
            variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
            value={percent}
            color={job.status === 'done' ? 'success' : 'secondary'}
            aria-label={t('app.documents.exports.progress_label', { progress: progressText(t, job) })}
            sx={{ flex: '1 1 200px', height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {progressText(t, job)}
          </Typography>
        </Box>
      )}
    </ListItem>
  );
};
