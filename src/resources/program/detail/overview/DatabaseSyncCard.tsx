/**
 * Database Sync (spec 2 §2, Overview): what the program's offline database holds for the mobile
 * app (its documents, its size, when it was last built) and a Sync button that builds it from the
 * configuration now, with a progress bar while it runs. The server also builds it a moment after
 * every change; the button is for seeing it done. Shown to a role with can_sync_program; others
 * are told which flag they lack.
 */
import { useState, type ReactNode } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FullProgram } from '../../../../providers/program-calls';
import { syncCalls, type SyncDatabaseSummary } from '../../../../providers/sync-calls';
import { formatDateTime } from '../../../generic/date-time';
import { useProgramAccess } from '../../program-access';
import { programQueryKey } from '../program-query';
import { OverviewCard } from './OverviewCard';
import type { MessageKey } from '../../../../i18n/catalogue';
import { useT, type Translate } from '../../../../i18n/use-t';

/** Below the program's key: refreshing the program (after a lock, say) reads this again too. */
const syncQueryKey = (id: string) => [...programQueryKey(id), 'sync'] as const;

export const DatabaseSyncCard = ({ program }: { program: FullProgram }) => {
  const t = useT();
  const allowed = useProgramAccess(program).can('can_sync_program');
  if (!allowed) {
    return (
      <OverviewCard title={t('app.program.sync.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('app.program.access.cannot_sync_flag', { flag: 'can_sync_program' })}
        </Typography>
      </OverviewCard>
    );
  }
  return <SyncableCard programId={program._id} />;
};

const SyncableCard = ({ programId }: { programId: string }) => {
  const t = useT();
  const notify = useNotify();
  const client = useQueryClient();
  const status = useQuery({ queryKey: syncQueryKey(programId), queryFn: () => syncCalls.programDatabase(programId) });
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      client.setQueryData(syncQueryKey(programId), await syncCalls.syncProgram(programId));
      notify('app.program.sync.done', { type: 'success' });
    } catch {
      notify('app.program.sync.failed', { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };
  const action = (
    <Button variant="outlined" size="small" startIcon={<SyncIcon />} disabled={syncing} onClick={() => void sync()}>
      {t('app.program.sync.sync')}
    </Button>
  );
  return (
    <OverviewCard title={t('app.program.sync.title')} action={action}>
      {syncing ? (
        <Box role="status">
          <LinearProgress aria-label={t('app.program.sync.syncing')} sx={{ mb: 1 }} />
          <Typography variant="body2" color="text.secondary">
            {t('app.program.sync.building')}
          </Typography>
        </Box>
      ) : (
        <SyncSummary summary={status.data} failed={status.isError} />
      )}
    </OverviewCard>
  );
};

const SyncSummary = ({ summary, failed }: { summary?: SyncDatabaseSummary; failed: boolean }) => {
  const t = useT();
  if (failed) return <Line>{t('app.program.sync.read_failed')}</Line>;
  if (!summary) return <LinearProgress aria-label={t('app.program.sync.loading')} />;
  if (!summary.built_at) return <Line>{t('app.program.sync.not_synced')}</Line>;
  return (
    <>
      <Line>{t('app.program.sync.last_synced', { date: formatDateTime(summary.built_at) })}</Line>
      <Line>
        {t('app.program.sync.documents', {
          smart_count: summary.doc_count,
          count: summary.doc_count.toLocaleString(),
          size: formatBytes(t, summary.size),
        })}
      </Line>
    </>
  );
};

const Line = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

const UNITS: MessageKey[] = [
  'app.program.sync.bytes',
  'app.program.sync.kilobytes',
  'app.program.sync.megabytes',
  'app.program.sync.gigabytes',
];

/** 1536 → "1.5 KB". */
function formatBytes(t: Translate, bytes: number): string {
  const units = UNITS;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return t(units[unit]!, { value: unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0) });
}
