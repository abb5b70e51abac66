/**
 * The list page every simple resource gets from its map entry and schema: search, column
 * chooser, hide/show inactive, pager (10/20/30/All), add/edit modal and row actions. On a
 * phone the table becomes a list of cards (name, details, status, a menu of the row's actions)
 * and the toolbar wraps, so nothing is wider than the screen.
 */
import { useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { DatagridConfigurable, List, SearchInput, SelectColumnsButton, TopToolbar, useResourceContext } from 'react-admin';
import { listColumns, resourceEntry, resourceNamed, resourceSchema } from '@model/schema-registry';
import { useCan } from '../../session/useSession';
import { schemaColumn, schemaLinkColumn } from './schema-fields';
import { RowActions, type RowExtraProps } from './RowActions';
import { RecordDialog, type DialogState } from './RecordDialog';
import { ExportButton } from './ExportButton';
import { ListBody, ListPagination } from './ListStates';
import { PhoneList } from './PhoneList';
import { ALL_ROWS } from '../../providers/server-data-provider';

/** react-admin's Pagination passes extra props on to MUI's TablePagination, whose label we set per resource. */
const perPageLabel = (label: string) => ({ labelRowsPerPage: label }) as object;

/** Spec 1 §9: 10, 20, 30 or All. react-admin's list loops on a page size of -1, so "All" is a size no page reaches. */
export const PAGE_SIZES = [10, 20, 30, { label: 'All', value: ALL_ROWS }];

export const NoPermission = ({ message }: { message: string }) => (
  <Box sx={{ p: 4 }}>
    <Typography variant="h6" color="text.secondary">
      {message}
    </Typography>
  </Box>
);

export const EmptyList = ({ text }: { text: string }) => (
  <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
    {text}
  </Typography>
);

export interface GenericListProps {
  /** More buttons on each row, before the status actions (e.g. a role's Permissions). */
  rowExtras?: ComponentType<RowExtraProps>;
  /** Open the add dialog at once (a route such as /role/add). */
  startAdding?: boolean;
  /** The columns that name a record (default: the first column): a phone card's title, and links to `showPath`. */
  nameColumns?: string[];
  /** Where a click on a record's name leads (e.g. a user's read-only profile). */
  showPath?: (id: string) => string;
}

export const GenericList = ({ rowExtras, startAdding = false, nameColumns, showPath }: GenericListProps) => {
  const resource = resourceNamed(useResourceContext()!);
  const navigate = useNavigate();
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  const canList = useCan(resource, 'list');
  const canCreate = useCan(resource, 'create');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [dialog, setDialog] = useState<DialogState>(startAdding ? { mode: 'create' } : null);
  const [activeOnly, setActiveOnly] = useState(false);
  const many = entry.label.many;
  if (!canList) return <NoPermission message={entry.list?.deniedMessage ?? `You don't have permission to see ${many.toLowerCase()}`} />;
  // Page-mode resources edit on their own routes (/user/add, /user/edit/{id}); others in a dialog.
  const onPage = entry.form?.mode === 'page';
  const add = () => (onPage ? navigate(`/${resource}/add`) : setDialog({ mode: 'create' }));
  const edit = (id: string) => (onPage ? navigate(`/${resource}/edit/${id}`) : setDialog({ mode: 'edit', id }));

  const statusField = entry.status;
  const columns = listColumns(resource);
  const names = nameColumns ?? columns.filter((c) => c !== statusField).slice(0, 1);
  const empty = <EmptyList text={`No ${entry.label.one.toLowerCase()} found`} />;
  const actions = (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' }, justifyContent: 'flex-end', gap: 1 }}>
      {statusField && (
        <Button color="inherit" onClick={() => setActiveOnly((v) => !v)}>
          {activeOnly ? `Show All ${many}` : `Hide Inactive ${many}`}
        </Button>
      )}
      {!phone && <SelectColumnsButton />}
      {entry.list?.export && <ExportButton />}
      <Button variant="contained" startIcon={<AddIcon />} disabled={!canCreate} onClick={add}>
        {`Add ${entry.label.one}`}
      </Button>
    </TopToolbar>
  );

  const title = statusField ? `${activeOnly ? 'Active' : 'All'} ${many}` : many;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2, mb: { xs: 1, sm: -1 } }}>
        {title}
      </Typography>
      <List
        resource={resource}
        sx={{ minWidth: 0 }}
        title={title}
        filters={entry.list?.search ? [<SearchInput key="q" source="q" alwaysOn placeholder={`Search ${many.toLowerCase()}`} />] : undefined}
        filter={activeOnly && statusField ? { [statusField]: true } : undefined}
        sort={entry.list?.sort}
        perPage={10}
        actions={actions}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={PAGE_SIZES} {...perPageLabel(`${many} per page`)} />}
      >
        <ListBody what={many.toLowerCase()}>
          {phone ? (
            <PhoneList schema={schema} columns={columns} nameColumns={names} statusField={statusField} showPath={showPath} empty={empty}>
              <RowActions onEdit={edit} extras={rowExtras} variant="menu" />
            </PhoneList>
          ) : (
            <DatagridConfigurable bulkActionButtons={false} rowClick={false} sx={{ overflowX: 'auto' }} empty={empty}>
              {columns.map((c) => (showPath && names.includes(c) ? schemaLinkColumn(schema, c, showPath) : schemaColumn(schema, c, statusField)))}
              <RowActions onEdit={edit} extras={rowExtras} />
            </DatagridConfigurable>
          )}
        </ListBody>
      </List>
      <RecordDialog resource={resource} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
};
