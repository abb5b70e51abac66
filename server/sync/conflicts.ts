/**
 * Conflicts: a submitted document edited on two devices offline holds two live versions (leaves),
 * as CouchDB keeps them; the row in `documents` is the winner's. A person reviews them side by
 * side and keeps one: it becomes the row (through every check of an edit) and each other version
 * gets a deletion on its own branch, so every device holding the document converges on the kept
 * one at its next sync. Nothing is dropped silently: the versions stay in the revision history.
 */
import { sql } from 'kysely';
import { collectLeaves, type RevTree } from 'pouchdb-merge';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import { problems } from '../http/errors.ts';
import { visibleTo } from '../documents/document-scope.ts';
import { editDocument } from '../documents/document-edit.ts';
import { nextRevision, type Body } from './publish-documents.ts';
import { lockDatabase, storeRevision } from './sync-store.ts';
import { DOCUMENTS_DB } from './database-names.ts';
import type { Conflict, ConflictVersion } from '@model/sync/sync-wire.ts';

const LIST_LIMIT = 100;

interface ConflictRow {
  local_id: string;
  document_id: string;
  rev_tree: RevTree;
  winning_rev: string;
}

const liveLeaves = (tree: RevTree) =>
  collectLeaves(tree)
    .filter((leaf) => !leaf.opts.deleted)
    .map((leaf) => leaf.rev);

/** The program's documents with more than one version that the caller may read (the newest first, at most 100). */
export async function programConflicts(db: Db, caller: SessionUser, programId: string): Promise<Conflict[]> {
  const { rows } = await sql<ConflictRow>`
    select d.id as local_id, s.document_id, d.rev_tree, d.winning_rev from sync_docs d
    join sync_document_scope s on s.local_id = d.id
    join documents doc on doc.id = s.document_id
    where d.db = ${DOCUMENTS_DB} and d.conflicted and s.program_id = ${programId} and ${visibleTo(caller, 'doc')}
    order by d.seq desc limit ${LIST_LIMIT}`.execute(db);
  const wanted = rows.flatMap((row) => liveLeaves(row.rev_tree).map((rev) => ({ id: row.local_id, rev })));
  if (wanted.length === 0) return [];
  const { rows: bodies } = await sql<{ id: string; rev: string; body: Body }>`
    select r.id, r.rev, r.body from sync_revs r
    join unnest(${wanted.map((w) => w.id)}::text[], ${wanted.map((w) => w.rev)}::text[]) as w(id, rev) on r.id = w.id and r.rev = w.rev
    where r.db = ${DOCUMENTS_DB}`.execute(db);
  const bodyOf = new Map(bodies.map((b) => [`${b.id}\u0000${b.rev}`, b.body]));
  const labels = await labelsOf(db, [...new Set(bodies.map((b) => String(b.body.form_revision_id)))]);
  return rows.map((row) => {
    const versions = liveLeaves(row.rev_tree).map((rev): ConflictVersion => {
      const body = bodyOf.get(`${row.local_id}\u0000${rev}`) ?? {};
      return {
        rev,
        current: rev === row.winning_rev,
        form_revision_id: String(body.form_revision_id ?? ''),
        form_data: (body.form_data as Record<string, unknown>) ?? {},
      };
    });
    versions.sort((a, b) => Number(b.current) - Number(a.current));
    const named = Object.fromEntries(versions.flatMap((v) => Object.entries(labels.get(v.form_revision_id) ?? {})));
    return { local_id: row.local_id, document_id: row.document_id, versions, labels: named };
  });
}

async function labelsOf(db: Db, revisionIds: string[]): Promise<Map<string, Record<string, string>>> {
  const { rows } = await sql<{ id: string; structures: { field_name: string; field_label: string }[] }>`
    select id, structures from form_revisions where id = any(${revisionIds}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.id, Object.fromEntries(r.structures.map((f) => [f.field_name, f.field_label]))]));
}

/**
 * Keeps one version (inside the caller's write transaction): the row takes it through the checks
 * of an edit, the other versions are deleted on their branches. Answers the revision that now wins.
 */
export async function keepVersion(
  trx: Db,
  changes: ChangeSet,
  caller: SessionUser,
  localId: string,
  rev: string,
  now: Date,
): Promise<{ released: string[]; rev: string }> {
  await lockDatabase(trx, DOCUMENTS_DB);
  const { rows } = await sql<ConflictRow & { body: Body | null }>`
    select d.id as local_id, s.document_id, d.rev_tree, d.winning_rev, r.body from sync_docs d
    join sync_document_scope s on s.local_id = d.id
    left join sync_revs r on r.db = d.db and r.id = d.id and r.rev = ${rev}
    where d.db = ${DOCUMENTS_DB} and d.id = ${localId} for update of d`.execute(trx);
  const row = rows[0];
  if (!row) throw problems.documentNotFound();
  const leaves = liveLeaves(row.rev_tree);
  if (!leaves.includes(rev) || !row.body) throw problems.syncVersionGone();
  const edit = { form_data: (row.body.form_data as Record<string, unknown>) ?? {}, form_revision_id: String(row.body.form_revision_id) };
  const released = await editDocument(trx, changes, caller, row.document_id, edit, now);
  for (const other of leaves.filter((leaf) => leaf !== rev)) {
    await storeRevision(trx, DOCUMENTS_DB, nextRevision(localId, { rev_tree: row.rev_tree, winning_rev: other }, {}, true));
  }
  return { released, rev };
}
