/**
 * A device pushing its documents database (`_bulk_docs` with `new_edits: false` to `user-{id}`):
 * each new document goes through exactly the checks of `POST /document`, and its row, its
 * change-log row and its revision in the shared store commit together, so a retry after a lost
 * answer finds the revision held and writes nothing twice.
 *
 * The new documents of one batch are checked and written together, in one transaction and a
 * handful of statements (most share a program, a type and a revision); a refused one is left out
 * of it. What needs a document of its own goes one at a time after it: an edit, a document whose
 * answers name uploaded files (claimed one by one), and the whole batch again when a retry of the
 * same push wrote some of it meanwhile.
 *
 * A refused document is answered `forbidden` with the reason (PouchDB then counts it as denied
 * and does not send it again), and the user's status document for it (push-status.ts) says why,
 * with the field messages; accepted later, the status says so. A device's edit of a document goes
 * through the checks of PATCH /document/{id}; two devices' edits of one document are both kept, as
 * CouchDB keeps a conflict. A device cannot delete a submitted document (refused the same way), so
 * nothing pushed from a device removes data.
 */
import { sql } from 'kysely';
import { merge, revExists, winningRev, type RevTree } from 'pouchdb-merge';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import { inWriteTransaction, type ChangeContext } from '../changes/change-log.ts';
import { Problem, problems } from '../http/errors.ts';
import { insertSubmission, LocalIdRace } from '../documents/document-submit-route.ts';
import { checkSubmission, SubmissionReads } from '../documents/document-checks.ts';
import { attachmentAnswers } from '../documents/document-answers.ts';
import { recordSubmitted } from '../documents/document-changes.ts';
import { insertDocuments, type NewDocument } from '../documents/document-store.ts';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import { bodyOf, parseRev, pathOf, type ReplicatedDoc } from './rev-tree.ts';
import { editDocument } from '../documents/document-edit.ts';
import { removeAttachmentFiles } from '../documents/document-attachments.ts';
import { lockDatabase, REVS_LIMIT, storeRevision, storeRevisions, type WriteRefusal } from './sync-store.ts';
import type { Body } from './publish-documents.ts';
import { recordScope, recordScopes } from './document-revisions.ts';
import { writeStatuses } from './push-status.ts';
import { DOCUMENTS_DB } from './database-names.ts';
import type { FileStore } from '../files/file-store.ts';

interface PushContext {
  db: Db;
  /** The attachment files: those an edit stops naming are removed after it commits. */
  files: FileStore;
  caller: SessionUser;
  change: ChangeContext;
  now: () => Date;
}

/** What the store holds under a pushed document's id: its revisions, and the document row of that local id. */
interface Held {
  rev_tree: RevTree | null;
  document_id: string | null;
  created_by: string | null;
}

interface Refused {
  doc: ReplicatedDoc;
  reason: string;
  fields?: Record<string, string>;
}

/** What becomes of one pushed document, before anything is written. */
type Sorted =
  | { kind: 'malformed'; refusal: WriteRefusal }
  | { kind: 'held' }
  | { kind: 'refused'; reason: string }
  | { kind: 'edit'; documentId: string; submission: NewDocument }
  | { kind: 'new'; submission: NewDocument };

/** Stores what can be stored; answers a refusal per document that was not. */
export async function pushDocuments(push: PushContext, docs: ReplicatedDoc[]): Promise<WriteRefusal[]> {
  const held = await heldOf(push.db, docs.map(idOf));
  const refusals: WriteRefusal[] = [];
  const refused: Refused[] = [];
  const fresh: { doc: ReplicatedDoc; submission: NewDocument }[] = [];
  const oneByOne: ReplicatedDoc[] = [];
  const inBatch = new Set<string>();
  for (const doc of docs) {
    const sorted = sortPushed(push.caller, doc, held.get(idOf(doc)));
    if (sorted.kind === 'malformed') refusals.push(sorted.refusal);
    else if (sorted.kind === 'refused') refused.push({ doc, reason: sorted.reason });
    else if (sorted.kind === 'new' && !inBatch.has(doc._id)) {
      inBatch.add(doc._id);
      fresh.push({ doc, submission: sorted.submission });
    } else if (sorted.kind !== 'held') oneByOne.push(doc);
  }
  // Refusals first: a later leaf of the same document that is accepted then has the last word.
  refusals.push(...(await recordRefusals(push, refused)));
  const batch = await pushNewDocuments(push, fresh);
  refusals.push(...(await recordRefusals(push, batch.refused)));
  for (const doc of [...batch.later, ...oneByOne]) {
    const refusal = await pushOne(push, doc);
    if (refusal) refusals.push(refusal);
  }
  return refusals;
}

const idOf = (doc: ReplicatedDoc) => (typeof doc._id === 'string' ? doc._id : '');

