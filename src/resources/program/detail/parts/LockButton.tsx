/** Lock / Unlock (spec 2 §4): toggles lockProgram for a role with can_lock_program, then syncs the program; nothing for others. */
import { useState } from 'react';
import { Button, type ButtonProps } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { useNotify } from 'react-admin';
import { programCalls, type FullProgram } from '../../../../providers/program-calls';
import { syncCalls } from '../../../../providers/sync-calls';
import { useProgramAccess } from '../../program-access';
import { useProgramRefresh } from '../program-query';
import { failureMessage } from './failure';
import { useT } from '../../../../i18n/use-t';

export const LockButton = ({ program, color = 'primary' }: { program: FullProgram; color?: ButtonProps['color'] }) => {
  const access = useProgramAccess(program);
  const notify = useNotify();
  const t = useT();
  const refresh = useProgramRefresh(program._id);
  const [busy, setBusy] = useState(false);
  if (!access.can('can_lock_program')) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      const { lockProgram } = await programCalls.toggleProgramLock(program._id);
      notify(lockProgram === 1 ? 'app.program.lock.locked_toast' : 'app.program.lock.unlocked_toast', { type: 'success' });
      // "After a toggle the program is synced": the server does it a moment later anyway; done
      // here too, the Database Sync card shows it at once.
      if (access.can('can_sync_program')) await syncCalls.syncProgram(program._id).catch(() => undefined);
      await refresh();
    } catch (error) {
      notify(failureMessage(error, 'app.program.common.something_wrong'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant={access.locked ? 'outlined' : 'contained'}
      color={color}
      size="small"
      startIcon={access.locked ? <LockOpenIcon /> : <LockIcon />}
      disabled={busy}
      onClick={() => void toggle()}
    >
      {t(access.locked ? 'app.program.lock.unlock' : 'app.program.lock.lock')}
    </Button>
  );
};
