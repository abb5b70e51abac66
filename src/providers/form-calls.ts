/**
 * The custom-form calls react-admin's CRUD does not cover: saving a draft with the version it
 * started from (react-admin's update sends only what changed, and the server needs
 * `draft_version` every time to refuse a stale save), publish, status toggle, revisions, diff,
 * restore (spec 2 §7).
 */
import type { RaRecord } from 'react-admin';
import type { Form } from '@model/generated';
import type { FormDiff, FormRevision } from '@model/forms/form-revision';
import { serverUrl } from '../config/runtime-config';
import { fetchWithSession, type HttpOptions } from './http-client';
import { withId, type WireRecord } from './wire-records';

export type FormRecord = Form & WireRecord & RaRecord;

export type FormDraft = Required<Pick<Form, 'name' | 'structures'>> & Pick<Form, 'program_ids'>;

export interface FormCalls {
  /** PATCH /form/{id}: the whole draft and the draft_version it started from; 409 if someone saved in between. */
  saveFormDraft(id: string, draft: FormDraft, draftVersion: number): Promise<FormRecord>;
  /** POST /form/publish: saves the draft given (if any) and publishes it as the next revision. */
  publishForm(id: string, draftVersion: number, draft?: FormDraft): Promise<FormRecord>;
  /** DELETE /form/deactivate/{id}: Active ↔ Inactive. */
  toggleFormStatus(id: string): Promise<FormRecord>;
  /** GET /form/rev/{id}: the form's published revisions, newest first. */
  getFormRevisions(formId: string): Promise<FormRevision[]>;
  /** GET /form/rev/{id}/diff: what changed, field by field, from one revision to another (or to the draft). */
  getFormDiff(formId: string, from: number, to: number | 'draft'): Promise<FormDiff>;
  /** POST /form/restore: copies a revision into its form's draft. */
  restoreFormRevision(revisionId: string, draftVersion?: number): Promise<FormRecord>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const id = (value: string) => encodeURIComponent(value);

async function formAnswer(path: string, init?: HttpOptions): Promise<FormRecord> {
  const answer = await fetchWithSession<Form & WireRecord>(api(path), init);
  return withId(answer.json) as FormRecord;
}

export const formCalls: FormCalls = {
  saveFormDraft: (formId, draft, draftVersion) =>
    formAnswer(`form/${id(formId)}`, { method: 'PATCH', body: JSON.stringify({ ...draft, draft_version: draftVersion }) }),

  publishForm: (formId, draftVersion, draft) =>
    formAnswer('form/publish', { method: 'POST', body: JSON.stringify({ ...draft, _id: formId, draft_version: draftVersion }) }),

  toggleFormStatus: (formId) => formAnswer(`form/deactivate/${id(formId)}`, { method: 'DELETE' }),

  async getFormRevisions(formId) {
    return (await fetchWithSession<FormRevision[]>(api(`form/rev/${id(formId)}`))).json;
  },

  async getFormDiff(formId, from, to) {
    return (await fetchWithSession<FormDiff>(api(`form/rev/${id(formId)}/diff?from=${from}&to=${to}`))).json;
  },

  restoreFormRevision: (revisionId, draftVersion) =>
    formAnswer('form/restore', {
      method: 'POST',
      body: JSON.stringify(draftVersion === undefined ? { _id: revisionId } : { _id: revisionId, draft_version: draftVersion }),
    }),
};
