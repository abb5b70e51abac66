/**
 * Lock / Unlock Program: whether the program takes changes, and the toggle for a role with
 * can_lock_program; a role without it is told which flag it lacks.
 */
import { Typography } from '@mui/material';
import { missingFlag } from '../../shared/edit-blocked';
import { useProgramAccess } from '../../program-access';
import type { FullProgram } from '../../../../providers/program-calls';
import { LockButton } from '../parts/LockButton';
import { OverviewCard } from './OverviewCard';

export const LockCard = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  return (
    <OverviewCard title="Program Lock" action={<LockButton program={program} />}>
      <Typography variant="body2" color="text.secondary">
        {program.lockProgram === 1
          ? 'Locked: nothing in this program can be changed until it is unlocked.'
          : 'Unlocked: the program, its goals, team and notifications can be changed. Lock it to freeze them.'}
      </Typography>
      {!access.can('can_lock_program') && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
          {missingFlag('lock programs', 'can_lock_program')}
        </Typography>
      )}
    </OverviewCard>
  );
};
