/**
 * A save refused because someone else saved the draft first (409). The person's edits stay on
 * screen; only Reload replaces them with the saved form. Nothing is overwritten without asking.
 */
import { Alert, Button } from '@mui/material';
import { useT } from '../../../i18n/use-t';

export function StaleDraftAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  const t = useT();
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onReload} disabled={reloading}>
          {t('app.forms.builder.stale.reload')}
        </Button>
      }
    >
      {message} {t('app.forms.builder.stale.still_on_screen')}
    </Alert>
  );
}
