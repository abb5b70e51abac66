/**
 * The list page every simple resource gets from its map entry and schema: search, column
 * chooser, hide/show inactive, pager (10/20/30/All), add/edit (a dialog, or pages for
 * `form.mode: "page"`), row actions, and names that open the record's page. On a phone the
 * table becomes a list of cards (name, details, status, a menu of the row's actions) and the
 * toolbar wraps, so nothing is wider than the screen.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  DatagridConfigurable,
  List,
  SearchInput,
  SelectColumnsButton,
  TopToolbar,
  useCanAccess,
  useCreatePath,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { listColumns, resourceEntry, resourceNamed, resourceSchema } from '@model/schema-registry';
import { schemaColumn, schemaLinkColumn } from './schema-fields';
import { columnsPreferenceKey } from './column-preferences';
import { RowActions, type RowExtraProps, type StatusToggle } from './RowActions';
import { RecordDialog, type DialogState } from './RecordDialog';
import { ExportButton } from './ExportButton';
import { ListBody, ListLoading, ListPagination } from './ListStates';
import { PhoneList } from './PhoneList';
import { NoPermission } from './NoPermission';
import { ALL_ROWS } from '../../providers/server-data-provider';
import { useT, type Translate } from '../../i18n/use-t';
import { schemaText } from '../../i18n/schema-text';
import { resourceLabel } from './resource-label';

/** react-admin's Pagination passes extra props on to MUI's TablePagination, whose label we set per resource. */
const perPageLabel = (label: string) => ({ labelRowsPerPage: label }) as object;

/** Spec 1 §9: 10, 20, 30 or All. react-admin's list loops on a page size of -1, so "All" is a size no page reaches. */
const pageSizes = (t: Translate) => [10, 20, 30, { label: t('app.records.list.all_rows'), value: ALL_ROWS }];

export const EmptyList = ({ text }: { text: string }) => (
  <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
    {text}
  </Typography>
);

/** Columns that show their value in a resource's own way, by column name. */
export type ListCells = Partial<Record<string, (record: RaRecord) => ReactNode>>;

export interface GenericListProps {
  /** More buttons on each row, before the status actions (e.g. a role's Permissions). */
  rowExtras?: ComponentType<RowExtraProps>;
  /** Open the add dialog at once (a route such as /role/add). */
  startAdding?: boolean;
  /** The columns that name a record (default: the first column): a phone card's title, and links to the record's page. */
  nameColumns?: string[];
  /** Where a click on a record's name leads (default: its show page). */
  showPath?: (id: string) => string;
  /** Where adding and editing happen, on pages (default: react-admin's /<name>/create and /<name>/{id} for page-mode resources, else a dialog). */
  createPath?: string;
  editPath?: (id: string) => string;
  /** What an empty list says (default: No <label.one> found). */
  emptyText?: string;
  /** Columns shown in the resource's own way (the table and the phone cards alike). */
  cells?: ListCells;
  /** More buttons on the toolbar, before Add. */
  toolbarExtras?: ReactNode;
  /** A status that flips through a call of its own instead of an update of the status field. */
  toggleStatus?: StatusToggle;
  /** Said in the delete confirmation under the record's name (what else goes with it). */
  deleteWarning?: string;
}

