/**
 * Goals (spec 2 §2, §3): Goal, Target, Completed and Percentage (achieved × 100 / target), pin,
 * edit and remove, and a goal form; 5, 10, 25 or All a page, 'No Goal Found' when there are none.
 * Goals are not program edits: only the lock (and can_manage_program_goals) stops them.
 */
import { useState } from 'react';
import {
  Button,
  Card,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { programCalls, type FullProgram, type GoalRecord } from '../../../../providers/program-calls';
import { useProgramAccess } from '../../program-access';
import { DetailPager } from '../parts/DetailPager';
import { usePaged } from '../parts/paging';
import { EmptyRow } from '../parts/EmptyRow';
import { ConfirmRemove } from '../parts/ConfirmRemove';
import { TabHeading } from '../parts/TabHeading';
import { useProgramAction } from '../parts/use-program-action';
import { percentText } from './goal-math';
import { GoalDialog, type GoalDialogState } from './GoalDialog';

const COLUMNS = 6;

export const GoalsTab = ({ program }: { program: FullProgram }) => {
  const access = useProgramAccess(program);
  const mayManage = access.can('can_manage_program_goals') && !access.locked;
  const paged = usePaged(program.goals);
  const [dialog, setDialog] = useState<GoalDialogState>(null);
  const [removing, setRemoving] = useState<GoalRecord | null>(null);
  const action = useProgramAction(program._id);

  const togglePin = (goal: GoalRecord) =>
    action.run(() => programCalls.updateGoal(goal._id, { isPinned: !goal.isPinned }), {
      success: 'Edited Goal Successfully',
      failure: 'Error in Edit Goal',
    });
  const remove = async (goal: GoalRecord) => {
    await action.run(() => programCalls.deleteGoal(goal._id), { success: 'Removed Goal Successfully', failure: 'Error in Removing Goal' });
    setRemoving(null);
  };

  return (
    <>
      <TabHeading
        title="Goals"
        action={
          mayManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
              Add Goal
            </Button>
          )
        }
      />
      <Card variant="outlined">
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Goals">
            <TableHead>
              <TableRow>
                <TableCell>Goal</TableCell>
                <TableCell align="right">Target</TableCell>
                <TableCell align="right">Completed</TableCell>
                <TableCell align="right">Percentage</TableCell>
                <TableCell align="center">Pinned</TableCell>
                <TableCell align="right">{mayManage ? 'Actions' : ''}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {paged.rows.map((goal) => (
                <TableRow key={goal._id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{goal.name}</TableCell>
                  <TableCell align="right">{goal.target}</TableCell>
                  <TableCell align="right">{goal.achieve ?? 0}</TableCell>
                  <TableCell align="right">{percentText(goal.achieve, goal.target)}</TableCell>
                  <TableCell align="center">
                    {mayManage ? (
                      <Tooltip title={goal.isPinned ? 'Unpin from the overview' : 'Pin to the overview'}>
                        <span>
                          <IconButton
                            size="small"
                            color={goal.isPinned ? 'primary' : 'default'}
                            aria-label={`${goal.isPinned ? 'Unpin' : 'Pin'} ${goal.name}`}
                            aria-pressed={goal.isPinned === true}
                            disabled={action.busy}
                            onClick={() => void togglePin(goal)}
                          >
                            {goal.isPinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
                          </IconButton>
                        </span>
                      </Tooltip>
                    ) : goal.isPinned ? (
                      <PushPinIcon fontSize="small" color="primary" titleAccess="Pinned" />
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {mayManage && (
                      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                        <IconButton size="small" aria-label={`Edit ${goal.name}`} onClick={() => setDialog({ mode: 'edit', goal })}>
                          <EditIcon fontSize="small" />
                        </IconButton>
                        <IconButton size="small" color="error" aria-label={`Remove ${goal.name}`} onClick={() => setRemoving(goal)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              ))}
              {!paged.count && <EmptyRow columns={COLUMNS} text="No Goal Found" />}
            </TableBody>
          </Table>
        </TableContainer>
        <DetailPager paged={paged} label="Goals per page" withAll />
      </Card>
      {program.goals.some((goal) => goal.achieve_counted === false) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Completed counts start once documents arrive
        </Typography>
      )}
      <GoalDialog program={program} state={dialog} onClose={() => setDialog(null)} />
      <ConfirmRemove
        open={removing !== null}
        title="Remove Goal"
        content={removing ? `The goal of ${removing.target} for ${removing.name} will be removed.` : ''}
        busy={action.busy}
        onConfirm={() => removing && void remove(removing)}
        onClose={() => setRemoving(null)}
      />
    </>
  );
};
