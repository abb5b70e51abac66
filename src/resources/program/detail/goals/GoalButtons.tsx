/** A goal's pin (a toggle for a role that may change goals, else just the pin it has), edit and remove. */
import { IconButton, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import type { GoalRecord } from '../../../../providers/program-calls';
import { useT } from '../../../../i18n/use-t';

interface PinProps {
  goal: GoalRecord;
  mayManage: boolean;
  busy: boolean;
  onToggle(goal: GoalRecord): void;
}

export const GoalPin = ({ goal, mayManage, busy, onToggle }: PinProps) => {
  const t = useT();
  if (!mayManage)
    return goal.isPinned ? <PushPinIcon fontSize="small" color="primary" titleAccess={t('resources.goal.fields.isPinned')} /> : null;
  return (
    <Tooltip title={t(goal.isPinned ? 'app.program.goals.unpin' : 'app.program.goals.pin')}>
      <span>
        <IconButton
          size="small"
          color={goal.isPinned ? 'primary' : 'default'}
          aria-label={t(goal.isPinned ? 'app.program.goals.unpin_name' : 'app.program.goals.pin_name', { name: goal.name })}
          aria-pressed={goal.isPinned === true}
          disabled={busy}
          onClick={() => onToggle(goal)}
        >
          {goal.isPinned ? <PushPinIcon fontSize="small" /> : <PushPinOutlinedIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
};

interface EditRemoveProps {
  goal: GoalRecord;
  onEdit(goal: GoalRecord): void;
  onRemove(goal: GoalRecord): void;
}

export const GoalEditRemove = ({ goal, onEdit, onRemove }: EditRemoveProps) => {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <IconButton size="small" aria-label={t('app.program.common.edit_name', { name: goal.name })} onClick={() => onEdit(goal)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        color="error"
        aria-label={t('app.program.common.remove_name', { name: goal.name })}
        onClick={() => onRemove(goal)}
      >
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
};
