/** The page until the program arrives: a spinner; 'Program not found' with the way back; or the server's message and Retry. */
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import RefreshIcon from '@mui/icons-material/Refresh';
import { failureMessage, statusOf } from './failure';
import { useT } from '../../../../i18n/use-t';

interface ProgramLoadStateProps {
  error: unknown;
  retrying: boolean;
  onRetry(): void;
}

export const ProgramLoadState = ({ error, retrying, onRetry }: ProgramLoadStateProps) => {
  const t = useT();
  if (!error || retrying)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: 320 }}>
        <CircularProgress aria-label={t('app.program.detail.loading')} />
      </Box>
    );
  if (statusOf(error) === 404)
    return (
      <Box sx={{ py: 6, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
          {t('app.program.common.not_found')}
        </Typography>
        <Button component={RouterLink} to="/program" startIcon={<ArrowBackIcon />}>
          {t('app.program.common.back_to_all')}
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
            {t('app.program.common.retry')}
          </Button>
        }
      >
        {failureMessage(error, t('app.program.detail.load_failed'))}
      </Alert>
    </Box>
  );
};
