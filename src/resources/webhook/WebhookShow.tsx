/** A webhook's page: the generic record page, a "Send test event" button and its delivery log. */
import { useState } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { GenericShow } from '../generic/lazy-pages';
import { testWebhook } from '../../providers/webhook-calls';
import { DeliveryLog } from './DeliveryLog';
import { useT } from '../../i18n/use-t';

/** Sends a signed `ping` now and says what the receiver answered. */
const TestButton = () => {
  const t = useT();
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess = false } = useCanAccess({ resource: 'webhook', action: 'edit' });
  const [sending, setSending] = useState(false);
  if (!record || !canAccess) return null;
  const send = async () => {
    setSending(true);
    try {
      const answer = await testWebhook(String(record.id));
      if (answer.ok)
        notify('app.people.webhooks.test_accepted', { type: 'success', messageArgs: { status: answer.status, ms: answer.ms } });
      else
        notify(answer.status ? 'app.people.webhooks.test_refused_status' : 'app.people.webhooks.test_refused', {
          type: 'error',
          messageArgs: { status: answer.status, answer: answer.answer },
        });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<SendIcon />} onClick={send} disabled={sending}>
      {t('app.people.webhooks.send_test')}
    </Button>
  );
};

export const WebhookShow = () => <GenericShow extras={TestButton} sections={DeliveryLog} />;
