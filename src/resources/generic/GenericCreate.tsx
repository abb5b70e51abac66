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
import { useT } from '../../i18n/use-t';

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
  const t = useT();
  const title = t('app.records.form.add_title', { name: label.one });
  return (
    <PageAccess resource={resource} action="create" denied={t('app.records.form.denied_add', { name: label.manyLower })}>
      {before}
      <RecordPageFrame maxWidth={720} title={title}>
        <Create resource={resource} title={title} actions={false} redirect={false} mutationOptions={mutationOptions}>
          <SchemaForm
            resource={resource}
            sx={formStyle(false)}
            toolbar={<FormToolbar label={t('app.records.form.save')} allowed onCancel={backToList} />}
            onSaved={mutationOptions.onSuccess as (record: RaRecord) => void}
            onFailed={mutationOptions.onError}
          />
        </Create>
      </RecordPageFrame>
    </PageAccess>
  );
};
