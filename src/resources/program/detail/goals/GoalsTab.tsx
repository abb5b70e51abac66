/**
 * Goals (spec 2 §2, §3): Goal, Target, Completed and Percentage (achieved × 100 / target), pin,
 * edit and remove, and a goal form; 5, 10, 25 or All a page, 'No Goal Found' when there are none.
 * Goals are not program edits: only the lock (and can_manage_program_goals) stops them.
 */
import { useState } from 'react';
import { Button, Card, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { programCalls, type FullProgram, type GoalRecord } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { DetailPager } from '../parts/DetailPager';
import { usePaged } from '../parts/paging';
import { ConfirmRemove } from '../parts/ConfirmRemove';
import { TabHeading } from '../parts/TabHeading';
import { useProgramAction } from '../parts/use-program-action';
import { GoalRows } from './GoalRows';
import { GoalDialog, type GoalDialogState } from './GoalDialog';
import { useT } from '../../../../i18n/use-t';

export const GoalsTab = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const t = useT();
  const mayManage = access.can('can_manage_program_goals') && !access.locked;
  const paged = usePaged(program.goals);
  const [dialog, setDialog] = useState<GoalDialogState>(null);
  const [removing, setRemoving] = useState<GoalRecord | null>(null);
  const action = useProgramAction(program._id);

  const togglePin = (goal: GoalRecord) =>
    action.run(() => programCalls.updateGoal(goal._id, { isPinned: !goal.isPinned }), {
      success: 'app.program.goals.edited',
      failure: 'app.program.goals.edit_failed',
    });
  const remove = async (goal: GoalRecord) => {
    await action.run(() => programCalls.deleteGoal(goal._id), {
      success: 'app.program.goals.removed',
      failure: 'app.program.goals.remove_failed',
    });
    setRemoving(null);
  };

  return (
    <>
      <TabHeading
        title={t('app.program.tabs.goals')}
        action={
          mayManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              {t('app.program.goals.add')}
            </Button>
          )
        }
      />
      <Card variant="outlined">
        <GoalRows
          goals={paged.rows}
          mayManage={mayManage}
          busy={action.busy}
          onTogglePin={(goal) => void togglePin(goal)}
          onEdit={(goal) => setDialog({ mode: 'edit', goal })}
          onRemove={setRemoving}
        />
        <DetailPager paged={paged} label={t('app.program.goals.per_page')} withAll />
      </Card>
      {program.goals.some((goal) => goal.achieve_counted === false) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('app.program.common.not_counted')}
        </Typography>
      )}
      <GoalDialog program={program} state={dialog} onClose={() => setDialog(null)} />
      <ConfirmRemove
        open={removing !== null}
        title={t('app.program.goals.remove_title')}
        content={removing ? t('app.program.goals.remove_content', { target: removing.target, name: removing.name }) : ''}
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
