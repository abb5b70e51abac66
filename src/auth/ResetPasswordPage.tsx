/**
 * /resetpassword?token=… : choose a new password from the e-mailed link. The spec's screen
 * never submitted and never compared the two entries; this one does both ('Password not match').
 */
import { useState, type FormEvent } from 'react';
import { Alert, Box, TextField } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { AuthFormFooter, AuthFrame } from './AuthFrame';
import { resetPassword } from './password-requests';
import { newPasswordProblems } from './new-password';
import { useT } from '../i18n/use-t';

export const ResetPasswordPage = () => {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const notify = useNotify();
  const navigate = useNavigate();
  const t = useT();
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; repassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = newPasswordProblems(password, repassword, t);
    const next: typeof errors = { password: problems.password, repassword: problems.confirmation };
    setErrors(next);
    if (next.password || next.repassword) return;
    setBusy(true);
    try {
      const message = await resetPassword(token, password, repassword);
      notify(message, { type: 'success' });
      navigate('/login');
    } catch (error) {
      const body = (error as { body?: { fields?: Record<string, string> } }).body;
      setErrors({ password: body?.fields?.password, repassword: body?.fields?.repassword, form: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('app.auth.reset.title')} subtitle={t('app.auth.reset.subtitle')}>
      <Box component="form" onSubmit={submit} noValidate>
        {!token && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('app.auth.reset.needs_link')}
          </Alert>
        )}
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {errors.form}
          </Alert>
        )}
        <TextField
          label={t('app.auth.password')}
          name="password"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(errors.password)}
          helperText={errors.password ?? ' '}
        />
        <TextField
          label={t('app.auth.reset.confirm')}
          name="repassword"
          type="password"
          autoComplete="new-password"
          fullWidth
          margin="normal"
          value={repassword}
          onChange={(e) => setRepassword(e.target.value)}
          error={Boolean(errors.repassword)}
          helperText={errors.repassword ?? ' '}
        />
        <AuthFormFooter label={t('app.auth.reset.submit')} disabled={busy || !token} />
      </Box>
    </AuthFrame>
  );
};
