/**
 * The edit page of a resource whose map entry says `form.mode: "page"` (react-admin's
 * /<name>/{id}): the record in the map's form fields, Update and Cancel. Saves wait for the
 * server (pessimistic), so its per-field messages land on the inputs and nothing shows as saved
 * that was not.
 */
import { Edit } from 'react-admin';
import { useRecordPage } from './use-record-page';
import { FormToolbar, formStyle } from './record-form';
import { SchemaForm } from './SchemaForm';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';
import { useT } from '../../i18n/use-t';

export const GenericEdit = () => {
  const { resource, label, backToList, mutationOptions } = useRecordPage('updated');
  const t = useT();
  const title = t('app.records.form.edit_title', { name: label.one });
  return (
    <PageAccess resource={resource} action="edit" denied={t('app.records.form.denied_edit', { name: label.manyLower })}>
      <RecordPageFrame maxWidth={720} title={title}>
        <Edit
          resource={resource}
          title={title}
          actions={false}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={mutationOptions}
        >
          <SchemaForm
            resource={resource}
            sx={formStyle(false)}
            toolbar={<FormToolbar label={t('app.records.form.update')} allowed onCancel={backToList} />}
            onSaved={mutationOptions.onSuccess}
            onFailed={mutationOptions.onError}
          />
        </Edit>
      </RecordPageFrame>
    </PageAccess>
  );
};
