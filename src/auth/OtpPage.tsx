/** /otp (spec 1 §2, §8): ask for a password change by e-mail, then back to /login. */
import { useState, type FormEvent } from 'react';
import { Box, TextField } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { AuthFormFooter, AuthFrame } from './AuthFrame';
import { requestPasswordReset } from './password-requests';
import { useT } from '../i18n/use-t';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const OtpPage = () => {
  const notify = useNotify();
  const navigate = useNavigate();
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError(t('app.auth.otp.invalid_email'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await requestPasswordReset(email.trim());
      notify('app.auth.otp.sent', { type: 'success' });
      navigate('/login');
    } catch {
      notify('app.auth.otp.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('app.auth.otp.title')} subtitle={t('app.auth.otp.subtitle')}>
      <Box component="form" onSubmit={submit} noValidate>
        <TextField
          label={t('app.auth.email')}
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
        <AuthFormFooter label={t('app.auth.otp.submit')} disabled={busy} />
      </Box>
    </AuthFrame>
  );
};
