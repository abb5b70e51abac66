/**
 * The add page of a resource whose map entry says `form.mode: "page"` (react-admin's
 * /<name>/create): the map's form fields, Save and Cancel; the server's per-field messages show
 * on the inputs, its message as a toast.
 */
import { Create, SimpleForm } from 'react-admin';
import { useRecordPage } from './use-record-page';
import { FormToolbar, formInputs, formStyle } from './record-form';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';

export const GenericCreate = () => {
  const { resource, label, backToList, mutationOptions } = useRecordPage('added');
  return (
    <PageAccess resource={resource} action="create" denied={`You don't have permission to add ${label.many.toLowerCase()}`}>
      <RecordPageFrame maxWidth={720} title={`Add ${label.one}`}>
        <Create resource={resource} title={`Add ${label.one}`} actions={false} redirect={false} mutationOptions={mutationOptions}>
          <SimpleForm sx={formStyle(false)} toolbar={<FormToolbar label="Save" allowed onCancel={backToList} />}>
            {formInputs(resource)}
          </SimpleForm>
        </Create>
      </RecordPageFrame>
    </PageAccess>
  );
};
