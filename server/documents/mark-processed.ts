/**
 * Marking documents processed (reviewed), one or many. Each document goes through the same
 * checks and is recorded the same way, whether the drawer's button or the Data Explorer's bulk
 * action asked: the caller must be able to read it (else it is "not found", its existence not
 * told), its program must not be locked, and it is stamped once with the reviewer and the time
 * (marking it again keeps the first reviewer and time).
 */
import { sql } from 'kysely';
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import { problems, Problem } from '../http/errors.ts';
import { visibleTo } from './document-scope.ts';
import { programForDocument } from './document-checks.ts';
import { lockDocument, markProcessed, type AnsweredDocument, type StoredDocument } from './document-store.ts';
import { recordProcessed } from './document-changes.ts';
import type { ChangeSet } from '../changes/change-log.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

/** The document locked for a change, when the caller may read it (404 otherwise); with its answers when asked. */
export async function lockVisible(trx: Db, caller: Caller, id: string): Promise<StoredDocument>;
export async function lockVisible(trx: Db, caller: Caller, id: string, withAnswers: true): Promise<AnsweredDocument>;
export async function lockVisible(trx: Db, caller: Caller, id: string, withAnswers = false): Promise<StoredDocument> {
  const { rows } = await sql<{ id: string }>`select d.id from documents d where d.id = ${id} and ${visibleTo(caller, 'd')}`.execute(trx);
  const doc = !rows[0] ? undefined : withAnswers ? await lockDocument(trx, id, true) : await lockDocument(trx, id);
  if (!doc) throw problems.documentNotFound();
  return doc;
}

/**
 * Marks one document processed, or throws the refusal; answers whether it was processed already.
 * A document it marks gets its change row (`changes`); one processed already changes, and records, nothing.
 */
export async function markOneProcessed(
  trx: Db,
  changes: ChangeSet,
  caller: Caller,
  id: string,
  now: Date,
): Promise<'marked' | 'already processed'> {
  const doc = await lockVisible(trx, caller, id);
  const program = (await programForDocument(trx, doc.program_id, doc.module))!;
  if (program.lock_program === 1) throw problems.programLocked();
  if (doc.processed_at !== null) return 'already processed';
  await markProcessed(trx, doc.id, caller.id, now);
  recordProcessed(changes, doc, caller.id, now);
  return 'marked';
}

export interface NotMarked {
  _id: string;
  code: string;
  message: string;
}

export interface BulkProcessedAnswer {
  processed: string[];
  not_processed: NotMarked[];
}

export const ALREADY_PROCESSED = { code: 'ALREADY_PROCESSED', message: 'Already processed' } as const;

/**
 * Marks each of the documents processed, in the caller's transaction, each checked on its own:
 * those it may not be done to are reported with the reason (not found, locked program, already
 * processed), never skipped without a word; each one marked gets a change row, those refused none. Locks are taken in id order, so two bulk marks over
 * the same documents cannot deadlock.
 */
export async function markManyProcessed(
  trx: Db,
  changes: ChangeSet,
  caller: Caller,
  ids: string[],
  now: Date,
): Promise<BulkProcessedAnswer> {
  const answer: BulkProcessedAnswer = { processed: [], not_processed: [] };
  for (const id of [...ids].sort()) {
    try {
      const outcome = await markOneProcessed(trx, changes, caller, id, now);
      if (outcome === 'marked') answer.processed.push(id);
      else answer.not_processed.push({ _id: id, ...ALREADY_PROCESSED });
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      answer.not_processed.push({ _id: id, code: error.code, message: error.message });
    }
  }
  const order = new Map(ids.map((id, i) => [id, i]));
  answer.processed.sort((a, b) => order.get(a)! - order.get(b)!);
  answer.not_processed.sort((a, b) => order.get(a._id)! - order.get(b._id)!);
  return answer;
}
