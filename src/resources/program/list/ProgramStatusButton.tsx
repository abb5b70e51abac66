/**
 * Deactivate or Activate one program (spec 2 §4: status true → 'Deactivate', false →
 * 'Activate'), behind a confirmation, through PATCH program/{id} with the status alone. Shown to
 * roles with can_edit_program; disabled, saying why, while the program is locked or its editing
 * window has closed (the server would refuse it).
 */
import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { useT } from '../../../i18n/use-t';
import { programCalls, type ProgramRecord } from '../../../providers/program-calls';
import { useProgramAccess } from '../program-access';
import { editBlockedReason } from '../shared/edit-blocked';
import { confirmQuestion, statusAction } from '../../generic/status-wording';

export const ProgramStatusButton = ({ program }: { program: ProgramRecord }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!access.can('can_edit_program')) return null;

  const active = program.status !== false;
  const text = t(active ? 'app.program.common.deactivate' : 'app.program.common.activate');
  const blocked = editBlockedReason(t, access, program);

  const run = async () => {
    setSaving(true);
    try {
      await programCalls.setProgramStatus(String(program.id), !active);
      notify(active ? 'app.program.list.deactivated' : 'app.program.list.activated', { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'app.program.common.something_wrong', { type: 'error' });
    } finally {
      setSaving(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Tooltip title={blocked ?? ''}>
        <span>
          <Button
            size="small"
            variant="outlined"
            color={active ? 'inherit' : 'secondary'}
            disabled={blocked !== null}
            aria-label={t(active ? 'app.program.common.deactivate_name' : 'app.program.common.activate_name', { name: program.name })}
            onClick={() => setAsking(true)}
          >
            {text}
          </Button>
        </span>
      </Tooltip>
      <Confirm
        isOpen={asking}
        loading={saving}
        title={confirmQuestion(statusAction(active))}
        content={program.name}
        confirm={text}
        cancel={t('ra.action.cancel')}
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
