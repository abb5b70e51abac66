/** The logout confirmation (spec 1 §2): 'Are you Sure want to logout?' with cancel and Logout. */
import { Button, Dialog, DialogActions, DialogTitle } from '@mui/material';
import { useLogout } from 'react-admin';

export const LOGOUT_QUESTION = 'Are you Sure want to logout?';

export const LogoutConfirm = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const logout = useLogout();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="logout-title">
      <DialogTitle id="logout-title">{LOGOUT_QUESTION}</DialogTitle>
      <DialogActions>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="primary"
          onClick={() => {
            onClose();
            logout();
          }}
        >
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
};
