/** The add / edit modal of a generic resource: inputs from its schema, Save on add and Update on edit. */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, useCanAccess, useNotify, useRefresh } from 'react-admin';
import { resourceEntry, type ResourceName } from '@model/schema-registry';
import { FormToolbar, formStyle } from './record-form';
import { SchemaForm } from './SchemaForm';

export type DialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

export const RecordDialog = ({ resource, state, onClose }: { resource: ResourceName; state: DialogState; onClose: () => void }) => {
  const entry = resourceEntry(resource);
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canCreate = false } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  if (!state) return null;
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    onClose();
    refresh();
  };
  // The server's message as a toast; its per-field messages show on the inputs (react-admin reads body.errors).
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const one = entry.label.one;
  // The Save button follows the role's flags; react-admin's own check would instead leave the
  // list for an empty access-denied page (e.g. someone without the flag opening /role/add).
  const guardedByButton = { disableAuthentication: true };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="record-dialog-title">
      <DialogTitle id="record-dialog-title">{state.mode === 'create' ? `Add ${one}` : `Update ${one}`}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        {state.mode === 'create' ? (
          <CreateBase
            {...guardedByButton}
            resource={resource}
            redirect={false}
            mutationOptions={{ onSuccess: done(`${one} added`), onError }}
          >
            <SchemaForm
              resource={resource}
              sx={formStyle(true)}
              toolbar={<FormToolbar label="Save" allowed={canCreate} onCancel={onClose} inDialog />}
              onSaved={done(`${one} added`)}
              onFailed={onError}
            />
          </CreateBase>
        ) : (
          <EditBase
            {...guardedByButton}
            resource={resource}
            id={state.id}
            redirect={false}
            mutationMode="pessimistic"
            mutationOptions={{ onSuccess: done(`${one} updated`), onError }}
          >
            <SchemaForm
              resource={resource}
              sx={formStyle(true)}
              toolbar={<FormToolbar label="Update" allowed={canEdit} onCancel={onClose} inDialog />}
              onSaved={done(`${one} updated`)}
              onFailed={onError}
            />
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
};
