/**
 * Per-row actions: edit; active rows offer Deactivate; inactive rows offer Activate and Delete
 * (spec 1 §4), each behind its confirmation. Buttons follow the role's flags; the server decides.
 */
import { useState, type ComponentType } from 'react';
import { Button, IconButton, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh, useResourceContext, useUpdate } from 'react-admin';
import { resourceEntry } from '../../shared/schema-registry';
import { useCan } from '../../session/useSession';
import { confirmQuestion, doneMessage, statusAction, type StatusAction } from './status-wording';

export const RowActions = ({ onEdit, extras: Extras }: { onEdit: (id: string) => void; extras?: ComponentType }) => {
  const record = useRecordContext();
  const resource = useResourceContext()!;
  const entry = resourceEntry(resource);
  const statusField = entry.status;
  const canEdit = useCan(resource, 'edit');
  const canDelete = useCan(resource, 'delete');
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending: updating }] = useUpdate();
  const [remove, { isPending: deleting }] = useDelete();
  const [pending, setPending] = useState<StatusAction | null>(null);
  if (!record) return null;
  const active = statusField ? record[statusField] === true : true;
  const label = entry.label.one;
  const onError = (error: unknown) => notify((error as Error).message, { type: 'error' });

  const run = () => {
    const action = pending!;
    const onSuccess = () => {
      notify(doneMessage(label, action), { type: 'success' });
      setPending(null);
      refresh();
    };
    if (action === 'delete') {
      remove(resource, { id: record.id, previousData: record }, { mutationMode: 'pessimistic', onSuccess, onError });
    } else {
      update(
        resource,
        { id: record.id, data: { [statusField!]: action === 'activate' }, previousData: record },
        { mutationMode: 'pessimistic', onSuccess, onError },
      );
    }
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      {Extras && <Extras />}
      <Tooltip title={`Edit ${label.toLowerCase()}`}>
        <span>
          <IconButton size="small" aria-label="Edit" disabled={!canEdit} onClick={() => onEdit(String(record.id))}>
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      {statusField && active && (
        <Button size="small" color="inherit" variant="outlined" disabled={!canEdit} onClick={() => setPending(statusAction(true))}>
          Deactivate
        </Button>
      )}
      {statusField && !active && (
        <>
          <Button size="small" color="secondary" variant="outlined" disabled={!canEdit} onClick={() => setPending(statusAction(false))}>
            Activate
          </Button>
          <Button size="small" color="error" variant="outlined" disabled={!canDelete} onClick={() => setPending(statusAction(undefined))}>
            Delete
          </Button>
        </>
      )}
      <Confirm
        isOpen={pending !== null}
        loading={updating || deleting}
        title={pending ? confirmQuestion(pending) : ''}
        content={recordName(record)}
        confirm={pending ? pending[0].toUpperCase() + pending.slice(1) : 'Confirm'}
        cancel="Cancel"
        confirmColor={pending === 'delete' ? 'warning' : 'primary'}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
};

function recordName(record: Record<string, unknown>): string {
  if (record.first_name !== undefined) return `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim();
  return String(record.name ?? record.role ?? '');
}
