/**
 * The change-password dialog of the user edit screen: password and confirm_password, which
 * must match ('Password not match'; the spec's dialog never compared them).
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useNotify } from 'react-admin';
import { dataProvider } from '../../providers/data-provider';
import { newPasswordProblems } from '../../auth/new-password';

export const ChangePasswordDialog = ({ user, open, onClose }: { user: { id: string; email: string }; open: boolean; onClose: () => void }) => {
  const notify = useNotify();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm_password?: string }>({});
  const [busy, setBusy] = useState(false);

  const close = () => {
    setPassword('');
    setConfirm('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    const problems = newPasswordProblems(password, confirm);
    const next: typeof errors = { password: problems.password, confirm_password: problems.confirmation };
    setErrors(next);
    if (next.password || next.confirm_password) return;
    setBusy(true);
    try {
      await dataProvider.changePassword(user, password, confirm);
      notify('Password changed', { type: 'success' });
      close();
    } catch (error) {
      const fields = (error as { body?: { fields?: Record<string, string> } }).body?.fields ?? {};
      setErrors({ password: fields.password, confirm_password: fields.confirm_password });
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <DialogTitle id="change-password-title">Change Password</DialogTitle>
      <DialogContent>
        <TextField label="Password" type="password" autoComplete="new-password" fullWidth margin="normal" value={password} onChange={(e) => setPassword(e.target.value)} error={Boolean(errors.password)} helperText={errors.password ?? ' '} autoFocus />
        <TextField label="Confirm Password" type="password" autoComplete="new-password" fullWidth margin="normal" value={confirm} onChange={(e) => setConfirm(e.target.value)} error={Boolean(errors.confirm_password)} helperText={errors.confirm_password ?? ' '} />
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={close}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          Change Password
        </Button>
      </DialogActions>
    </Dialog>
  );
};
