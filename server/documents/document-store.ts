/**
 * The writes of documents, each run inside the caller's transaction after the checks
 * (document-checks.ts) and rules (document-rules.ts) have passed: the row, its attachments
 * and the counters move together, or not at all.
 */
import { sql } from 'kysely';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { bumpCounters, COUNTER_TABLES_IN_ORDER, countingCtes } from './document-counters.ts';
import { executePrepared } from '../db/prepared.ts';
import type { AttachmentFact } from './document-changes.ts';

export interface NewDocument {
  local_id: string;
  program_id: string;
  module: DocumentModule;
  type_id: string;
  form_revision_id: string;
  form_data: Record<string, unknown>;
}

/** The stored row the rules and writes need, locked `for update` (a change or a delete). */
export interface StoredDocument {
  id: string;
  local_id: string;
  program_id: string;
  module: DocumentModule;
  type_id: string;
  form_revision_id: string;
  created_by: string;
  created_at: Date;
  processed_at: Date | null;
  seq: string;
}

/** The same, with its answers: for a change or a delete, whose change-log row shows them. */
export type AnsweredDocument = StoredDocument & { form_data: Record<string, unknown> };

export async function lockDocument(trx: Db, id: string): Promise<StoredDocument | undefined>;
export async function lockDocument(trx: Db, id: string, withAnswers: true): Promise<AnsweredDocument | undefined>;
export async function lockDocument(trx: Db, id: string, withAnswers = false): Promise<StoredDocument | undefined> {
  // Marking processed never needs the answers: they are read only when asked for.
  const answers = withAnswers ? sql`, form_data` : sql``;
  const { rows } = await sql<StoredDocument>`select id, local_id, program_id, module, type_id, form_revision_id, created_by,
    created_at, processed_at, seq${answers} from documents where id = ${id} for update`.execute(trx);
  return rows[0];
}

/** Who holds a local id already: the app's retry finds its own document, anyone else's is a conflict. */
export async function documentByLocalId(db: Db, localId: string): Promise<{ id: string; created_by: string } | undefined> {
  return db.selectFrom('documents').select(['id', 'created_by']).where('local_id', '=', localId).executeTakeFirst();
}

/**
 * Inserts the document and counts it, unless its local id is taken meanwhile (a retry racing
 * the first attempt): then nothing is written and undefined answers, for the caller to roll
 * back and answer the stored one.
 */
export async function insertDocument(trx: Db, doc: NewDocument, createdBy: string, now: Date): Promise<string | undefined> {
  return (await insertDocuments(trx, [doc], createdBy, now))[0];
}

/**
 * insertDocument for many documents of one submitter (a device's pushed batch), in one statement
 * and one count: answers each one's id in order, undefined for one whose local id is taken.
 */
export async function insertDocuments(trx: Db, docs: NewDocument[], createdBy: string, now: Date): Promise<(string | undefined)[]> {
  if (!docs.length) return [];
  const column = <K extends keyof NewDocument>(key: K) => docs.map((doc) => doc[key]);
  // The rows and their counts in one statement: a local id taken meanwhile inserts nothing, so counts nothing.
  const rows = await executePrepared(
    trx,
    'insert_documents',
    sql<{ id: string; local_id: string }>`
    with inserted as (
      insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by, created_at, updated_at)
      select gen_random_uuid()::text, d.local_id, d.program_id, d.module, d.type_id, d.form_revision_id, d.form_data,
        ${createdBy}, ${now}, ${now}
      from unnest(${column('local_id')}::text[], ${column('program_id')}::text[], ${column('module')}::text[], ${column('type_id')}::text[],
        ${column('form_revision_id')}::text[], ${docs.map((doc) => JSON.stringify(doc.form_data))}::jsonb[])
        with ordinality as d(local_id, program_id, module, type_id, form_revision_id, form_data, n)
      order by d.n
      on conflict (local_id) do nothing
      returning id, local_id, program_id, module, type_id, created_by, created_at, seq
    ),
    ${countingCtes('inserted')},
    counted as (${COUNTER_TABLES_IN_ORDER})
    select inserted.id, inserted.local_id from inserted, counted`,
  );
  const ids = new Map(rows.map((row) => [row.local_id, row.id]));
  return docs.map((doc) => ids.get(doc.local_id));
}

export async function updateDocument(
  trx: Db,
  id: string,
  change: { form_data: Record<string, unknown>; form_revision_id: string },
  now: Date,
): Promise<void> {
  await sql`update documents set form_data = ${JSON.stringify(change.form_data)}::jsonb, form_revision_id = ${change.form_revision_id},
    updated_at = ${now} where id = ${id}`.execute(trx);
}

/** Removes the locked document, uncounts it, and answers its attachments (their rows go by cascade; the files after commit). */
export async function deleteDocument(trx: Db, doc: StoredDocument): Promise<AttachmentFact[]> {
  const { rows } = await sql<AttachmentFact>`select name, size from document_attachments where document_id = ${doc.id}`.execute(trx);
  const deleted = await sql`delete from documents where id = ${doc.id}`.execute(trx);
  if (!deleted.numAffectedRows) throw problems.documentNotFound();
  await bumpCounters(trx, doc, -1);
  return rows;
}

/** Marks the document processed once; marking it again keeps the first reviewer and time. */
export async function markProcessed(trx: Db, id: string, by: string, now: Date): Promise<void> {
  await sql`update documents set processed_at = ${now}, processed_by = ${by}
    where id = ${id} and processed_at is null`.execute(trx);
}
