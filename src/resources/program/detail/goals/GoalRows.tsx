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
import { useT } from '../../../../i18n/use-t';

export interface GoalRowsProps {
  goals: GoalRecord[];
  mayManage: boolean;
  busy: boolean;
  onTogglePin(goal: GoalRecord): void;
  onEdit(goal: GoalRecord): void;
  onRemove(goal: GoalRecord): void;
}

export const GoalRows = (props: GoalRowsProps) => {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return phone ? <GoalList {...props} /> : <GoalTable {...props} />;
};

const GoalTable = ({ goals, mayManage, busy, onTogglePin, onEdit, onRemove }: GoalRowsProps) => {
  const t = useT();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('app.program.tabs.goals')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('resources.goal.fields.name')}</TableCell>
            <TableCell align="right">{t('resources.goal.fields.target')}</TableCell>
            <TableCell align="right">{t('resources.goal.fields.achieve')}</TableCell>
            <TableCell align="right">{t('app.program.goals.percentage')}</TableCell>
            <TableCell align="center">{t('resources.goal.fields.isPinned')}</TableCell>
            <TableCell align="right">{mayManage ? t('app.program.goals.actions') : ''}</TableCell>
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
          {!goals.length && <EmptyRow columns={6} text={t('app.program.common.no_goal')} />}
        </TableBody>
      </Table>
    </TableContainer>
  );
};

const GoalList = ({ goals, mayManage, busy, onTogglePin, onEdit, onRemove }: GoalRowsProps) => {
  const t = useT();
  return goals.length ? (
    <List disablePadding aria-label={t('app.program.tabs.goals')}>
      {goals.map((goal, index) => (
        <Box key={goal._id} component="li" sx={{ listStyle: 'none' }}>
          {index > 0 && <Divider component="div" />}
          <ListItem component="div" sx={{ gap: 1, py: 1.25 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {goal.name}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="div">
                {t('app.program.goals.phone_line', {
                  target: goal.target,
                  achieve: goal.achieve ?? 0,
                  percent: percentText(goal.achieve, goal.target),
                })}
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
      {t('app.program.common.no_goal')}
    </Typography>
  );
};
