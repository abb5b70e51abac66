/**
 * The change-password dialog of the user edit screen: password and confirm_password, which
 * must match ('Password not match'; the spec's dialog never compared them). Changing one's own
 * password also asks for the current one (the server insists: a stolen session alone must not
 * be able to lock the owner out); an Admin setting someone else's does not.
 */
import { useRef, useState, type FormEvent, type Ref } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { dataProvider } from '../../providers/data-provider';
import { errorFields } from '../../providers/http-client';
import { newPasswordProblems } from '../../auth/new-password';
import { useT } from '../../i18n/use-t';

type Field = 'current_password' | 'password' | 'confirm_password';

interface PasswordFieldProps {
  name: Field;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoComplete: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

const PasswordField = ({ name, label, value, onChange, error, ...input }: PasswordFieldProps) => (
  <TextField
    label={label}
    type="password"
    name={name}
    fullWidth
    margin="dense"
    value={value}
    onChange={(e) => onChange(e.target.value)}
    error={Boolean(error)}
    helperText={error ?? ' '}
    {...input}
  />
);

export const ChangePasswordDialog = ({
  user,
  self,
  open,
  onClose,
}: {
  user: { id: string; email: string };
  /** The signed-in user's own account: the current password is asked for. */
  self: boolean;
  open: boolean;
  onClose: () => void;
}) => {
  const t = useT();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);

  const close = () => {
    setCurrent('');
    setPassword('');
    setConfirm('');
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = newPasswordProblems(password, confirm, t);
    const next: typeof errors = {
      current_password: self && !current ? t('schemas.user.messages.current_password.required') : undefined,
      password: problems.password,
      confirm_password: problems.confirmation,
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    setBusy(true);
    try {
      await dataProvider.changePassword(user, password, confirm, self ? current : undefined);
      notify('app.people.password.changed', { type: 'success' });
      close();
    } catch (error) {
      const fields = errorFields(error);
      setErrors({ current_password: fields.current_password, password: fields.password, confirm_password: fields.confirm_password });
      if (fields.current_password) {
        // A wrong current password is the likely slip: select it for retyping.
        setCurrent('');
        currentRef.current?.focus();
      }
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const fieldProps = (name: Field, value: string, onChange: (value: string) => void) => ({
    name,
    value,
    error: errors[name],
    onChange: (next: string) => {
      onChange(next);
      if (errors[name]) setErrors({ ...errors, [name]: undefined });
    },
  });

  const currentField = fieldProps('current_password', current, setCurrent);
  const newField = fieldProps('password', password, setPassword);
  const confirmField = fieldProps('confirm_password', confirm, setConfirm);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
      aria-describedby="change-password-intro"
      slotProps={{ paper: { component: 'form', onSubmit: submit, noValidate: true } as object }}
    >
      <DialogTitle id="change-password-title">{t('app.people.password.change')}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        <DialogContentText id="change-password-intro" variant="body2" sx={{ mb: 1 }}>
          {self ? t('app.people.password.intro_self') : t('app.people.password.intro_other', { email: user.email })}
        </DialogContentText>
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
        {self && (
          <PasswordField
            label={t('schemas.user.fields.current_password')}
            autoComplete="current-password"
            autoFocus
            inputRef={currentRef}
            {...currentField}
          />
        )}
        <PasswordField label={t('app.people.password.new')} autoComplete="new-password" autoFocus={!self} {...newField} />
        <PasswordField label={t('app.people.password.confirm')} autoComplete="new-password" {...confirmField} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close}>
          {t('ra.action.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('app.people.password.change')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
