/**
 * A document filled in on a published form, checked against that revision's fields on the api
 * server: the same compiled schema as the preview, so a field the logic hides is not demanded, a
 * visible one is, and a refusal names the field in the words a field worker reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';
import { assertValidDocument, documentProblems } from '../../server/documents/document-check.ts';
import { Problem } from '../../server/http/errors.ts';

let t: TestServer;
/** Revision 1 of a published form, as stored. */
let revision: { _id: string; structures: FormField[] };

const structures: FormField[] = [
  { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', validation: { required: true } },
  {
    field_label: 'Reason',
    field_name: 'reason',
    field_type: 'text',
    validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
  },
  { field_label: 'Phone number', field_name: 'phone', field_type: 'phone' },
];

beforeAll(async () => {
  t = await startTestServer();
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const created = await t.api.app.inject({ method: 'POST', url: '/form', headers: admin.headers, payload: { name: 'Visit', structures } });
  expect(created.statusCode, created.body).toBe(201);
  const published = await t.api.app.inject({
    method: 'POST',
    url: '/form/publish',
    headers: admin.headers,
    payload: { _id: created.json()._id },
  });
  expect(published.statusCode, published.body).toBe(200);
  const { rows } = await sql<{ id: string; structures: FormField[] }>`select id, structures from form_revisions`.execute(t.ctx.db);
  revision = { _id: rows[0]!.id, structures: rows[0]!.structures };
});
afterAll(() => t?.close());

describe("a document checked against its revision's fields", () => {
  it('a required field the logic hides is not required', () => {
    expect(documentProblems(revision, { attended: true })).toBeNull();
  });

  it('the same field, shown by the answers, is required and named by its label', () => {
    expect(documentProblems(revision, { attended: false })).toEqual({ reason: 'Reason is required' });
    expect(documentProblems(revision, { attended: false, reason: '' })).toEqual({ reason: 'Reason is required' });
    expect(documentProblems(revision, { attended: false, reason: 'Sick' })).toBeNull();
  });

  it('a phone number of 9 digits is refused, naming the field', () => {
    expect(documentProblems(revision, { attended: true, phone: '071234567' })).toEqual({
      phone: 'Phone number must be at least 10 characters',
    });
    expect(documentProblems(revision, { attended: true, phone: '0712345678' })).toBeNull();
  });

  it('a choice field published before it had options takes no answer, and does not break the check', () => {
    const withEmptyChoices = {
      _id: 'r-empty-choices',
      structures: [
        { field_label: 'Crops', field_name: 'crops', field_type: 'checkbox' },
        { field_label: 'Ward', field_name: 'ward', field_type: 'radio' },
      ] as FormField[],
    };
    expect(documentProblems(withEmptyChoices, { crops: [], ward: null })).toBeNull();
    expect(documentProblems(withEmptyChoices, { crops: ['maize'] })).toHaveProperty('crops');
  });

  it('refuses with a 400 catalogue error, and leaves the answers as sent', () => {
    const answers = { attended: false };
    let thrown: unknown;
    try {
      assertValidDocument(revision, answers);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Problem);
    expect((thrown as Problem).toBody()).toEqual({
      message: 'Reason is required',
      code: 'VALIDATION_FAILED',
      fields: { reason: 'Reason is required' },
    });
    expect(answers).toEqual({ attended: false });
  });
});
