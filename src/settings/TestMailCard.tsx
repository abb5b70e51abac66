/** 'Send test e-mail': one mail to the signed-in user's own address; says where it went, or why not. */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { settingsCalls, type TestMailAnswer } from './settings-calls';

export const TestMailCard = () => {
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TestMailAnswer | { failed: string } | null>(null);
  const send = async () => {
    setBusy(true);
    setAnswer(null);
    try {
      setAnswer(await settingsCalls.sendTestMail());
    } catch (error) {
      setAnswer({ failed: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        Sends one mail to your own address through the servers' mailer (SMTP_URL, or the outbox folder when none is set).
      </Typography>
      <Box>
        <Button variant="outlined" onClick={send} disabled={busy}>
          Send test e-mail
        </Button>
      </Box>
      {answer && (
        <Alert severity={'failed' in answer || !answer.sent ? 'error' : 'success'} role="status">
          {'failed' in answer
            ? answer.failed
            : answer.sent
              ? `Sent to ${answer.to} through ${answer.via}.`
              : `Not sent to ${answer.to} through ${answer.via}: ${answer.reason ?? 'the mail server refused it'}.`}
        </Alert>
      )}
    </Stack>
  );
};
