/**
 * Lock / Unlock Program: whether the program takes changes, and the toggle for a role with
 * can_lock_program; a role without it is told which flag it lacks.
 */
import { Typography } from '@mui/material';
import { useProgramAccess } from '../../program-access';
import type { FullProgram } from '../../../../providers/program-calls';
import { LockButton } from '../parts/LockButton';
import { OverviewCard } from './OverviewCard';
import { useT } from '../../../../i18n/use-t';

export const LockCard = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const mayLock = access.can('can_lock_program');
  return (
    <OverviewCard title={t('app.program.lock.title')} action={<LockButton program={program} />}>
      <Typography variant="body2" color="text.secondary">
        {program.lockProgram === 1 ? t('app.program.lock.locked_text') : t('app.program.lock.unlocked_text')}
      </Typography>
      {!mayLock && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
          {t('app.program.access.cannot_lock_flag', { flag: 'can_lock_program' })}
        </Typography>
      )}
    </OverviewCard>
  );
};
