/**
 * On one's own edit page, changing the e-mail (the address sign-in and reset links go to) asks
 * for the current password, as the server does; the field appears only while the e-mail differs.
 */
import { Alert, Collapse } from '@mui/material';
import { PasswordInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useT } from '../../i18n/use-t';

/** Whether `email` (as typed) is another address than the saved one. */
export const emailDiffers = (email: unknown, saved: string) =>
  typeof email === 'string' && email.trim().toLowerCase() !== saved.trim().toLowerCase();

export const OwnEmailConfirmation = ({ savedEmail }: { savedEmail: string }) => {
  const t = useT();
  const changed = emailDiffers(useWatch({ name: 'email' }), savedEmail);
  return (
    <Collapse in={changed} unmountOnExit>
      <Alert severity="info" sx={{ mt: 1, mb: 2 }}>
        {t('app.people.users.own_email', { email: savedEmail })}
      </Alert>
      <PasswordInput
        source="current_password"
        label={t('schemas.user.fields.current_password')}
        validate={required(t('schemas.user.messages.current_password.required'))}
        autoComplete="current-password"
        sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}
        fullWidth
      />
    </Collapse>
  );
};
