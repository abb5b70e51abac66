/**
 * The Audit log's CSV export: a button that exports the list as it is filtered now (through the
 * export jobs), and the one export being followed — asked for here, or named by the e-mail's
 * link (`/audit?export=<id>`) — with its progress, then its Download button.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, LinearProgress } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { AuditLogExport } from '@model/generated';
import { saveFile } from '../shared/save-file';
import { EXPORT_POLL_MS, isActive } from '../documents/explorer/use-exports';
import { exportPercent } from '../documents/explorer/ExportRow';
import { formatCount } from '../documents/explorer/explorer-texts';
import { auditExportCalls, type AuditFilter } from './audit-calls';
import { useT } from '../i18n/use-t';

/** A count of changes, for the plural's choice and as written (thousands separated). */
const changes = (n: number) => ({ smart_count: n, count: formatCount(n) });

/** The export followed on this page: the one the address names, until another is asked for. */
export function useAuditExport() {
  const [params] = useSearchParams();
  const [started, setStarted] = useState<string | null>(null);
  const id = started ?? params.get('export');
  const query = useQuery({
    queryKey: ['audit', 'export', id],
    queryFn: () => auditExportCalls.get(id!),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data) ? EXPORT_POLL_MS : false),
  });
  return { job: query.data, failed: query.error, follow: setStarted };
}

export function ExportButton({ filter, job, onStarted }: { filter: AuditFilter; job?: AuditLogExport; onStarted: (id: string) => void }) {
  const notify = useNotify();
  const t = useT();
  const start = useMutation({
    mutationFn: () => auditExportCalls.start(filter),
    onSuccess: (started) => onStarted(started._id),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      variant="outlined"
      color="secondary"
      startIcon={<DownloadIcon />}
      onClick={() => start.mutate()}
      loading={start.isPending}
      disabled={job !== undefined && isActive(job)}
    >
      {t('app.audit.export.button')}
    </Button>
  );
}

export function ExportStatus({ job, failed }: { job?: AuditLogExport; failed: Error | null }) {
  const notify = useNotify();
  const t = useT();
  const download = useMutation({
    mutationFn: async (ready: AuditLogExport) => saveFile(await auditExportCalls.download(ready._id), ready.file_name ?? 'audit-log.csv'),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  if (failed) return <Alert severity="warning">{t('app.audit.export.missing')}</Alert>;
  if (!job) return null;
  if (isActive(job)) {
    const percent = exportPercent(job);
    return (
      <Alert severity="info" icon={false} aria-live="polite">
        <Box sx={{ mb: 1 }}>{t('app.audit.export.running', changes(job.rows_total))}</Box>
        <LinearProgress
          variant={job.status === 'queued' ? 'indeterminate' : 'determinate'}
          value={percent}
          color="secondary"
          aria-label={t('app.audit.export.progress', { percent })}
          sx={{ height: 8, borderRadius: 4 }}
        />
      </Alert>
    );
  }
  if (job.status === 'done')
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={() => download.mutate(job)} loading={download.isPending}>
            {t('app.audit.export.download')}
          </Button>
        }
      >
        {t('app.audit.export.ready', { file: job.file_name ?? 'audit-log.csv', ...changes(job.rows_done) })}
      </Alert>
    );
  if (job.status === 'expired') return <Alert severity="warning">{t('app.audit.export.expired')}</Alert>;
  return <Alert severity="error">{job.error ?? t('app.audit.export.failed')}</Alert>;
}
