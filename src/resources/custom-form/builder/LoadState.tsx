/** The edit page until its form arrives: a spinner, then (if the load fails or is too slow) what went wrong and a way to try again. */
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { Title } from 'react-admin';

export function LoadState({ heading, error, onRetry }: { heading: string; error?: string; onRetry: () => void }) {
  return (
    <Box sx={{ py: 2 }}>
      <Title title={heading} />
      {error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {error}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
          <CircularProgress aria-label="Loading the form" />
        </Box>
      )}
    </Box>
  );
}
