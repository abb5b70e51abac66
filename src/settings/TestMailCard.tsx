/** 'Send test e-mail': one mail to the signed-in user's own address; says where it went, or why not. */
import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { settingsCalls, type TestMailAnswer } from './settings-calls';
import { useT } from '../i18n/use-t';

export const TestMailCard = () => {
  const t = useT();
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
        {t('app.people.settings.test_mail_intro')}
      </Typography>
      <Box>
        <Button variant="outlined" onClick={send} disabled={busy}>
          {t('app.people.settings.send_test_mail')}
        </Button>
      </Box>
      {answer && (
        <Alert severity={'failed' in answer || !answer.sent ? 'error' : 'success'} role="status">
          {'failed' in answer
            ? answer.failed
            : answer.sent
              ? t('app.people.settings.test_mail_sent', { to: answer.to, via: answer.via })
              : t('app.people.settings.test_mail_not_sent', {
                  to: answer.to,
                  via: answer.via,
                  reason: answer.reason ?? t('app.people.settings.test_mail_refused'),
                })}
        </Alert>
      )}
    </Stack>
  );
};
