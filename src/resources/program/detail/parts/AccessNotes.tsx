/**
 * Why buttons are missing: a locked program says so (with Unlock for a role that may), and a
 * program past its editing window says when editing closed, to roles that could otherwise edit.
 */
import { Alert } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import type { FullProgram } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { LockButton } from './LockButton';
import { useT } from '../../../../i18n/use-t';

const PROGRAM_WRITE_FLAGS = ['can_edit_program', 'can_manage_program_team', 'can_manage_program_types'];

export const AccessNotes = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  if (access.locked)
    return (
      <Alert severity="warning" icon={<LockIcon />} sx={{ mt: 2 }} action={<LockButton program={program} color="inherit" />}>
        {t('app.program.access.locked')}
      </Alert>
    );
  if (!access.editable && PROGRAM_WRITE_FLAGS.some((flag) => access.can(flag))) {
    // When editing closed (the server's wording, model/programs/editing-window.ts), and what is still open.
    const days = program.no_of_days_for_edit_program ?? 0;
    return (
      <Alert severity="info" sx={{ mt: 2 }}>
        {days === 0 ? t('app.program.access.closed_at_creation_note') : t('app.program.access.closed_after_note', { smart_count: days })}
      </Alert>
    );
  }
  return null;
};
