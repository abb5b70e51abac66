/**
 * The add page of a resource whose map entry says `form.mode: "page"` (react-admin's
 * /<name>/create), or of a resource another page adds on (e.g. /beneficiaries/add): the form's
 * fields, Save and Cancel; the server's per-field messages show on the inputs, its message as a
 * toast.
 */
import type { ReactNode } from 'react';
import { Create, type RaRecord } from 'react-admin';
import { useRecordPage } from './use-record-page';
import { FormToolbar, formStyle } from './record-form';
import { PageAccess, RecordPageFrame } from './RecordPageFrame';
import { SchemaForm } from './SchemaForm';

export interface GenericCreateProps {
  /** Where Cancel and a save lead (default: the resource's list). */
  backTo?: string;
  /** The toast after a save (default: "<Label> added"). */
  savedMessage?: string;
  /** The toast after a refused save (default: the server's message). */
  failedMessage?: (error: Error) => string;
  /** Above the heading (e.g. a link back). */
  before?: ReactNode;
}

export const GenericCreate = ({ backTo, savedMessage, failedMessage, before }: GenericCreateProps = {}) => {
  const { resource, label, backToList, mutationOptions } = useRecordPage('added', { backTo, savedMessage, failedMessage });
  return (
    <PageAccess resource={resource} action="create" denied={`You don't have permission to add ${label.many.toLowerCase()}`}>
      {before}
      <RecordPageFrame maxWidth={720} title={`Add ${label.one}`}>
        <Create resource={resource} title={`Add ${label.one}`} actions={false} redirect={false} mutationOptions={mutationOptions}>
          <SchemaForm
            resource={resource}
            sx={formStyle(false)}
            toolbar={<FormToolbar label="Save" allowed onCancel={backToList} />}
            onSaved={mutationOptions.onSuccess as (record: RaRecord) => void}
            onFailed={mutationOptions.onError}
          />
        </Create>
      </RecordPageFrame>
    </PageAccess>
  );
};
