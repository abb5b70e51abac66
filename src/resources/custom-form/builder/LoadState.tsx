/**
 * The edit page until its form arrives: a spinner, then (if the load fails or is too slow) what
 * went wrong and a way to try again. Also what the edit page shows once Copy Form is pressed,
 * until the add page takes over.
 */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Title } from 'react-admin';
import { useT } from '../../../i18n/use-t';

interface LoadStateProps {
  heading: string;
  error?: string;
  onRetry?: () => void;
  /** What the spinner says to a screen reader. */
  waitingFor?: string;
}

export function LoadState({ heading, error, onRetry, waitingFor }: LoadStateProps) {
  const t = useT();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={heading} />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t('app.forms.builder.load.retry')}
            </Button>
          }
        >
          {error}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label={waitingFor ?? t('app.forms.builder.load.loading')} />
        </Box>
      )}
    </Box>
  );
}
