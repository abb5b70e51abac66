/**
 * A save refused because someone else saved the draft first (409). The person's edits stay on
 * screen; only Reload replaces them with the saved form. Nothing is overwritten without asking.
 */
import { Alert, Button } from '@mui/material';

export function StaleDraftAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onReload} disabled={reloading}>
          Reload
        </Button>
      }
    >
      {message} Your changes are still on screen until you reload.
    </Alert>
  );
}
