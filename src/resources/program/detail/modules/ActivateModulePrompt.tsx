/**
 * Opening the tab of an inactive module asks to activate it (spec 2 §4): 'Don't Activate' goes
 * back to the Modules tab, 'Activate' switches the module on.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import { programCalls, type ProgramModule } from '../../../../providers/program-calls';
import { useT } from '../../../../i18n/use-t';
import { MODULE_TEXTS } from './module-texts';

interface ActivateModulePromptProps {
  programId: string;
  module: ProgramModule;
  /** The role may switch modules on this program now (flag, lock, editing window). */
  allowed: boolean;
  onBack(): void;
  onActivated(): void;
}

export const ActivateModulePrompt = ({ programId, module, allowed, onBack, onActivated }: ActivateModulePromptProps) => {
  const t = useT();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    setBusy(true);
    try {
      await programCalls.setModuleStatus(programId, module, true);
      notify(MODULE_TEXTS[module].activated, { type: 'success' });
      onActivated();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onBack} aria-labelledby="activate-module-title" aria-describedby="activate-module-text">
      <DialogTitle id="activate-module-title">{t('app.program.module_status.prompt_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="activate-module-text">{t('app.program.module_status.prompt_question')}</DialogContentText>
        {!allowed && (
          <DialogContentText sx={{ mt: 1 }} variant="body2">
            {t('app.program.module_status.prompt_not_allowed')}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onBack}>
          {t('app.program.module_status.prompt_dont')}
        </Button>
        <Button variant="contained" color="secondary" onClick={activate} disabled={!allowed || busy}>
          {t('app.program.common.activate')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
