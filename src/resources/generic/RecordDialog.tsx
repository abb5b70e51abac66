/** The add / edit modal of a generic resource: inputs from its schema, Save on add and Update on edit. */
import { Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, useCanAccess, useNotify, useRefresh } from 'react-admin';
import type { ResourceName } from '@model/schema-registry';
import { FormToolbar, formStyle } from './record-form';
import { SchemaForm } from './SchemaForm';
import { useT } from '../../i18n/use-t';
import { resourceLabel } from './resource-label';

export type DialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

export const RecordDialog = ({ resource, state, onClose }: { resource: ResourceName; state: DialogState; onClose: () => void }) => {
  const notify = useNotify();
  const refresh = useRefresh();
  const t = useT();
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
  const { one } = resourceLabel(t, resource);
  // The Save button follows the role's flags; react-admin's own check would instead leave the
  // list for an empty access-denied page (e.g. someone without the flag opening /role/add).
  const guardedByButton = { disableAuthentication: true };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="record-dialog-title">
      <DialogTitle id="record-dialog-title">
        {t(state.mode === 'create' ? 'app.records.form.add_title' : 'app.records.form.update_title', { name: one })}
      </DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        {state.mode === 'create' ? (
          <CreateBase
            {...guardedByButton}
            resource={resource}
            redirect={false}
            mutationOptions={{ onSuccess: done(t('app.records.form.added', { name: one })), onError }}
          >
            <SchemaForm
              resource={resource}
              sx={formStyle(true)}
              toolbar={<FormToolbar label={t('app.records.form.save')} allowed={canCreate} onCancel={onClose} inDialog />}
              onSaved={done(t('app.records.form.added', { name: one }))}
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
            mutationOptions={{ onSuccess: done(t('app.records.form.updated', { name: one })), onError }}
          >
            <SchemaForm
              resource={resource}
              sx={formStyle(true)}
              toolbar={<FormToolbar label={t('app.records.form.update')} allowed={canEdit} onCancel={onClose} inDialog />}
              onSaved={done(t('app.records.form.updated', { name: one }))}
              onFailed={onError}
            />
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
};
