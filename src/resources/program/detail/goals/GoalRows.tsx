/**
 * The goals on screen: a table (Goal, Target, Completed, Percentage, pin, actions) on a wide
 * screen; on a phone, one line per goal with its figures under its name and its buttons beside.
 */
import {
  Box,
  Divider,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { GoalRecord } from '../../../../providers/program-calls';
import { EmptyRow } from '../parts/EmptyRow';
import { percentText } from './goal-math';
import { GoalEditRemove, GoalPin } from './GoalButtons';

export interface GoalRowsProps {
  goals: GoalRecord[];
  mayManage: boolean;
  busy: boolean;
  onTogglePin(goal: GoalRecord): void;
  onEdit(goal: GoalRecord): void;
  onRemove(goal: GoalRecord): void;
}

const NO_GOAL = 'No Goal Found';

export const GoalRows = (props: GoalRowsProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <GoalList {...props} /> : <GoalTable {...props} />;
};

const GoalTable = ({ goals, mayManage, busy, onTogglePin, onEdit, onRemove }: GoalRowsProps) => (
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
        {goals.map((goal) => (
          <TableRow key={goal._id} hover>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{goal.name}</TableCell>
            <TableCell align="right">{goal.target}</TableCell>
            <TableCell align="right">{goal.achieve ?? 0}</TableCell>
            <TableCell align="right">{percentText(goal.achieve, goal.target)}</TableCell>
            <TableCell align="center">
              <GoalPin goal={goal} mayManage={mayManage} busy={busy} onToggle={onTogglePin} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {mayManage && <GoalEditRemove goal={goal} onEdit={onEdit} onRemove={onRemove} />}
            </TableCell>
          </TableRow>
        ))}
        {!goals.length && <EmptyRow columns={6} text={NO_GOAL} />}
      </TableBody>
    </Table>
  </TableContainer>
);

const GoalList = ({ goals, mayManage, busy, onTogglePin, onEdit, onRemove }: GoalRowsProps) =>
  goals.length ? (
    <List disablePadding aria-label="Goals">
      {goals.map((goal, index) => (
        <Box key={goal._id} component="li" sx={{ listStyle: 'none' }}>
          {index > 0 && <Divider component="div" />}
          <ListItem component="div" sx={{ gap: 1, py: 1.25 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {goal.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {`Target ${goal.target} · Completed ${goal.achieve ?? 0} · ${percentText(goal.achieve, goal.target)}`}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ alignItems: 'center' }}>
              <GoalPin goal={goal} mayManage={mayManage} busy={busy} onToggle={onTogglePin} />
              {mayManage && <GoalEditRemove goal={goal} onEdit={onEdit} onRemove={onRemove} />}
            </Stack>
          </ListItem>
        </Box>
      ))}
    </List>
  ) : (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      {NO_GOAL}
    </Typography>
  );