export const GenericList = ({
  rowExtras,
  startAdding = false,
  nameColumns,
  showPath,
  createPath,
  editPath,
  emptyText,
  cells,
  toolbarExtras,
  toggleStatus,
  deleteWarning,
}: GenericListProps) => {
  const resource = resourceNamed(useResourceContext()!);
  const navigate = useNavigate();
  const createPathFor = useCreatePath();
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  const { canAccess: canList, isPending } = useCanAccess({ resource, action: 'list' });
  const { canAccess: canCreate = false } = useCanAccess({ resource, action: 'create' });
  const { canAccess: canShow = false } = useCanAccess({ resource, action: 'show' });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [dialog, setDialog] = useState<DialogState>(startAdding ? { mode: 'create' } : null);
  const [activeOnly, setActiveOnly] = useState(false);
  const t = useT();
  const label = resourceLabel(t, resource);
  const many = label.many;
  if (isPending) return <ListLoading label={t('app.records.list.loading', { name: label.manyLower })} />;
  if (!canList)
    return (
      <NoPermission
        message={entry.list?.deniedMessage ? schemaText(entry.list.deniedMessage) : t('app.records.list.denied', { name: label.manyLower })}
      />
    );
  // Page-mode resources (and those naming their pages) add and edit on pages of their own; others in a dialog over the list.
  const onPage = entry.form?.mode === 'page';
  const add = () =>
    createPath || onPage ? navigate(createPath ?? createPathFor({ resource, type: 'create' })) : setDialog({ mode: 'create' });
  const edit = (id: string) =>
    editPath || onPage ? navigate(editPath?.(id) ?? createPathFor({ resource, type: 'edit', id })) : setDialog({ mode: 'edit', id });
  const nameLink = canShow ? (showPath ?? ((id: string) => createPathFor({ resource, type: 'show', id }))) : undefined;

  const statusField = entry.status;
  const columns = listColumns(resource);
  const names = nameColumns ?? columns.filter((c) => c !== statusField).slice(0, 1);
  const empty = <EmptyList text={emptyText ?? t('app.records.list.empty', { name: label.oneLower })} />;
  const columnsKey = columnsPreferenceKey(resource);
  const rowActions = (variant?: 'menu') => (
    // Labelled, so that the column chooser names it ('Actions', as spec 2 §2 heads it) rather than 'Unlabeled column'.
    <RowActions
      label={t('app.records.list.actions')}
      onEdit={edit}
      extras={rowExtras}
      variant={variant}
      toggleStatus={toggleStatus}
      deleteWarning={deleteWarning}
    />
  );
  const phoneRowActions = rowActions('menu');
  const actions = (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: { xs: 'wrap', md: 'nowrap' }, justifyContent: 'flex-end', gap: 1 }}>
      {statusField && (
        <Button color="inherit" onClick={() => setActiveOnly((v) => !v)}>
          {activeOnly ? t('app.records.list.show_all', { name: many }) : t('app.records.list.hide_inactive', { name: many })}
        </Button>
      )}
      {!phone && <SelectColumnsButton preferenceKey={columnsKey} />}
      {entry.list?.export && <ExportButton />}
      {toolbarExtras}
      <Button variant="contained" startIcon={<AddIcon />} disabled={!canCreate} onClick={add}>
        {t('app.records.list.add', { name: label.one })}
      </Button>
    </TopToolbar>
  );

  const title = statusField ? t(activeOnly ? 'app.records.list.title_active' : 'app.records.list.title_all', { name: many }) : many;
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 2, mb: { xs: 1, sm: -1 } }}>
        {title}
      </Typography>
      <List
        resource={resource}
        sx={{ minWidth: 0 }}
        title={title}
        filters={
          entry.list?.search
            ? [<SearchInput key="q" source="q" alwaysOn placeholder={t('app.records.list.search', { name: label.manyLower })} />]
            : undefined
        }
        filter={activeOnly && statusField ? { [statusField]: true } : undefined}
        sort={entry.list?.sort}
        perPage={10}
        actions={actions}
        empty={false}
        pagination={<ListPagination rowsPerPageOptions={pageSizes(t)} {...perPageLabel(t('app.records.list.per_page', { name: many }))} />}
      >
        <ListBody what={label.manyLower}>
          {phone ? (
            <PhoneList
              schema={schema}
              columns={columns}
              nameColumns={names}
              statusField={statusField}
              showPath={nameLink}
              empty={empty}
              cells={cells}
            >
              {phoneRowActions}
            </PhoneList>
          ) : (
            <DatagridConfigurable
              preferenceKey={columnsKey}
              bulkActionButtons={false}
              rowClick={false}
              sx={{ overflowX: 'auto' }}
              empty={empty}
            >
              {columns.map((c) =>
                nameLink && names.includes(c)
                  ? schemaLinkColumn(schema, c, nameLink)
                  : schemaColumn(schema, c, statusField, { render: cells?.[c] }),
              )}
              {rowActions()}
            </DatagridConfigurable>
          )}
        </ListBody>
      </List>
      <RecordDialog resource={resource} state={dialog} onClose={() => setDialog(null)} />
    </>
  );
};
