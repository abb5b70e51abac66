/**
 * On one's own edit page, changing the e-mail (the address sign-in and reset links go to) asks
 * for the current password, as the server does; the field appears only while the e-mail differs.
 */
import { Alert, Collapse } from '@mui/material';
import { PasswordInput, required } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { resourceSchema } from '@model/schema-registry';

const property = resourceSchema('user').properties.current_password!;

/** Whether `email` (as typed) is another address than the saved one. */
export const emailDiffers = (email: unknown, saved: string) =>
  typeof email === 'string' && email.trim().toLowerCase() !== saved.trim().toLowerCase();

export const OwnEmailConfirmation = ({ savedEmail }: { savedEmail: string }) => {
  const changed = emailDiffers(useWatch({ name: 'email' }), savedEmail);
  return (
    <Collapse in={changed} unmountOnExit>
      <Alert severity="info" sx={{ mt: 1, mb: 2 }}>
        You are changing the e-mail you sign in with. Enter your current password to confirm; {savedEmail} will be told of the change.
      </Alert>
      <PasswordInput
        source="current_password"
        label={property.title}
        validate={required(property['x-messages']?.required ?? 'Enter your current password')}
        autoComplete="current-password"
        sx={{ maxWidth: { sm: 'calc(50% - 8px)' } }}
        fullWidth
      />
    </Collapse>
  );
};
