/** A webhook's page: the generic record page, a "Send test event" button and its delivery log. */
import { useState } from 'react';
import { Button } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useCanAccess, useNotify, useRecordContext } from 'react-admin';
import { GenericShow } from '../generic/GenericShow';
import { testWebhook } from '../../providers/webhook-calls';
import { DeliveryLog } from './DeliveryLog';

/** Sends a signed `ping` now and says what the receiver answered. */
const TestButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const { canAccess = false } = useCanAccess({ resource: 'webhook', action: 'edit' });
  const [sending, setSending] = useState(false);
  if (!record || !canAccess) return null;
  const send = async () => {
    setSending(true);
    try {
      const answer = await testWebhook(String(record.id));
      if (answer.ok) notify(`Test event accepted: ${answer.status} in ${answer.ms} ms`, { type: 'success' });
      else notify(`Test event not accepted: ${answer.status ? `${answer.status} ` : ''}${answer.answer}`, { type: 'error' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button variant="outlined" startIcon={<SendIcon />} onClick={send} disabled={sending}>
      Send test event
    </Button>
  );
};

export const WebhookShow = () => <GenericShow extras={TestButton} sections={DeliveryLog} />;
