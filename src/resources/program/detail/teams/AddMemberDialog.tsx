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

export const BUILTIN_HEAD_NOTE = 'The built-in admin account cannot be a program head';

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
  const onTeam = new Set(teamRows(program).map((row) => row.member._id));
  const choices = (users ?? []).filter((user) => !onTeam.has(user._id));
  const [user, setUser] = useState<UserOption | null>(null);
  const [head, setHead] = useState(false);
  const [problem, setProblem] = useState<{ user?: string; form?: string }>({});
  const action = useProgramAction(program._id);

  const save = async () => {
    if (!user) return setProblem({ user: 'Select a user' });
    setProblem({});
    const outcome = await action.run(() => programCalls.addTeamMember(program._id, user._id, head && !user.builtin), {
      success: 'Added New Team Member Successfully',
      failure: 'Error in Adding New Team Member',
    });
    if (outcome.ok) onClose();
    else setProblem({ form: failureMessage(outcome.error) });
  };

  return (
    <DialogForm
      title={'Add Team Member'}
      error={problem.form}
      submitLabel={'Add'}
      submitDisabled={action.busy}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {usersError ? <Alert severity="error">{failureMessage(usersError, 'The users could not be loaded')}</Alert> : null}
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
        noOptionsText={usersLoading ? 'Loading users…' : 'Every active user is on this program'}
        renderInput={(params) => <TextField {...params} required label="User" error={Boolean(problem.user)} helperText={problem.user} />}
      />
      <div>
        <FormControlLabel
          control={<Checkbox checked={head} onChange={(event) => setHead(event.target.checked)} disabled={user?.builtin === true} />}
          label="Program head"
        />
        {user?.builtin && <FormHelperText>{BUILTIN_HEAD_NOTE}</FormHelperText>}
      </div>
    </DialogForm>
  );
};
