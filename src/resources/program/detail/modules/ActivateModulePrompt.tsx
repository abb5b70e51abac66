/**
 * Opening the tab of an inactive module asks to activate it (spec 2 §4): 'Don't Activate' goes
 * back to the Modules tab, 'Activate' switches the module on.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify } from 'react-admin';
import { programCalls, type ProgramModule } from '../../../../providers/program-calls';

interface ActivateModulePromptProps {
  programId: string;
  module: ProgramModule;
  /** 'Beneficiary', 'Location', … as the module's messages name it. */
  moduleName: string;
  /** The role may switch modules on this program now (flag, lock, editing window). */
  allowed: boolean;
  onBack(): void;
  onActivated(): void;
}

export const ActivateModulePrompt = ({ programId, module, moduleName, allowed, onBack, onActivated }: ActivateModulePromptProps) => {
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const activate = async () => {
    setBusy(true);
    try {
      await programCalls.setModuleStatus(programId, module, true);
      notify(`${moduleName} module activated`, { type: 'success' });
      onActivated();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onBack} aria-labelledby="activate-module-title" aria-describedby="activate-module-text">
      <DialogTitle id="activate-module-title">Activate Module</DialogTitle>
      <DialogContent>
        <DialogContentText id="activate-module-text">Are you sure want to activate this module?</DialogContentText>
        {!allowed && (
          <DialogContentText sx={{ mt: 1 }} variant="body2">
            You cannot change this program's modules now.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button color="inherit" onClick={onBack}>
          Don&apos;t Activate
        </Button>
        <Button variant="contained" color="secondary" onClick={activate} disabled={!allowed || busy}>
          Activate
        </Button>
      </DialogActions>
    </Dialog>
  );
};
