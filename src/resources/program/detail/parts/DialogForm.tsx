/**
 * The frame of the detail page's small dialogs (a goal, a notification, a team member): a form
 * that submits on Enter, its title, the server's refusal above the fields, Cancel and the action.
 */
import type { ReactNode } from 'react';
import { Alert, Button, DialogActions, DialogContent, DialogTitle, Stack } from '@mui/material';
import { useT } from '../../../../i18n/use-t';

export interface DialogFormProps {
  title: string;
  /** What the server said when the last save failed. */
  error?: string;
  submitLabel: string;
  submitDisabled?: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

export const DialogForm = ({ title, error, submitLabel, submitDisabled, onSubmit, onClose, children }: DialogFormProps) => {
  const t = useT();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && <Alert severity="error">{error}</Alert>}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
};
