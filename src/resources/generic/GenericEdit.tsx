/**
 * The edit page of a resource whose map entry says `form.mode: "page"` (react-admin's
 * /<name>/{id}): the record in the map's form fields, Update and Cancel. Saves wait for the
 * server (pessimistic), so its per-field messages land on the inputs and nothing shows as saved
 * that was not.
 */
import { Edit, SimpleForm, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { FormToolbar, formInputs, formStyle } from './record-form';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';

export const GenericEdit = () => {
  const resource = resourceNamed(useResourceContext()!);
  const { label } = resourceEntry(resource);
  const notify = useNotify();
  const redirect = useRedirect();
  const backToList = () => redirect('list', resource);
  const onSuccess = () => {
    notify(`${label.one} updated`, { type: 'success' });
    backToList();
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  return (
    <PageAccess resource={resource} action="edit" denied={`You don't have permission to edit ${label.many.toLowerCase()}`}>
      <RecordPageFrame maxWidth={720} title={`Edit ${label.one}`}>
        <Edit
          resource={resource}
          title={`Edit ${label.one}`}
          actions={false}
          redirect={false}
          mutationMode="pessimistic"
          mutationOptions={{ onSuccess, onError }}
        >
          <SimpleForm sx={formStyle(false)} toolbar={<FormToolbar label="Update" allowed onCancel={backToList} />}>
            {formInputs(resource)}
          </SimpleForm>
        </Edit>
      </RecordPageFrame>
    </PageAccess>
  );
};
