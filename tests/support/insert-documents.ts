/**
 * Documents written straight into the database, for the tests of what reads them (the dashboard,
 * the Data Explorer), with the counters counted as a submission counts them, in the same
 * transaction (countNewDocuments). And a published form revision made
 * through the form routes, for documents to be filled against.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../../server/db/database.ts';
import { countNewDocuments } from '../../server/documents/document-counters.ts';
import { bearer, type TestServer } from './test-server.ts';

export interface NewDocument {
  programId: string;
  module: DocumentModule;
  typeId: string;
  formRevisionId: string;
  createdBy: string;
  formData?: Record<string, unknown>;
  localId?: string;
  createdAt?: Date;
  processedAt?: Date | null;
}

export interface InsertedDocument {
  id: string;
  seq: number;
  local_id: string;
}

let serial = 0;

/** Inserts the documents in the order given (so their seq grows in that order), counters included, in one transaction. */
export async function insertDocuments(db: Db, documents: NewDocument[]): Promise<InsertedDocument[]> {
  return db.transaction().execute(async (trx) => {
    const inserted: InsertedDocument[] = [];
    for (const d of documents) {
      const createdAt = d.createdAt ?? new Date();
      const { rows } = await sql<InsertedDocument>`
        insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by, created_at, updated_at, processed_at, processed_by)
        values (${randomUUID()}, ${d.localId ?? `local-${++serial}-${randomUUID().slice(0, 8)}`}, ${d.programId}, ${d.module}, ${d.typeId},
          ${d.formRevisionId}, ${JSON.stringify(d.formData ?? {})}::jsonb, ${d.createdBy}, ${createdAt}, ${createdAt},
          ${d.processedAt ?? null}, ${d.processedAt ? d.createdBy : null})
        returning id, seq, local_id`.execute(trx);
      inserted.push({ ...rows[0]!, seq: Number(rows[0]!.seq) });
      await countNewDocuments(trx, [
        { program_id: d.programId, module: d.module, type_id: d.typeId, created_by: d.createdBy, created_at: createdAt, seq: rows[0]!.seq },
      ]);
    }
    return inserted;
  });
}

/** Sets who sees a program's documents (the fixtures insert programs with the default). */
export async function setDocumentVisible(db: Db, programId: string, visible: 'ALL' | 'OWN'): Promise<void> {
  await sql`update programs set document_visible = ${visible} where id = ${programId}`.execute(db);
}

/**
 * A form added and published through POST /form and POST /form/publish, as the console does; each
 * further list of fields is saved and published as the next revision. Answers the revision ids, in order.
 */
export async function publishedForm(
  t: TestServer,
  token: string,
  name: string,
  ...revisions: FormField[][]
): Promise<{ formId: string; revisionIds: string[] }> {
  const add = await t.api.app.inject({ method: 'POST', url: '/form', headers: bearer(token), payload: { name, structures: revisions[0] } });
  expect(add.statusCode, add.body).toBe(201);
  const formId = add.json()._id as string;
  for (const [i, structures] of revisions.entries()) {
    const draftVersion = async () =>
      (await t.api.app.inject({ method: 'GET', url: `/form/${formId}`, headers: bearer(token) })).json().draft_version as number;
    const payload = i === 0 ? { _id: formId } : { _id: formId, name, structures, draft_version: await draftVersion() };
    const res = await t.api.app.inject({ method: 'POST', url: '/form/publish', headers: bearer(token), payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  const { rows } = await sql<{ id: string }>`select id from form_revisions where form_id = ${formId} order by version`.execute(t.ctx.db);
  expect(rows).toHaveLength(revisions.length);
  return { formId, revisionIds: rows.map((r) => r.id) };
}
