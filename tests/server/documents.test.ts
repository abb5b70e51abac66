/**
 * Submitting documents (POST /document) and reading them back: the world of
 * tests/support/documents.ts, a submission answered in full, idempotent on its local_id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
}, 60_000);
afterAll(() => t?.close());

describe('POST /document', () => {
  it('stores a document and answers it in full, labelled by its revision', async () => {
    const [doc] = await world.submit({ answers: () => ({ name: 'Achieng', age: 31, village: 'north' }) });
    expect(doc).toMatchObject({
      doc_type: 'BENEFICIARY',
      module: 'beneficiaries',
      program_id: world.program.id,
      program_slug: world.program.name_slug,
      type_id: world.types.beneficiary,
      beneficiary_type_name: doc!.type_name,
      form_revision_id: world.revisions.household[1],
      form_version: 2,
      form_data: {
        name: { label: 'Name', value: 'Achieng' },
        age: { label: 'Age in years', value: 31 },
        village: { label: 'Village', value: 'north' },
      },
      user_object: { _id: world.member.id, first_name: 'Member 1' },
      processed: false,
      processedAt: null,
    });
    const read = await t.api.app.inject({ method: 'GET', url: `/document/${doc!._id}`, headers: world.member.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(doc);
  });
});
