/**
 * A device pushing its documents database (`_bulk_docs` with `new_edits: false` to `user-{id}`):
 * each new document goes through exactly the checks of `POST /document` (insertSubmission), and
 * its row, its change-log row and its revision in the shared store commit together, so a retry
 * after a lost answer finds the revision held and writes nothing twice.
 *
 * A refused document is answered `forbidden` with the reason (PouchDB then counts it as denied
 * and does not send it again), and the user's status document for it (`fieldbase-status:{local
 * id}`, pulled with their database) says why, with the field messages; accepted later, the
 * status says so. A device's edit of a document goes through the checks of PATCH /document/{id};
 * two devices' edits of one document are both kept, as CouchDB keeps a conflict. A device cannot
 * delete a submitted document (refused the same way), so nothing pushed from a device removes data.
 */
import { sql } from 'kysely';
import { merge, revExists, winningRev, type RevTree } from 'pouchdb-merge';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import { inWriteTransaction, type ChangeContext } from '../changes/change-log.ts';
import { Problem, problems } from '../http/errors.ts';
import { insertSubmission, LocalIdRace } from '../documents/document-submit-route.ts';
import { documentByLocalId, type NewDocument } from '../documents/document-store.ts';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import { bodyOf, parseRev, pathOf, type ReplicatedDoc } from './rev-tree.ts';
import { editDocument } from '../documents/document-edit.ts';
import { removeAttachmentFiles } from '../documents/document-attachments.ts';
import { lockDatabase, REVS_LIMIT, storeRevision, type WriteRefusal } from './sync-store.ts';
import { nextRevision, type Body } from './publish-documents.ts';
import { recordScope } from './document-revisions.ts';
import { DOCUMENTS_DB, userDatabase } from './database-names.ts';

export const STATUS_PREFIX = 'fieldbase-status:';

interface PushContext {
  db: Db;
  /** Where attachment files live: those an edit stops naming are removed after it commits. */
  uploadsDir: string;
  caller: SessionUser;
  change: ChangeContext;
  now: () => Date;
}

/** Stores what can be stored; answers a refusal per document that was not. */
export async function pushDocuments(push: PushContext, docs: ReplicatedDoc[]): Promise<WriteRefusal[]> {
  const refusals: WriteRefusal[] = [];
  for (const doc of docs) {
    const refusal = await pushOne(push, doc);
    if (refusal) refusals.push(refusal);
  }
  return refusals;
}

async function pushOne(push: PushContext, doc: ReplicatedDoc): Promise<WriteRefusal | undefined> {
  const id = typeof doc._id === 'string' ? doc._id : '';
  if (!parseRev(doc._rev) || !id || id.startsWith('_') || id.startsWith('fieldbase-') || id.length > 200) {
    return {
      id,
      rev: String(doc._rev),
      error: 'bad_request',
      reason: 'A document needs an _id (its local_id, not starting with _ or fieldbase-) and a valid _rev',
    };
  }
  if (await revisionHeld(push.db, id, doc._rev)) return undefined;
  const refused = (reason: string, fields?: Record<string, string>) => refuse(push, doc, reason, fields);
  if (doc._deleted) return refused('A submitted document cannot be deleted from a device: ask for it to be deleted in the console');
  const submission = asSubmission(id, bodyOf(doc));
  if (typeof submission === 'string') return refused(submission);
  const held = await documentByLocalId(push.db, id);
  // A first revision under another user's local_id is a new document that collided, not an edit.
  if (held && held.created_by !== push.caller.id && parseRev(doc._rev)!.pos === 1)
    return refused('Another user has a document with this local_id');
  if (held) return pushEdit(push, doc, held.id, submission);
  try {
    await inWriteTransaction(push.db, push.change, async (trx, changes) => {
      const documentId = await insertSubmission(trx, changes, push.caller, submission, push.now);
      await recordScope(trx, { id: documentId, local_id: id, program_id: submission.program_id, created_by: push.caller.id });
      await lockDatabase(trx, DOCUMENTS_DB);
      await storeRevision(trx, DOCUMENTS_DB, doc);
      await writeStatus(trx, push.caller.id, id, { status: 'accepted' }, true);
    });
    return undefined;
  } catch (err) {
    // Stored meanwhile by a retry of the same push: held now, nothing to say.
    if (err instanceof LocalIdRace && (await revisionHeld(push.db, id, doc._rev))) return undefined;
    if (err instanceof Problem && err.status < 500) return refused(err.message, err.fields);
    throw err;
  }
}

/**
 * A new revision of a document the store holds: the version that now wins (as CouchDB picks it,
 * pouchdb-merge) becomes the row, through every check of PATCH /document/{id}; a version that does
 * not win is kept beside it as a conflict (checked the same way, the row unchanged), never lost.
 */
async function pushEdit(push: PushContext, doc: ReplicatedDoc, documentId: string, edit: NewDocument): Promise<WriteRefusal | undefined> {
  const refused = (reason: string, fields?: Record<string, string>) => refuse(push, doc, reason, fields);
  try {
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
      await writeStatus(trx, push.caller.id, doc._id, { status: 'accepted' }, true);
      return files;
    });
    await removeAttachmentFiles(push.uploadsDir, released);
    return undefined;
  } catch (err) {
    if (err instanceof Problem && err.status < 500) return refused(err.message, err.fields);
    throw err;
  }
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

async function revisionHeld(db: Db, id: string, rev: string): Promise<boolean> {
  const { rows } = await sql<{ rev_tree: RevTree }>`select rev_tree from sync_docs where db = ${DOCUMENTS_DB} and id = ${id}`.execute(db);
  return rows[0] !== undefined && revExists(rows[0].rev_tree, rev);
}

async function refuse(push: PushContext, doc: ReplicatedDoc, reason: string, fields?: Record<string, string>): Promise<WriteRefusal> {
  await push.db
    .transaction()
    .execute((trx) => writeStatus(trx, push.caller.id, doc._id, { status: 'refused', reason, fields: fields ?? {} }));
  return { id: doc._id, rev: doc._rev, error: 'forbidden', reason };
}

/** The user's status document of a pushed document (only updated, with `onlyIfHeld`, when there is one). */
async function writeStatus(trx: Db, userId: string, localId: string, status: Body, onlyIfHeld = false): Promise<void> {
  const name = userDatabase(userId);
  const statusId = `${STATUS_PREFIX}${localId}`;
  await lockDatabase(trx, name);
  const { rows } = await sql<{ rev_tree: RevTree; winning_rev: string }>`
    select rev_tree, winning_rev from sync_docs where db = ${name} and id = ${statusId} for update`.execute(trx);
  if (onlyIfHeld && !rows[0]) return;
  await storeRevision(trx, name, nextRevision(statusId, rows[0], { local_id: localId, ...status }, false));
}
