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
import { useT } from '../../../i18n/use-t';

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
  const t = useT();
  if (!record) return null;

  const deleteList = () =>
    remove(
      'listview',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify('app.forms.view_lists.row.deleted', { type: 'success' });
          setConfirming(false);
          refresh();
        },
        onError: (error) => {
          notify((error as Error).message || 'app.forms.view_lists.row.delete_failed', { type: 'error' });
          setConfirming(false);
        },
      },
    );

  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      {canSync && <SyncViewListButton listId={String(record.id)} name={record.name} />}
      <Tooltip title={t('ra.action.edit')}>
        <span>
          <IconButton
            size="small"
            aria-label={t('app.forms.view_lists.row.edit', { name: record.name })}
            disabled={!canEdit}
            onClick={() => onEdit(record)}
          >
            <EditIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={t('ra.action.delete')}>
        <span>
          <IconButton
            size="small"
            color="error"
            aria-label={t('app.forms.view_lists.row.delete', { name: record.name })}
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
        title={t('app.forms.view_lists.row.confirm_title')}
        content={t('app.forms.view_lists.row.confirm_content', { name: record.name })}
        confirm="ra.action.delete"
        cancel="ra.action.cancel"
        confirmColor="warning"
        onConfirm={deleteList}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
};
