/**
 * A record's own page (react-admin's /<name>/{id}/show), for every generic resource: its name,
 * then each of its fields under its label — references by the referenced record's name, choices
 * by their labels, Active/Inactive, dates as DD-MM-YYYY — and Edit (the edit page, or the
 * resource's dialog); below them, the record's History.
 */
import { useState, type ComponentType } from 'react';
import { Button, Card, CardContent, CircularProgress, Grid } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { Link } from 'react-router-dom';
import {
  Labeled,
  ShowBase,
  useCanAccess,
  useCreatePath,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { listColumns, resourceEntry, resourceNamed, resourceSchema, type ResourceName } from '@model/schema-registry';
import { formFields } from './record-form';
import { schemaColumn } from './schema-fields';
import { RecordDialog } from './RecordDialog';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';
import { representationOf } from './property-kinds';
import type { RowExtraProps } from './RowActions';
import { HistorySection } from '../../audit/HistorySection';
import { useT } from '../../i18n/use-t';
import type { MessageKey } from '../../i18n/catalogue';
import { resourceLabel } from './resource-label';
import { fieldLabel } from './schema-fields';

/** Labels for the timestamps every generic record carries, which their schemas leave untitled. */
const STAMP_LABELS: Record<string, MessageKey> = { createdAt: 'app.records.show.created', updatedAt: 'app.records.show.updated' };

/** What the page lists: the form's fields, then the table's other columns, the status and the timestamps. */
export function showFields(resource: ResourceName): string[] {
  const schema = resourceSchema(resource);
  const entry = resourceEntry(resource);
  const name = representationOf(resource);
  const wanted = [...formFields(resource), ...listColumns(resource), entry.status, ...Object.keys(STAMP_LABELS)];
  return [...new Set(wanted)].filter((f): f is string => !!f && f !== name && f in schema.properties && !schema.properties[f]!.writeOnly);
}

const Fields = ({ resource }: { resource: ResourceName }) => {
  const schema = resourceSchema(resource);
  const { status } = resourceEntry(resource);
  return (
    <Grid container spacing={2}>
      {showFields(resource).map((f) => (
        <Grid key={f} size={{ xs: 12, sm: 6 }}>
          <Labeled label={fieldLabel(schema, f, STAMP_LABELS[f])}>
            {schemaColumn(schema, f, status, { emptyText: '—', whole: true })}
          </Labeled>
        </Grid>
      ))}
    </Grid>
  );
};

interface GenericShowProps {
  /** More buttons beside Edit (e.g. a role's Permissions). */
  extras?: ComponentType<RowExtraProps>;
  /** More of the record below its fields, before its History (e.g. a webhook's deliveries). */
  sections?: ComponentType<{ id: string }>;
}

const ShowContent = ({ extras: Extras, sections: Sections }: GenericShowProps) => {
  const resource = resourceNamed(useResourceContext()!);
  const entry = resourceEntry(resource);
  const record = useRecordContext();
  const representation = useGetRecordRepresentation(resource);
  const createPath = useCreatePath();
  const { canAccess: canEdit = false } = useCanAccess({ resource, action: 'edit' });
  const [editing, setEditing] = useState(false);
  const t = useT();
  if (!record) return <CircularProgress sx={{ m: 4 }} aria-label={t('app.records.form.loading')} />;
  const onPage = entry.form?.mode === 'page';
  const edit = onPage ? (
    <Button
      variant="contained"
      startIcon={<EditIcon />}
      disabled={!canEdit}
      component={Link}
      to={createPath({ resource, type: 'edit', id: record.id })}
    >
      {t('app.records.show.edit')}
    </Button>
  ) : (
    <Button variant="contained" startIcon={<EditIcon />} disabled={!canEdit} onClick={() => setEditing(true)}>
      {t('app.records.show.edit')}
    </Button>
  );
  return (
    <RecordPageFrame
      overline={resourceLabel(t, resource).one}
      title={representation(record)}
      actions={
        <>
          {Extras && <Extras variant="buttons" />}
          {edit}
        </>
      }
    >
      <Card>
        <CardContent sx={{ p: { xs: 2, md: 3 } }}>
          <Fields resource={resource} />
        </CardContent>
      </Card>
      {Sections && <Sections id={String(record.id)} />}
      <HistorySection resource={resource} id={String(record.id)} />
      {!onPage && (
        <RecordDialog
          resource={resource}
          state={editing ? { mode: 'edit', id: String(record.id) } : null}
          onClose={() => setEditing(false)}
        />
      )}
    </RecordPageFrame>
  );
};

export const GenericShow = ({ extras, sections }: GenericShowProps) => {
  const resource = resourceNamed(useResourceContext()!);
  const t = useT();
  return (
    <PageAccess resource={resource} action="show" denied={t('app.records.list.denied', { name: resourceLabel(t, resource).manyLower })}>
      <ShowBase resource={resource}>
        <ShowContent extras={extras} sections={sections} />
      </ShowBase>
    </PageAccess>
  );
};
