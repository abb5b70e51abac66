/**
 * A row's sync (for a role that may sync view lists), Edit and Delete (behind a confirmation),
 * each enabled by the role's listview flags.
 */
import { useState } from 'react';
import { IconButton, Stack, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Confirm, useDelete, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { ViewListRecord } from '../../../providers/view-list-calls';
import { SyncViewListButton } from './ViewListSync';

interface ViewListRowActionsProps {
  canSync: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (record: ViewListRecord) => void;
}

export const ViewListRowActions = ({ canSync, canEdit, canDelete, onEdit }: ViewListRowActionsProps) => {
  const record = useRecordContext<ViewListRecord>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [remove, { isPending: deleting }] = useDelete();
  const [confirming, setConfirming] = useState(false);
  if (!record) return null;

  const deleteList = () =>
    remove(
      'listview',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('View list deleted', { type: 'success' });
          setConfirming(false);
          refresh();
        },
        onError: (error) => {
          notify((error as Error).message || 'The view list could not be deleted', { type: 'error' });
          setConfirming(false);
        },
      },
    );

  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {canSync && <SyncViewListButton listId={String(record.id)} name={record.name} />}
      <Tooltip title="Edit">
        <span>
          <IconButton size="small" aria-label={`Edit ${record.name}`} disabled={!canEdit} onClick={() => onEdit(record)}>
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title="Delete">
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={`Delete ${record.name}`}
            disabled={!canDelete}
            onClick={() => setConfirming(true)}
          >
            <DeleteIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Confirm
        isOpen={confirming}
        loading={deleting}
        title="Delete this view list?"
        content={`"${record.name}" and its rows will be deleted. Choice fields that use it will have nothing left to pick from.`}
        confirm="Delete"
        cancel="Cancel"
        confirmColor="warning"
        onConfirm={deleteList}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
