/** The logout confirmation (spec 1 §2): 'Are you Sure want to logout?' with cancel and Logout. */
import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { useLogout } from 'react-admin';
import { useT } from '../i18n/use-t';

export const LogoutConfirm = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const logout = useLogout();
  const t = useT();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title">
      <DialogTitle id="logout-title">{t('app.shell.logout.question')}</DialogTitle>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          {t('app.shell.logout.cancel')}
        </Button>
        <Button
          variant="contained"
          color="primary"
          onClick={() => {
            onClose();
            logout();
          }}
        >
          {t('app.shell.logout.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
