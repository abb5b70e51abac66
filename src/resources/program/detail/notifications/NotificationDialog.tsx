/** Send or edit a notification: 'Notification Title' and 'Notification Content', both required (spec 2 §5). */
import { DialogForm } from '../parts/DialogForm';
import { useState } from 'react';
import { Dialog, TextField } from '@mui/material';
import { programCalls } from '../../../../providers/program-calls';
import { errorFields } from '../../../../providers/http-client';
import { failureMessage } from '../parts/failure';
import { useProgramAction } from '../parts/use-program-action';
import type { SentNotification } from './notification-query';
import { isBlankText, trimText } from '@model/trim-text';
import { useT } from '../../../../i18n/use-t';

export type NotificationDialogState = { mode: 'create' } | { mode: 'edit'; notification: SentNotification } | null;

interface NotificationDialogProps {
  programId: string;
  state: NotificationDialogState;
  onClose(): void;
}

export const NotificationDialog = ({ programId, state, onClose }: NotificationDialogProps) => (
  <Dialog open={state !== null} onClose={onClose} fullWidth maxWidth="sm">
    {state && (
      <NotificationForm
        key={state.mode === 'edit' ? state.notification._id : 'new'}
        programId={programId}
        editing={state.mode === 'edit' ? state.notification : undefined}
        onClose={onClose}
      />
    )}
  </Dialog>
);

interface Problems {
  title?: string;
  body?: string;
  form?: string;
}

const NotificationForm = ({ programId, editing, onClose }: { programId: string; editing?: SentNotification; onClose(): void }) => {
  const t = useT();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [body, setBody] = useState(editing?.body ?? '');
  const [problems, setProblems] = useState<Problems>({});
  const action = useProgramAction(programId);

  const save = async () => {
    const found: Problems = {
      title: isBlankText(title) ? t('app.program.notifications.title_required') : undefined,
      body: isBlankText(body) ? t('app.program.notifications.content_required') : undefined,
    };
    setProblems(found);
    if (found.title || found.body) return;
    const outcome = editing
      ? await action.run(() => programCalls.updateNotification(editing._id, { title: trimText(title), body: trimText(body) }), {
          success: 'app.program.notifications.updated',
          failure: 'app.program.notifications.update_failed',
        })
      : await action.run(() => programCalls.sendNotification(programId, trimText(title), trimText(body)), {
          success: 'app.program.notifications.sent',
          failure: 'app.program.notifications.send_failed',
        });
    if (outcome.ok) return onClose();
    const fields = errorFields(outcome.error);
    setProblems({ title: fields.title, body: fields.body, form: failureMessage(outcome.error, t('app.program.common.something_wrong')) });
  };

  return (
    <DialogForm
      title={t(editing ? 'app.program.notifications.edit' : 'app.program.notifications.send')}
      error={problems.form}
      submitLabel={t(editing ? 'ra.action.save' : 'app.program.notifications.send_button')}
      submitDisabled={action.busy}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <TextField
        required
        label={t('resources.notification.fields.title')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(problems.title)}
        helperText={problems.title}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        required
        multiline
        minRows={4}
        label={t('resources.notification.fields.body')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={Boolean(problems.body)}
        helperText={problems.body}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
      />
    </DialogForm>
  );
};
