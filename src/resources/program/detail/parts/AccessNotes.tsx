/**
 * Why buttons are missing: a locked program says so (with Unlock for a role that may), and a
 * program past its editing window says when editing closed, to roles that could otherwise edit.
 */
import { Alert } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { editingWindowClosedMessage } from '@model/programs/editing-window';
import type { FullProgram } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { LockButton } from './LockButton';

const PROGRAM_WRITE_FLAGS = ['can_edit_program', 'can_manage_program_team', 'can_manage_program_types'];

export const AccessNotes = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  if (access.locked)
    return (
      <Alert severity="warning" icon={<LockIcon />} sx={{ mt: 2 }} action={<LockButton program={program} color="inherit" />}>
        This program is locked. Unlock it to make changes.
      </Alert>
    );
  if (!access.editable && PROGRAM_WRITE_FLAGS.some((flag) => access.can(flag)))
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {`${editingWindowClosedMessage(program.no_of_days_for_edit_program ?? 0)}. Goals and notifications can still be changed.`}
      </Alert>
    );
  return null;
};
