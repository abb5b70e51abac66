/**
 * Add a team member: an active user not already on the program, optionally as a program head
 * (not the built-in admin account). The form needs a user (spec 2 §5).
 */
import { DialogForm } from '../parts/DialogForm';
import { useState } from 'react';
import { Alert, Autocomplete, Checkbox, Dialog, FormControlLabel, FormHelperText, TextField } from '@mui/material';
import { programCalls, type FullProgram } from '../../../../providers/program-calls';
import { failureMessage } from '../parts/failure';
import { useProgramAction } from '../parts/use-program-action';
import { teamRows } from './team-rows';
import type { UserOption } from './use-active-users';
import { useT } from '../../../../i18n/use-t';

interface AddMemberDialogProps {
  program: FullProgram;
  open: boolean;
  users: UserOption[] | undefined;
  usersError: unknown;
  usersLoading: boolean;
  onClose(): void;
}

export const AddMemberDialog = (props: AddMemberDialogProps) => (
  <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="sm">
    {props.open && <AddMemberForm {...props} />}
  </Dialog>
);

const userLabel = (user: UserOption) => `${user.first_name} ${user.last_name}`.trim();

const AddMemberForm = ({ program, users, usersError, usersLoading, onClose }: AddMemberDialogProps) => {
  const t = useT();
  const onTeam = new Set(teamRows(program).map((row) => row.member._id));
  const choices = (users ?? []).filter((user) => !onTeam.has(user._id));
  const [user, setUser] = useState<UserOption | null>(null);
  const [head, setHead] = useState(false);
  const [problem, setProblem] = useState<{ user?: string; form?: string }>({});
  const action = useProgramAction(program._id);

  const save = async () => {
    if (!user) return setProblem({ user: t('app.program.teams.select_user') });
    setProblem({});
    const outcome = await action.run(() => programCalls.addTeamMember(program._id, user._id, head && !user.builtin), {
      success: 'app.program.teams.added',
      failure: 'app.program.teams.add_failed',
    });
    if (outcome.ok) onClose();
    else setProblem({ form: failureMessage(outcome.error, t('app.program.common.something_wrong')) });
  };

  return (
    <DialogForm
      title={t('app.program.teams.add')}
      error={problem.form}
      submitLabel={t('ra.action.add')}
      submitDisabled={action.busy}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {usersError ? <Alert severity="error">{failureMessage(usersError, t('app.program.teams.users_failed'))}</Alert> : null}
      <Autocomplete
        options={choices}
        loading={usersLoading}
        value={user}
        onChange={(_, next) => {
          setUser(next);
          if (next?.builtin) setHead(false);
        }}
        getOptionLabel={userLabel}
        isOptionEqualToValue={(a, b) => a._id === b._id}
        renderOption={({ key, ...props }, option) => (
          <li key={key} {...props}>
            {option.email ? `${userLabel(option)} (${option.email})` : userLabel(option)}
          </li>
        )}
        noOptionsText={t(usersLoading ? 'app.program.teams.loading_users' : 'app.program.teams.everyone_on')}
        renderInput={(params) => (
          <TextField {...params} required label={t('app.program.teams.user')} error={Boolean(problem.user)} helperText={problem.user} />
        )}
      />
      <div>
        <FormControlLabel
          control={<Checkbox checked={head} onChange={(event) => setHead(event.target.checked)} disabled={user?.builtin === true} />}
          label={t('app.program.common.program_head')}
        />
        {user?.builtin && <FormHelperText>{t('app.program.teams.builtin_not_head')}</FormHelperText>}
      </div>
    </DialogForm>
  );
};