/** What the store holds under each id, in one statement. */
async function heldOf(db: Db, ids: string[]): Promise<Map<string, Held>> {
  const { rows } = await sql<Held & { id: string }>`/* prepared:sync_push_held */
    select w.id, d.rev_tree, doc.id as document_id, doc.created_by
    from unnest(${ids}::text[]) as w(id)
    left join sync_docs d on d.db = ${DOCUMENTS_DB} and d.id = w.id
    left join documents doc on doc.local_id = w.id`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

function sortPushed(caller: SessionUser, doc: ReplicatedDoc, held: Held | undefined): Sorted {
  const id = idOf(doc);
  if (!parseRev(doc._rev) || !id || id.startsWith('_') || id.startsWith('fieldbase-') || id.length > 200) {
    const reason = 'A document needs an _id (its local_id, not starting with _ or fieldbase-) and a valid _rev';
    return { kind: 'malformed', refusal: { id, rev: String(doc._rev), error: 'bad_request', reason } };
  }
  if (held?.rev_tree && revExists(held.rev_tree, doc._rev)) return { kind: 'held' };
  if (doc._deleted)
    return { kind: 'refused', reason: 'A submitted document cannot be deleted from a device: ask for it to be deleted in the console' };
  const submission = asSubmission(id, bodyOf(doc));
  if (typeof submission === 'string') return { kind: 'refused', reason: submission };
  if (!held?.document_id) return { kind: 'new', submission };
  // A first revision under another user's local_id is a new document that collided, not an edit.
  if (held.created_by !== caller.id && parseRev(doc._rev)!.pos === 1)
    return { kind: 'refused', reason: 'Another user has a document with this local_id' };
  return { kind: 'edit', documentId: held.document_id, submission };
}

/**
 * The batch's new documents in one transaction: each checked as POST /document checks it (a
 * refused one is left out), then their rows, counters, change-log rows, scopes and revisions
 * written together. Answers the refused, and those to push one at a time after it.
 */
async function pushNewDocuments(
  push: PushContext,
  fresh: { doc: ReplicatedDoc; submission: NewDocument }[],
): Promise<{ refused: Refused[]; later: ReplicatedDoc[] }> {
  if (!fresh.length) return { refused: [], later: [] };
  try {
    return await inWriteTransaction(push.db, push.change, async (trx, changes) => {
      const reads = new SubmissionReads(trx);
      const refused: Refused[] = [];
      const later: ReplicatedDoc[] = [];
      const accepted: typeof fresh = [];
      // Programs are share-locked as first checked: in id order, as every batch takes them.
      const byProgram = [...fresh].sort((a, b) => (a.submission.program_id < b.submission.program_id ? -1 : 1));
      for (const item of byProgram) {
        try {
          const revision = await checkSubmission(reads, push.caller, item.submission);
          if (attachmentAnswers(revision.structures, item.submission.form_data).length) later.push(item.doc);
          else accepted.push(item);
        } catch (err) {
          if (!(err instanceof Problem && err.status < 500)) throw err;
          refused.push({ doc: item.doc, reason: err.message, fields: err.fields });
        }
      }
      // In one order whatever the batch's, so two pushes of the same documents wait on each other, never deadlock.
      accepted.sort((a, b) => (a.doc._id < b.doc._id ? -1 : 1));
      const ids = await insertDocuments(
        trx,
        accepted.map((item) => item.submission),
        push.caller.id,
        push.now(),
      );
      if (ids.includes(undefined)) throw new LocalIdRace();
      if (!accepted.length) return { refused, later };
      const stored = accepted.map((item, i) => ({ ...item, id: ids[i]! }));
      for (const item of stored) recordSubmitted(changes, item.id, item.submission, push.caller.id, []);
      await recordScopes(
        trx,
        stored.map((item) => ({ id: item.id, local_id: item.doc._id, program_id: item.submission.program_id, created_by: push.caller.id })),
      );
      await lockDatabase(trx, DOCUMENTS_DB);
      await storeRevisions(
        trx,
        DOCUMENTS_DB,
        stored.map((item) => item.doc),
      );
      await writeStatuses(trx, push.caller.id, new Map(stored.map((item) => [item.doc._id, { status: 'accepted' as const }])), true);
      return { refused, later };
    });
  } catch (err) {
    // A retry of the same push stored some of them meanwhile: each goes again on its own.
    if (err instanceof LocalIdRace) return { refused: [], later: fresh.map((item) => item.doc) };
    throw err;
  }
}

/** One document on its own, read again from the store. */
async function pushOne(push: PushContext, doc: ReplicatedDoc): Promise<WriteRefusal | undefined> {
  const sorted = sortPushed(push.caller, doc, (await heldOf(push.db, [idOf(doc)])).get(idOf(doc)));
  if (sorted.kind === 'malformed') return sorted.refusal;
  if (sorted.kind === 'held') return undefined;
  const refused = async (reason: string, fields?: Record<string, string>) => (await recordRefusals(push, [{ doc, reason, fields }]))[0];
  if (sorted.kind === 'refused') return refused(sorted.reason);
  try {
    if (sorted.kind === 'edit') await pushEdit(push, doc, sorted.documentId, sorted.submission);
    else await pushNew(push, doc, sorted.submission);
    return undefined;
  } catch (err) {
    // Stored meanwhile by a retry of the same push: held now, nothing to say.
    if (err instanceof LocalIdRace && (await revisionHeld(push.db, doc))) return undefined;
    if (err instanceof Problem && err.status < 500) return refused(err.message, err.fields);
    throw err;
  }
}

async function pushNew(push: PushContext, doc: ReplicatedDoc, submission: NewDocument): Promise<void> {
  await inWriteTransaction(push.db, push.change, async (trx, changes) => {
    const documentId = await insertSubmission(trx, changes, push.caller, submission, push.now);
    await recordScope(trx, { id: documentId, local_id: doc._id, program_id: submission.program_id, created_by: push.caller.id });
    await lockDatabase(trx, DOCUMENTS_DB);
    await storeRevision(trx, DOCUMENTS_DB, doc);
    await writeStatuses(trx, push.caller.id, new Map([[doc._id, { status: 'accepted' }]]), true);
  });
}

/**
 * A new revision of a document the store holds: the version that now wins (as CouchDB picks it,
 * pouchdb-merge) becomes the row, through every check of PATCH /document/{id}; a version that does
 * not win is kept beside it as a conflict (checked the same way, the row unchanged), never lost.
 */
async function pushEdit(push: PushContext, doc: ReplicatedDoc, documentId: string, edit: NewDocument): Promise<void> {
  const released = await inWriteTransaction(push.db, { ...push.change, action: 'update' }, async (trx, changes) => {
    await lockDatabase(trx, DOCUMENTS_DB);
    const { rows } = await sql<{ rev_tree: RevTree; program_id: string; module: string; type_id: string }>`
      select d.rev_tree, s.program_id, doc.module, doc.type_id from sync_docs d
      join sync_document_scope s on s.local_id = d.id join documents doc on doc.id = s.document_id
      where d.db = ${DOCUMENTS_DB} and d.id = ${doc._id} for update of d`.execute(trx);
    const current = rows[0];
    if (current && (current.program_id !== edit.program_id || current.module !== edit.module || current.type_id !== edit.type_id)) {
      throw problems.documentMismatch({ type_id: 'A document cannot move to another program, module or type' });
    }
    const wins = !current || winningRev({ rev_tree: merge(current.rev_tree, pathOf(doc), REVS_LIMIT).tree }) === doc._rev;
    const files = await editDocument(trx, changes, push.caller, documentId, edit, push.now(), { checkOnly: !wins });
    await storeRevision(trx, DOCUMENTS_DB, doc);
    await writeStatuses(trx, push.caller.id, new Map([[doc._id, { status: 'accepted' }]]), true);
    return files;
  });
  await removeAttachmentFiles(push.files, released);
}

/** The body as POST /document takes it, or what is wrong with it. */
function asSubmission(localId: string, body: Body): NewDocument | string {
  const text = (key: string) => (typeof body[key] === 'string' && body[key] ? (body[key] as string) : undefined);
  const missing = ['program_id', 'module', 'type_id', 'form_revision_id'].filter((key) => !text(key));
  if (missing.length) return `The document lacks ${missing.join(', ')}`;
  if (!(text('module')! in MODULE_KINDS)) return `No module ${text('module')}: one of ${Object.keys(MODULE_KINDS).join(', ')}`;
  const answers = body.form_data;
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return 'The document lacks its answers (form_data, an object)';
  return {
    local_id: localId,
    program_id: text('program_id')!,
    module: text('module') as DocumentModule,
    type_id: text('type_id')!,
    form_revision_id: text('form_revision_id')!,
    form_data: answers as Record<string, unknown>,
  };
}

async function revisionHeld(db: Db, doc: ReplicatedDoc): Promise<boolean> {
  const tree = (await heldOf(db, [doc._id])).get(doc._id)?.rev_tree;
  return !!tree && revExists(tree, doc._rev);
}

/** Writes the status of each refused document (one transaction for all) and answers their refusals. */
async function recordRefusals(push: PushContext, refused: Refused[]): Promise<WriteRefusal[]> {
  if (!refused.length) return [];
  const statuses = new Map(
    refused.map(({ doc, reason, fields }) => [doc._id, { status: 'refused' as const, reason, fields: fields ?? {} }]),
  );
  await push.db.transaction().execute((trx) => writeStatuses(trx, push.caller.id, statuses));
  return refused.map(({ doc, reason }) => ({ id: doc._id, rev: doc._rev, error: 'forbidden', reason }));
}
