/** Cancel, and the save button when the role allows it (else why not): the foot of the user forms. */
import { Alert, Box, Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t';

export const UserFormActions = ({ label, allowed, deniedText }: { label: string; allowed: boolean; deniedText: string }) => {
  const t = useT();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
      <Button color="inherit" onClick={() => navigate('/user')}>
        {t('ra.action.cancel')}
      </Button>
      {allowed ? (
        <Button type="submit" variant="contained">
          {label}
        </Button>
      ) : (
        <Alert severity="info">{deniedText}</Alert>
      )}
    </Box>
  );
};
