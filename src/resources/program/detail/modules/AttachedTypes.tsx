/**
 * The records of one kind a program holds, as a module tab lists them: name, plural name,
 * description (its first 46 characters), form, then edit and remove — or, for permission files,
 * the file with its download. Paged 5, 10 or 25 (default 5, spec 2 §9); on a phone, one card per
 * record.
 */
import type { ReactNode } from 'react';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  Datagrid,
  FunctionField,
  ListContextProvider,
  Pagination,
  ReferenceField,
  ResourceContextProvider,
  SimpleList,
  TextField,
  useList,
  type RaRecord,
} from 'react-admin';
import { preview } from '../../../generic/schema-fields';
import { PermissionFileActions } from '../../../type-records/PermissionFileActions';
import type { TypeKind } from '../../../type-records/type-kinds';
import { useT } from '../../../../i18n/use-t';
import { MODULE_TEXTS } from './module-texts';

export const MODULE_PAGE_SIZES = [5, 10, 25];

interface AttachedTypesProps {
  kind: TypeKind;
  records: RaRecord[];
  /** The row's edit and remove buttons. */
  actions: (record: RaRecord) => ReactNode;
}

const Description = ({ record }: { record: RaRecord }) =>
  typeof record.description === 'string' && record.description ? (
    <Box component="span" title={record.description}>
      {preview(record.description)}
    </Box>
  ) : null;

const FormName = () => <ReferenceField source="form" reference="custom-form" link={false} emptyText="-" />;

export const AttachedTypes = ({ kind, records, actions }: AttachedTypesProps) => {
  const list = useList({ data: records, perPage: 5, sort: { field: 'name', order: 'ASC' }, resource: kind.resource });
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const files = kind.module === 'permission';
  const t = useT();
  // The columns' labels, as the kind's resource names its fields.
  const field = (name: string) => t(`resources.${kind.resource}.fields.${name}`);
  const labels = {
    name: field('name'),
    file: field('file'),
    pluralName: field('plural_name'),
    description: field('description'),
    form: field('form'),
  };
  const empty = (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      {t(MODULE_TEXTS[kind.module].empty)}
    </Typography>
  );
  if (!records.length) return empty;
  return (
    <ResourceContextProvider value={kind.resource}>
      <ListContextProvider value={list}>
        {phone ? (
          <SimpleList
            rowClick={false}
            empty={empty}
            primaryText={(r: RaRecord) => (
              <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {String(r.name ?? '')}
              </Box>
            )}
            secondaryText={(r: RaRecord) =>
              files ? (
                String(r.file_name ?? '')
              ) : (
                <>
                  {r.plural_name ? `${String(r.plural_name)} · ` : ''}
                  <Description record={r} />
                </>
              )
            }
            rightIcon={(r: RaRecord) => actions(r)}
            sx={{
              '& .MuiListItem-root': { borderBottom: 1, borderColor: 'divider', pr: 1 },
              '& .MuiListItemText-secondary': { overflowWrap: 'anywhere' },
            }}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} sx={{ overflowX: 'auto' }}>
            <TextField source="name" label={labels.name} />
            {files ? (
              <TextField source="file_name" label={labels.file} emptyText="-" />
            ) : (
              <TextField source="plural_name" label={labels.pluralName} />
            )}
            {!files && (
              <FunctionField
                source="description"
                label={labels.description}
                sortable={false}
                render={(r: RaRecord) => <Description record={r} />}
              />
            )}
            {!files && <FunctionField source="form" label={labels.form} sortable={false} render={() => <FormName />} />}
            {files && <FunctionField label="" render={(r: RaRecord) => <PermissionFileActions record={r} />} />}
            <FunctionField label="" textAlign="right" render={(r: RaRecord) => actions(r)} />
          </Datagrid>
        )}
        <Pagination rowsPerPageOptions={MODULE_PAGE_SIZES} />
      </ListContextProvider>
    </ResourceContextProvider>
  );
};
