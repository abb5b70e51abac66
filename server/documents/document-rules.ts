/**
 * Who may change or remove a document (docs/api.md, "Which flag allows what", says the same):
 *
 *   change   own: can_edit_own_document or can_edit_document; someone else's: can_edit_document;
 *            processed: also can_edit_document_after_processing; and the program's editing
 *            window, counted from the document's submission, must be open unless the role
 *            holds edit_document_after_no_of_days.
 *   remove   own: can_delete_own_document or can_delete_document; someone else's:
 *            can_delete_document; processed: also can_delete_document_after_processing.
 *
 * A refusal names the flag that is missing (403 FORBIDDEN, as the guard words it).
 */
import { programEditable } from '@model/programs/editing-window.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { problems } from '../http/errors.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface RuledDocument {
  created_by: string;
  created_at: Date;
  processed_at: Date | null;
}

const holds = (caller: Caller, flag: string) => caller.permission[flag] === true;

function assertMay(caller: Caller, doc: RuledDocument, flags: { own: string; any: string; afterProcessing: string }): void {
  const own = doc.created_by === caller.id;
  if (own ? !holds(caller, flags.own) && !holds(caller, flags.any) : !holds(caller, flags.any))
    throw problems.forbidden(own ? flags.own : flags.any);
  if (doc.processed_at !== null && !holds(caller, flags.afterProcessing)) throw problems.forbidden(flags.afterProcessing);
}

export function assertMayEdit(caller: Caller, doc: RuledDocument): void {
  assertMay(caller, doc, { own: 'can_edit_own_document', any: 'can_edit_document', afterProcessing: 'can_edit_document_after_processing' });
}

export function assertMayDelete(caller: Caller, doc: RuledDocument): void {
  assertMay(caller, doc, {
    own: 'can_delete_own_document',
    any: 'can_delete_document',
    afterProcessing: 'can_delete_document_after_processing',
  });
}

export const documentWindowClosedMessage = (days: number) =>
  days === 0
    ? 'Editing this document closed when it was submitted'
    : `Editing this document closed ${days} day${days === 1 ? '' : 's'} after it was submitted`;

/** The program's editing window (model/programs/editing-window.ts), counted from the document's submission. */
export function assertEditWindowOpen(caller: Caller, doc: RuledDocument, days: number, now: Date): void {
  const roleMayAlways = holds(caller, 'edit_document_after_no_of_days');
  if (!programEditable({ createdAt: doc.created_at, days, roleMayAlways, now }))
    throw problems.editWindowClosed(documentWindowClosedMessage(days));
}
