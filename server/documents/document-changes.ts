/**
 * What the change log keeps of a document (resource `document`, under its program): the record as
 * submitted — its answers as sent, its files by name and size, never their bytes — then, for a
 * change, only the answers it altered; the processing stamp; and the record as it was when
 * deleted. Each is built from what the write holds already, so recording adds no read: the cost
 * per document is the log's own insert (with its revision upsert, under its lock).
 */
import { isDeepStrictEqual } from 'node:util';
import type { ChangeSet } from '../changes/change-log.ts';
import type { NewDocument, StoredDocument } from './document-store.ts';

export const DOCUMENT_RESOURCE = 'document';

/** A file as the log names it: what it is called and how large it is stored. */
export interface AttachmentFact {
  name: string;
  size: number;
}

type Answers = Record<string, unknown>;

const byName = (files: AttachmentFact[]) =>
  [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(({ name, size }) => ({ name, size }));

type DocumentFacts = Pick<StoredDocument, 'id' | 'local_id' | 'program_id' | 'module' | 'type_id' | 'form_revision_id' | 'created_by'> & {
  processed_at?: Date | null;
};

/** The document as the log shows it whole: on its submission (after) and its deletion (before). */
function wholeDocument(doc: DocumentFacts, answers: Answers, files: AttachmentFact[]) {
  return {
    id: doc.id,
    local_id: doc.local_id,
    program_id: doc.program_id,
    module: doc.module,
    type_id: doc.type_id,
    form_revision_id: doc.form_revision_id,
    form_data: answers,
    // A document without files shows no attachments at all, rather than an empty list.
    attachments: files.length ? byName(files) : undefined,
    created_by: doc.created_by,
    processed_at: doc.processed_at ?? null,
  };
}

export function recordSubmitted(changes: ChangeSet, id: string, doc: NewDocument, createdBy: string, files: AttachmentFact[]): void {
  const after = wholeDocument({ ...doc, id, created_by: createdBy }, doc.form_data, files);
  changes.record(DOCUMENT_RESOURCE, id, null, after, { programId: doc.program_id });
}

/** The answers that differ, each side holding only the keys it has (an answer removed is absent after, one added absent before). */
function changedAnswers(was: Answers, now: Answers): [Answers, Answers] {
  const before: Answers = {};
  const after: Answers = {};
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (isDeepStrictEqual(was[key], now[key])) continue;
    if (key in was) before[key] = was[key];
    if (key in now) after[key] = now[key];
  }
  return [before, after];
}

/**
 * A change of the answers: the answers it altered, the revision when it moved, and the files when
 * they changed (those the document held before: kept and released; after: every file it names).
 */
export function recordEdited(
  changes: ChangeSet,
  doc: StoredDocument & { form_data: Answers },
  change: { form_data: Answers; form_revision_id: string },
  files: { before: AttachmentFact[]; after: AttachmentFact[] },
): void {
  const [answersBefore, answersAfter] = changedAnswers(doc.form_data, change.form_data);
  changes.record(
    DOCUMENT_RESOURCE,
    doc.id,
    { form_revision_id: doc.form_revision_id, form_data: answersBefore, attachments: byName(files.before) },
    { form_revision_id: change.form_revision_id, form_data: answersAfter, attachments: byName(files.after) },
    { programId: doc.program_id },
  );
}

export function recordProcessed(changes: ChangeSet, doc: StoredDocument, by: string, at: Date): void {
  changes.record(
    DOCUMENT_RESOURCE,
    doc.id,
    { processed_at: null, processed_by: null },
    { processed_at: at, processed_by: by },
    { programId: doc.program_id },
  );
}

export function recordDeleted(changes: ChangeSet, doc: StoredDocument & { form_data: Answers }, files: AttachmentFact[]): void {
  changes.record(DOCUMENT_RESOURCE, doc.id, wholeDocument(doc, doc.form_data, files), null, { programId: doc.program_id });
}
