/**
 * The submitted documents in the shared offline store (`documents`, each under its local_id) kept
 * in step with the `documents` table, by the follower: a document submitted through
 * `POST /document`, changed or processed in the console, or deleted, gets a new revision (a
 * deletion for a deleted one), which reaches every device whose user may read it. A revision is
 * written only when what a device holds differs from the row — the submission fields and the
 * answers — so a document pushed by a device is not sent back to it.
 */
import { sql } from 'kysely';
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../db/database.ts';
import { nextRevision, type Body } from './publish-documents.ts';
import { lockDatabase, storeRevision } from './sync-store.ts';
import { DOCUMENTS_DB } from './database-names.ts';

/** The fields a device's document holds, as POST /document takes them (its `_id` is the local_id). */
export const DEVICE_FIELDS = ['program_id', 'module', 'type_id', 'form_revision_id', 'form_data'] as const;

interface DocumentRow {
  id: string;
  local_id: string;
  program_id: string;
  module: string;
  type_id: string;
  form_revision_id: string;
  form_data: Record<string, unknown>;
  created_by: string;
}

interface HeldRevision {
  rev_tree: never;
  winning_rev: string;
  deleted: boolean;
  body: Body | null;
}

/** Brings each document's revision in the shared store in line with its row (documents deleted: a deletion). */
export async function publishDocumentRows(db: Db, documentIds: string[]): Promise<number> {
  let written = 0;
  for (const id of new Set(documentIds)) {
    written += await db.transaction().execute(async (trx) => {
      await lockDatabase(trx, DOCUMENTS_DB);
      const { rows } = await sql<DocumentRow>`
        select id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by from documents where id = ${id}`.execute(
        trx,
      );
      return rows[0] ? publishRow(trx, rows[0]) : publishDeletion(trx, id);
    });
  }
  return written;
}

async function publishRow(trx: Db, row: DocumentRow): Promise<number> {
  await recordScope(trx, row);
  const held = await heldRevision(trx, row.local_id);
  const fields = Object.fromEntries(DEVICE_FIELDS.map((f) => [f, row[f]]));
  if (held && !held.deleted && held.body && DEVICE_FIELDS.every((f) => isDeepStrictEqual(held.body![f], fields[f]))) return 0;
  await storeRevision(trx, DOCUMENTS_DB, nextRevision(row.local_id, held, { ...(held?.body ?? {}), ...fields }, false));
  return 1;
}

async function publishDeletion(trx: Db, documentId: string): Promise<number> {
  const { rows } = await sql<{ local_id: string }>`select local_id from sync_document_scope where document_id = ${documentId}`.execute(trx);
  if (!rows[0]) return 0;
  const held = await heldRevision(trx, rows[0].local_id);
  if (!held || held.deleted) return 0;
  await storeRevision(trx, DOCUMENTS_DB, nextRevision(rows[0].local_id, held, {}, true));
  return 1;
}

/** Who may read the document, kept beside the store (and after the row is gone, for its deletion). */
export async function recordScope(trx: Db, row: ScopedDocument): Promise<void> {
  await recordScopes(trx, [row]);
}

type ScopedDocument = Pick<DocumentRow, 'id' | 'local_id' | 'program_id' | 'created_by'>;

/** recordScope of many documents (each local id once), in one statement. */
export async function recordScopes(trx: Db, rows: ScopedDocument[]): Promise<void> {
  if (!rows.length) return;
  const column = <K extends keyof ScopedDocument>(key: K) => rows.map((row) => row[key]);
  await sql`
    insert into sync_document_scope (local_id, document_id, program_id, created_by)
    select * from unnest(${column('local_id')}::text[], ${column('id')}::text[], ${column('program_id')}::text[], ${column('created_by')}::text[])
    on conflict (local_id) do update set document_id = excluded.document_id, program_id = excluded.program_id,
      created_by = excluded.created_by`.execute(trx);
}

async function heldRevision(trx: Db, localId: string): Promise<HeldRevision | undefined> {
  const { rows } = await sql<HeldRevision>`
    select d.rev_tree, d.winning_rev, d.deleted, r.body from sync_docs d
    left join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
    where d.db = ${DOCUMENTS_DB} and d.id = ${localId} for update of d`.execute(trx);
  return rows[0];
}
