/** /login (spec 1 §2, §5, §8): e-mail, password, 'Keep me logged in' (on by default). */
import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, FormControlLabel, Link, Switch, TextField } from '@mui/material';
import { Link as RouterLink, Navigate } from 'react-router-dom';
import { useLogin, useNotify } from 'react-admin';
import { AuthFrame } from './AuthFrame';
import { useSession } from '../session/useSession';
import { useT } from '../i18n/use-t';

export const LoginPage = () => {
  const { token, isLoggedIn } = useSession();
  // Someone already signed in who opens /login (a bookmark, the back button) goes to the dashboard.
  if (token && isLoggedIn) return <Navigate to="/dashboard" replace />;
  return <LoginForm />;
};

const LoginForm = () => {
  const login = useLogin();
  const notify = useNotify();
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [keepLogin, setKeepLogin] = useState(true);
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      await login({ email: email.trim(), password, keepLogin });
      notify('app.auth.login.done', { type: 'success' });
    } catch (error) {
      notify((error as Error).message || 'app.auth.login.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame title={t('app.auth.login.title')} subtitle={t('app.auth.login.subtitle')}>
      <Box component="form" onSubmit={submit} noValidate>
        {missing && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('app.auth.login.all_required')}
          </Alert>
        )}
        <TextField
          label={t('app.auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          fullWidth
          margin="normal"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <TextField
          label={t('app.auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          fullWidth
          margin="normal"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={keepLogin}
                onChange={(e) => setKeepLogin(e.target.checked)}
                color="secondary"
                slotProps={{ input: { 'aria-label': t('app.auth.login.keep_logged_in') } }}
              />
            }
            label={t('app.auth.login.keep_logged_in')}
          />
          <Link component={RouterLink} to="/otp" variant="body2">
            {t('app.auth.login.forgot')}
          </Link>
        </Box>
        <Button type="submit" variant="contained" fullWidth size="large" sx={{ mt: 3 }} disabled={busy}>
          {busy ? t('app.auth.login.busy') : t('app.auth.login.submit')}
        </Button>
      </Box>
    </AuthFrame>
  );
};
