/**
 * Deactivate or Activate one program (spec 2 §4: status true → 'Deactivate', false →
 * 'Activate'), behind a confirmation, through PATCH program/{id} with the status alone. Shown to
 * roles with can_edit_program; disabled, saying why, while the program is locked or its editing
 * window has closed (the server would refuse it).
 */
import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { Confirm, useNotify, useRefresh } from 'react-admin';
import { programCalls, type ProgramRecord } from '../../../providers/program-calls';
import { confirmQuestion, doneMessage, statusAction } from '../../generic/status-wording';
import { useProgramAccess } from '../program-access';
import { editBlockedReason } from '../shared/edit-blocked';

export const ProgramStatusButton = ({ program }: { program: ProgramRecord }) => {
  const access = useProgramAccess(program);
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!access.can('can_edit_program')) return null;

  const active = program.status !== false;
  const action = statusAction(active);
  const text = active ? 'Deactivate' : 'Activate';
  const blocked = editBlockedReason(access, program);

  const run = async () => {
    setSaving(true);
    try {
      await programCalls.setProgramStatus(String(program.id), !active);
      notify(doneMessage('Program', action), { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message || 'Something went wrong', { type: 'error' });
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
            aria-label={`${text} ${program.name}`}
            onClick={() => setAsking(true)}
          >
            {text}
          </Button>
        </span>
      </Tooltip>
      <Confirm
        isOpen={asking}
        loading={saving}
        title={confirmQuestion(action)}
        content={program.name}
        confirm={text}
        cancel="Cancel"
        onConfirm={run}
        onClose={() => setAsking(false)}
      />
    </>
  );
};
