/** The add / edit modal of a generic resource: inputs from its schema, Save on add and Update on edit. */
import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, EditBase, SaveButton, SimpleForm, Toolbar, useNotify, useRefresh } from 'react-admin';
import { resourceEntry, resourceSchema, type ResourceName } from '@model/schema-registry';
import { useCan } from '../../session/useSession';
import { schemaInput } from './schema-inputs';

export type DialogState = { mode: 'create' } | { mode: 'edit'; id: string } | null;

function formFields(resource: ResourceName): string[] {
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  return entry.form?.fields ?? Object.keys(schema.properties).filter((p) => !schema.properties[p].readOnly && p !== entry.status);
}

const DialogToolbar = ({ label, allowed, onCancel }: { label: string; allowed: boolean; onCancel: () => void }) => (
  <Toolbar sx={{ justifyContent: 'flex-end', gap: 1, background: 'transparent', px: 0 }}>
    <Button onClick={onCancel} color="inherit">
      Cancel
    </Button>
    <SaveButton label={label} icon={<></>} disabled={!allowed} alwaysEnable={allowed} />
  </Toolbar>
);

export const RecordDialog = ({ resource, state, onClose }: { resource: ResourceName; state: DialogState; onClose: () => void }) => {
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  const notify = useNotify();
  const refresh = useRefresh();
  const canCreate = useCan(resource, 'create');
  const canEdit = useCan(resource, 'edit');
  if (!state) return null;
  const fields = formFields(resource);
  const inputs = fields.map((f, i) => schemaInput(schema, f, { autoFocus: i === 0 }));
  const done = (message: string) => () => {
    notify(message, { type: 'success' });
    onClose();
    refresh();
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  const one = entry.label.one;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="record-dialog-title">
      <DialogTitle id="record-dialog-title">{state.mode === 'create' ? `Add ${one}` : `Update ${one}`}</DialogTitle>
      <DialogContent sx={{ pb: 0 }}>
        {state.mode === 'create' ? (
          <CreateBase resource={resource} redirect={false} mutationOptions={{ onSuccess: done(`${one} added`), onError }}>
            <SimpleForm sx={{ p: 0 }} toolbar={<DialogToolbar label="Save" allowed={canCreate} onCancel={onClose} />}>
              {inputs}
            </SimpleForm>
          </CreateBase>
        ) : (
          <EditBase resource={resource} id={state.id} redirect={false} mutationMode="pessimistic" mutationOptions={{ onSuccess: done(`${one} updated`), onError }}>
            <SimpleForm sx={{ p: 0 }} toolbar={<DialogToolbar label="Update" allowed={canEdit} onCancel={onClose} />}>
              {inputs}
            </SimpleForm>
          </EditBase>
        )}
      </DialogContent>
    </Dialog>
  );
};
