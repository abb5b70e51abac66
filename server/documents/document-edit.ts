/**
 * A change of a document's answers (and, optionally, the revision they are filled against), with
 * every check it takes: the caller may read and edit it, the program takes changes, the editing
 * window is open, the revision belongs to the type's forms and the answers are valid. Shared by
 * PATCH /document/{id} and a device's edit pushed to its documents database (sync/document-push.ts).
 */
import type { SessionUser } from '../auth/session-user.ts';
import type { Db } from '../db/database.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import {
  assertProgramTakesChanges,
  assertTypeAttached,
  assertValidAnswers,
  programForDocument,
  revisionForType,
  type DocumentProgram,
} from './document-checks.ts';
import { attachmentAnswers } from './document-answers.ts';
import { claimAttachments, releaseUnnamed } from './document-attachments.ts';
import { assertEditWindowOpen, assertMayEdit } from './document-rules.ts';
import { recordEdited } from './document-changes.ts';
import { updateDocument } from './document-store.ts';
import { lockVisible } from './mark-processed.ts';

export interface DocumentEdit {
  form_data: Record<string, unknown>;
  form_revision_id?: string;
}

/**
 * Applies the change inside the caller's transaction; answers the names of the files it released
 * (remove them after commit). `checkOnly`: every check, and nothing written (a device's version
 * kept beside the current one, as a conflict).
 */
export async function editDocument(
  trx: Db,
  changes: ChangeSet,
  caller: SessionUser,
  documentId: string,
  edit: DocumentEdit,
  now: Date,
  options: { checkOnly?: boolean } = {},
): Promise<string[]> {
  const doc = await lockVisible(trx, caller, documentId, true);
  assertMayEdit(caller, doc);
  const program = (await programForDocument(trx, doc.program_id, doc.module))!;
  assertProgramTakesChanges(program, doc.module);
  assertEditWindowOpen(caller, doc, program.no_of_days_for_edit_program, now);
  const forms = await formsForChange(trx, program, doc.module, doc.type_id);
  const revision = await revisionForType(trx, forms, edit.form_revision_id ?? doc.form_revision_id);
  assertValidAnswers(revision, edit.form_data);
  if (options.checkOnly) return [];
  const named = attachmentAnswers(revision.structures, edit.form_data);
  const files = await claimAttachments(trx, caller.id, doc.id, named);
  const gone = await releaseUnnamed(trx, doc.id, named);
  const change = { form_data: edit.form_data, form_revision_id: revision.id };
  await updateDocument(trx, doc.id, change, now);
  recordEdited(changes, doc, change, { before: [...files.held, ...gone], after: files.named });
  return gone.map((file) => file.name);
}

/** A change may move to another revision of the type's forms, even if the type was detached since (its form list stays the type's). */
function formsForChange(trx: Db, program: DocumentProgram, module: DocumentModule, typeId: string) {
  return assertTypeAttached(trx, { ...program, types: [typeId] }, module, typeId);
}
