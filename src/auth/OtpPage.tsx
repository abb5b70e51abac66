/** /otp (spec 1 §2, §8): ask for a password change by e-mail, then back to /login. */
import { useState, type FormEvent } from 'react';
import { Box, TextField } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { AuthFormFooter, AuthFrame } from './AuthFrame';
import { requestPasswordReset } from './password-requests';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const OtpPage = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError('Enter a valid e-mail address');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      notify('Please contact admin! Mail has send to them', { type: 'success' });
      navigate('/login');
    } catch {
      notify('Something went wrong', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title="Forgot password" subtitle="Enter your e-mail and we will send you a link to choose a new password.">
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          fullWidth
          margin="normal"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? ' '}
          autoFocus
        />
        <AuthFormFooter label="Submit" disabled={busy} />
      </Box>
    </AuthFrame>
  );
};
