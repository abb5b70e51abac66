/**
 * Documents for the export tests, written straight into the database as a submission writes them
 * (the submission routes are not what these tests are about): the document row and its counters
 * (document_counts, document_days) bumped in the same transaction. Forms are made and published
 * through the form routes, type records through their generic route, as the console does.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../../server/db/database.ts';
import type { TestServer } from './test-server.ts';
import { caller } from './http.ts';

export interface NewDocument {
  program_id: string;
  module: DocumentModule;
  type_id: string;
  form_revision_id: string;
  form_data: Record<string, unknown>;
  created_by: string;
  local_id?: string;
  created_at?: Date;
  processed_at?: Date | null;
}

export async function insertDocument(db: Db, d: NewDocument): Promise<string> {
  const id = randomUUID();
  const createdAt = d.created_at ?? new Date();
  await db.transaction().execute(async (trx) => {
    await sql`insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by, created_at, updated_at, processed_at)
      values (${id}, ${d.local_id ?? `local-${id}`}, ${d.program_id}, ${d.module}, ${d.type_id}, ${d.form_revision_id},
              ${JSON.stringify(d.form_data)}::jsonb, ${d.created_by}, ${createdAt}, ${createdAt}, ${d.processed_at ?? null})`.execute(trx);
    await sql`insert into document_counts (program_id, module, type_id, created_by, n)
      values (${d.program_id}, ${d.module}, ${d.type_id}, ${d.created_by}, 1)
      on conflict (program_id, type_id, created_by) do update set n = document_counts.n + 1`.execute(trx);
    await sql`insert into document_days (day, program_id, created_by, n)
      values ((${createdAt}::timestamptz at time zone 'UTC')::date, ${d.program_id}, ${d.created_by}, 1)
      on conflict (day, program_id, created_by) do update set n = document_days.n + 1`.execute(trx);
  });
  return id;
}

/** A form published once per list of fields (revision 1, 2…), through POST /form and POST /form/publish. */
export async function publishedForm(
  t: TestServer,
  token: string,
  name: string,
  revisions: FormField[][],
): Promise<{ formId: string; revisionIds: string[] }> {
  const call = caller(() => t.api.app);
  const created = await call('POST', '/form', { token, payload: { name, structures: revisions[0] } });
  expect(created.statusCode, created.body).toBe(201);
  const formId = created.json()._id as string;
  let draftVersion = created.json().draft_version as number;
  for (const structures of revisions) {
    const res = await call('POST', '/form/publish', { token, payload: { _id: formId, draft_version: draftVersion, structures } });
    expect(res.statusCode, res.body).toBe(200);
    draftVersion = res.json().draft_version;
  }
  const { rows } = await sql<{ id: string }>`select id from form_revisions where form_id = ${formId} order by version`.execute(t.ctx.db);
  return { formId, revisionIds: rows.map((r) => r.id) };
}

/** A type record of a module's kind, using `formId`, through its generic route. */
export async function typeWithForm(t: TestServer, token: string, path: string, name: string, formId: string): Promise<string> {
  const res = await caller(() => t.api.app)('POST', `/${path}`, {
    token,
    payload: { name, plural_name: `${name}s`, description: `${name} records`, form: formId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}
