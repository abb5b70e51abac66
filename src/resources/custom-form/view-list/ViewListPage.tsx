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
import { useT, type Translate } from '../../../i18n/use-t';

const rowsOf = (record: ViewListRecord, t: Translate) => {
  const rows = record.row_count ?? 0;
  return t('app.forms.view_lists.page.rows', { smart_count: rows, count: rows.toLocaleString() });
};

export default function ViewListPage() {
  const { canAccess: canList, isPending } = useCanAccess({ resource: 'listview', action: 'list' });
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'listview', action: 'create' });
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'listview', action: 'edit' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'listview', action: 'delete' });
  const canSync = useMaySyncViewLists();
  const refresh = useRefresh();
  const [dialog, setDialog] = useState<ViewListDialogState>(null);
  const t = useT();
  if (isPending) return <ListLoading label={t('app.forms.view_lists.page.loading')} />;
  if (!canList) return <NoPermission message={t('app.forms.view_lists.page.denied')} />;
  /** react-admin's Pagination passes extra props on to MUI's TablePagination. */
  const perPageLabel = { labelRowsPerPage: t('app.forms.view_lists.page.per_page') } as object;

  return (
    <Box sx={{ py: 2, pb: 12, maxWidth: 1100 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('app.forms.view_lists.page.heading')}
      </Typography>
      <Card variant="outlined">
        <CardHeader
          title={t('app.forms.view_lists.page.title')}
          subheader={t('app.forms.view_lists.page.subheader')}
          slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
          action={canSync ? <SyncAllViewListsButton /> : undefined}
          sx={{ '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
        />
        <Divider />
        <ListBase resource="listview" perPage={10} sort={{ field: 'name', order: 'ASC' }} disableSyncWithLocation>
          <ListBody what={t('app.forms.view_lists.page.what')}>
            <Datagrid
              bulkActionButtons={false}
              rowClick={false}
              empty={<EmptyList text={t('app.forms.view_lists.page.empty')} />}
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
                label={t('resources.listview.fields.name')}
                render={(record) => (
                  <>
                    <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {record.name}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {rowsOf(record, t)}
                    </Typography>
                  </>
                )}
              />
              <FunctionField
                source="excel_file"
                label={t('app.forms.view_lists.page.download')}
                sortable={false}
                render={() => <DownloadFileLink />}
              />
              <FunctionField
                source="actions"
                label={t('app.forms.view_lists.page.actions')}
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
      <Tooltip title={t('app.forms.view_lists.page.add')} placement="left" describeChild>
        <span style={{ position: 'fixed', right: 24, bottom: 24 }}>
          <Fab
            color="primary"
            aria-label={t('app.forms.view_lists.page.add')}
            disabled={!canCreate}
            onClick={() => setDialog({ mode: 'create' })}
          >
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
