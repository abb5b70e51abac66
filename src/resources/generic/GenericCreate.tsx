/**
 * The add page of a resource whose map entry says `form.mode: "page"` (react-admin's
 * /<name>/create): the map's form fields, Save and Cancel; the server's per-field messages show
 * on the inputs, its message as a toast.
 */
import { Create, SimpleForm, useNotify, useRedirect, useResourceContext } from 'react-admin';
import { resourceEntry, resourceNamed } from '@model/schema-registry';
import { FormToolbar, formInputs, formStyle } from './record-form';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';

export const GenericCreate = () => {
  const resource = resourceNamed(useResourceContext()!);
  const { label } = resourceEntry(resource);
  const notify = useNotify();
  const redirect = useRedirect();
  const backToList = () => redirect('list', resource);
  const onSuccess = () => {
    notify(`${label.one} added`, { type: 'success' });
    backToList();
  };
  const onError = (error: Error) => notify(error.message, { type: 'error' });
  return (
    <PageAccess resource={resource} action="create" denied={`You don't have permission to add ${label.many.toLowerCase()}`}>
      <RecordPageFrame maxWidth={720} title={`Add ${label.one}`}>
        <Create resource={resource} title={`Add ${label.one}`} actions={false} redirect={false} mutationOptions={{ onSuccess, onError }}>
          <SimpleForm sx={formStyle(false)} toolbar={<FormToolbar label="Save" allowed onCancel={backToList} />}>
            {formInputs(resource)}
          </SimpleForm>
        </Create>
      </RecordPageFrame>
    </PageAccess>
  );
};
