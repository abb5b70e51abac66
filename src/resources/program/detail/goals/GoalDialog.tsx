/**
 * Add or edit a goal: a type (the program's attached types, grouped by kind; a type that already
 * has a goal cannot take a second) and a target (a whole number, at least 1). The form needs both
 * (spec 2 §5). A refusal keeps the form open with the server's reason.
 */
import { DialogForm } from '../parts/DialogForm';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, CircularProgress, Dialog, ListSubheader, MenuItem, TextField } from '@mui/material';
import { DOCUMENT_TYPES, programCalls, type DocumentType, type FullProgram, type GoalRecord } from '../../../../providers/program-calls';
import { errorFields } from '../../../../providers/http-client';
import { programQueryKey } from '../program-query';
import { failureMessage } from '../parts/failure';
import { useProgramAction } from '../parts/use-program-action';
import { KIND_LABELS } from './goal-kinds';
import { useT, type Translate } from '../../../../i18n/use-t';

export type GoalDialogState = { mode: 'create' } | { mode: 'edit'; goal: GoalRecord } | null;

interface GoalDialogProps {
  program: FullProgram;
  state: GoalDialogState;
  onClose(): void;
}

export const GoalDialog = ({ program, state, onClose }: GoalDialogProps) => (
  <Dialog open={state !== null} onClose={onClose} fullWidth maxWidth="xs">
    {state && <GoalForm key={state.mode === 'edit' ? state.goal._id : 'new'} program={program} state={state} onClose={onClose} />}
  </Dialog>
);

/** A type choice as the select holds it: kind and id in one value. */
const choice = (kind: string, id: string) => `${kind}:${id}`;

interface Problems {
  type?: string;
  target?: string;
  form?: string;
}

function checkTarget(t: Translate, text: string): string | undefined {
  if (!text.trim()) return t('app.program.goals.target_required');
  const value = Number(text);
  if (!Number.isInteger(value)) return t('app.program.goals.target_whole');
  if (value < 1) return t('app.program.goals.target_min');
  return undefined;
}

const GoalForm = ({ program, state, onClose }: { program: FullProgram; state: Exclude<GoalDialogState, null>; onClose(): void }) => {
  const t = useT();
  const editing = state.mode === 'edit' ? state.goal : undefined;
  const options = useQuery({
    queryKey: [...programQueryKey(program._id), 'goal-options'],
    queryFn: () => programCalls.getGoalOptions(program._id),
  });
  const [type, setType] = useState(editing ? choice(editing.document_type, editing.goal_type) : '');
  const [target, setTarget] = useState(editing ? String(editing.target) : '');
  const [problems, setProblems] = useState<Problems>({});
  const action = useProgramAction(program._id);
  const taken = new Set(program.goals.filter((g) => g._id !== editing?._id).map((g) => choice(g.document_type, g.goal_type)));
  const kinds = DOCUMENT_TYPES.filter((kind) => options.data?.types[kind]?.length);
  const allTaken = kinds.every((kind) => options.data!.types[kind].every((option) => taken.has(choice(kind, option._id))));

  const save = async () => {
    const found: Problems = { type: type ? undefined : t('app.program.goals.select_type'), target: checkTarget(t, target) };
    setProblems(found);
    if (found.type || found.target) return;
    const [kind, goalType] = type.split(':') as [DocumentType, string];
    const outcome = editing
      ? await action.run(
          () =>
            programCalls.updateGoal(editing._id, {
              target: Number(target),
              ...(type !== choice(editing.document_type, editing.goal_type) && { document_type: kind, goal_type: goalType }),
            }),
          { success: 'app.program.goals.edited', failure: 'app.program.goals.edit_failed' },
        )
      : await action.run(
          () => programCalls.createGoal({ program_id: program._id, document_type: kind, goal_type: goalType, target: Number(target) }),
          { success: 'app.program.goals.added', failure: 'app.program.goals.add_failed' },
        );
    if (outcome.ok) return onClose();
    const fields = errorFields(outcome.error);
    setProblems({
      type: fields.goal_type ?? fields.document_type,
      target: fields.target,
      form: failureMessage(outcome.error, t('app.program.common.something_wrong')),
    });
  };

  return (
    <DialogForm
      title={t(editing ? 'app.program.goals.edit' : 'app.program.goals.add')}
      error={problems.form}
      submitLabel={t(editing ? 'ra.action.save' : 'app.program.goals.add')}
      submitDisabled={action.busy || kinds.length === 0}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {options.isPending ? (
        <CircularProgress size={24} aria-label={t('app.program.goals.loading_types')} sx={{ alignSelf: 'center' }} />
      ) : options.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void options.refetch()}>
              {t('app.program.common.retry')}
            </Button>
          }
        >
          {failureMessage(options.error, t('app.program.common.something_wrong'))}
        </Alert>
      ) : kinds.length === 0 ? (
        <Alert severity="info">{t('app.program.goals.no_types')}</Alert>
      ) : (
        <TextField
          select
          required
          label={t('resources.goal.fields.goal_type')}
          value={type}
          onChange={(event) => setType(event.target.value)}
          error={Boolean(problems.type)}
          helperText={problems.type}
        >
          {kinds.flatMap((kind) => [
            <ListSubheader key={kind}>{t(KIND_LABELS[kind])}</ListSubheader>,
            ...options.data!.types[kind].map((option) => (
              <MenuItem key={option._id} value={choice(kind, option._id)} disabled={taken.has(choice(kind, option._id))}>
                {taken.has(choice(kind, option._id)) ? t('app.program.goals.has_goal', { name: option.name }) : option.name}
              </MenuItem>
            )),
          ])}
        </TextField>
      )}
      {!editing && kinds.length > 0 && allTaken && <Alert severity="info">{t('app.program.goals.all_taken')}</Alert>}
      <TextField
        required
        label={t('resources.goal.fields.target')}
        type="number"
        value={target}
        onChange={(event) => setTarget(event.target.value)}
        error={Boolean(problems.target)}
        helperText={problems.target}
        slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
      />
    </DialogForm>
  );
};
