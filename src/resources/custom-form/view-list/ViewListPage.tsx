/**
 * /custom-form/view-list (spec 2 §2): the view lists that choice fields pick their values from,
 * with their files to download, add and update in a dialog, delete behind a confirmation, and
 * sync into the offline databases (all, or one).
 * What a person may do follows the role's listview flags; the server checks them again.
 */
import { useState } from 'react';
import { Box, Card, CardHeader, Divider, Fab, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Datagrid, FunctionField, ListBase, useCanAccess, useRefresh } from 'react-admin';
import type { ViewListRecord } from '../../../providers/view-list-calls';
import { ListBody, ListLoading, ListPagination } from '../../generic/ListStates';
import { EmptyList } from '../../generic/GenericList';
import { NoPermission } from '../../generic/NoPermission';
import { DownloadFileLink } from './DownloadFileLink';
import { ViewListDialog, type ViewListDialogState } from './ViewListDialog';
import { ViewListRowActions } from './ViewListRowActions';
import { SyncAllViewListsButton, useMaySyncViewLists } from './ViewListSync';

/** react-admin's Pagination passes extra props on to MUI's TablePagination. */
const perPageLabel = { labelRowsPerPage: 'View lists per page' } as object;

const rowsOf = (record: ViewListRecord) => {
  const rows = record.row_count ?? 0;
  return `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}`;
};

export default function ViewListPage() {
  const { canAccess: canList, isPending } = useCanAccess({ resource: 'listview', action: 'list' });
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'listview', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'listview', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'listview', action: 'delete' });
  const canSync = useMaySyncViewLists();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<ViewListDialogState>(null);
  if (isPending) return <ListLoading label="Loading view lists" />;
  if (!canList) return <NoPermission message="You don't have permission to see view lists" />;

  return (
    <Box sx={{ py: 2, pb: 12, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        Custom Form
      </Typography>
      <Card variant="outlined">
        <CardHeader
          title="All View List"
          subheader="Lookup lists that choice fields pick their values from"
          slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
          action={canSync ? <SyncAllViewListsButton /> : undefined}
          sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        <Divider />
        <ListBase resource="listview" perPage={10} sort={{ field: 'name', order: 'ASC' }} disableSyncWithLocation>
          <ListBody what="view lists">
            <Datagrid
              bulkActionButtons={false}
              rowClick={false}
              empty={<EmptyList text="No view list yet: add one with the + button" />}
              sx={{
                tableLayout: 'fixed',
                '& .column-name': { width: { xs: '38%', sm: '45%' } },
                // Three icon buttons (sync, edit, delete) side by side; on a phone the cell's padding gives them room.
                '& .column-actions': { width: { xs: 116, sm: 156 }, px: { xs: 0.5, sm: 2 } },
                '& td': { overflow: 'hidden' },
              }}
            >
              <FunctionField<ViewListRecord>
                source="name"
                label="Name"
                render={(record) => (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {record.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {rowsOf(record)}
                    </Typography>
                  </>
                )}
              />
              <FunctionField source="excel_file" label="Download" sortable={false} render={() => <DownloadFileLink />} />
              <FunctionField
                source="actions"
                label="Actions"
                sortable={false}
                textAlign="right"
                render={() => (
                  <ViewListRowActions
                    canSync={canSync}
                    canEdit={canEdit}
                    canDelete={canDelete}
                    onEdit={(record) => setDialog({ mode: 'edit', record })}
                  />
                )}
              />
            </Datagrid>
          </ListBody>
          <ListPagination rowsPerPageOptions={[10, 20, 30]} {...perPageLabel} />
        </ListBase>
      </Card>
      <Tooltip title="Add New Form" placement="left" describeChild>
        <span style={{ position: 'fixed', right: 24, bottom: 24 }}>
          <Fab color="primary" aria-label="Add New Form" disabled={!canCreate} onClick={() => setDialog({ mode: 'create' })}>
            <AddIcon />
          </Fab>
        </span>
      </Tooltip>
      <ViewListDialog
        state={dialog}
        allowed={dialog?.mode === 'edit' ? canEdit : canCreate}
        onClose={() => setDialog(null)}
        onSaved={refresh}
      />
    </Box>
  );
}
