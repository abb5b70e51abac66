/** The page until the program arrives: a spinner; 'Program not found' with the way back; or the server's message and Retry. */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { failureMessage, statusOf } from './failure';

interface ProgramLoadStateProps {
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}

export const ProgramLoadState = ({ error, retrying, onRetry }: ProgramLoadStateProps) => {
  if (!error || retrying)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 320 }}>
        <CircularProgress aria-label="Loading the program" />
      </Box>
    );
  if (statusOf(error) === 404)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          Program not found
        </Typography>
        <Button component={RouterLink} to="/program" startIcon={<ArrowBackIcon />}>
          Back to all program
        </Button>
      </Box>
    );
  return (
    <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }}>
      <Alert
        severity="error"
        sx={{ width: '100%', maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {failureMessage(error, 'The program could not be loaded')}
      </Alert>
    </Box>
  );
};
