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
import { missingFlag } from '../../shared/edit-blocked';
import { useProgramAccess } from '../../program-access';
import { programQueryKey } from '../program-query';
import { OverviewCard } from './OverviewCard';

/** Below the program's key: refreshing the program (after a lock, say) reads this again too. */
const syncQueryKey = (id: string) => [...programQueryKey(id), 'sync'] as const;

export const DatabaseSyncCard = ({ program }: { program: FullProgram }) => {
  const allowed = useProgramAccess(program).can('can_sync_program');
  if (!allowed) {
    return (
      <OverviewCard title="Database Sync">
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {missingFlag('sync programs', 'can_sync_program')}
        </Typography>
      </OverviewCard>
    );
  }
  return <SyncableCard programId={program._id} />;
};

const SyncableCard = ({ programId }: { programId: string }) => {
  const notify = useNotify();
  const client = useQueryClient();
  const status = useQuery({ queryKey: syncQueryKey(programId), queryFn: () => syncCalls.programDatabase(programId) });
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      client.setQueryData(syncQueryKey(programId), await syncCalls.syncProgram(programId));
      notify('Sync To Database Successfully', { type: 'success' });
    } catch {
      notify('Error in Sync to Database', { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };
  const action = (
    <Button variant="outlined" size="small" startIcon={<SyncIcon />} disabled={syncing} onClick={() => void sync()}>
      Sync
    </Button>
  );
  return (
    <OverviewCard title="Database Sync" action={action}>
      {syncing ? (
        <Box role="status">
          <LinearProgress aria-label="Syncing the offline database" sx={{ mb: 1 }} />
          <Typography variant="body2" color="text.secondary">
            Building the offline database from the program's configuration…
          </Typography>
        </Box>
      ) : (
        <SyncSummary summary={status.data} failed={status.isError} />
      )}
    </OverviewCard>
  );
};

const SyncSummary = ({ summary, failed }: { summary?: SyncDatabaseSummary; failed: boolean }) => {
  if (failed) return <Line>The offline database could not be read. Try Sync.</Line>;
  if (!summary) return <LinearProgress aria-label="Loading the offline database" />;
  if (!summary.built_at) return <Line>Not synced yet: the mobile app gets this program once it is synced.</Line>;
  return (
    <>
      <Line>Last synced {formatDateTime(summary.built_at)}</Line>
      <Line>
        {summary.doc_count.toLocaleString()} {summary.doc_count === 1 ? 'document' : 'documents'} · {formatBytes(summary.size)} for a phone
        to download
      </Line>
    </>
  );
};

const Line = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary">
    {children}
  </Typography>
);

/** 1536 → "1.5 KB". */
function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
