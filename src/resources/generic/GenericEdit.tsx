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

export const GenericEdit = () => {
  const { resource, label, backToList, mutationOptions } = useRecordPage('updated');
  return (
    <PageAccess resource={resource} action="edit" denied={`You don't have permission to edit ${label.many.toLowerCase()}`}>
      <RecordPageFrame maxWidth={720} title={`Edit ${label.one}`}>
        <Edit
          resource={resource}
          title={`Edit ${label.one}`}
          actions={false}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={mutationOptions}
        >
          <SchemaForm
            resource={resource}
            sx={formStyle(false)}
            toolbar={<FormToolbar label="Update" allowed onCancel={backToList} />}
            onSaved={mutationOptions.onSuccess}
            onFailed={mutationOptions.onError}
          />
        </Edit>
      </RecordPageFrame>
    </PageAccess>
  );
};
