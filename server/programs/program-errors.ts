/** What the program routes refuse with, for their `config.errors` (server/http/error-declaration.ts). */
import type { ErrorDeclaration } from '../http/error-declaration.ts';

/** A change to a program: refused while it is locked, and outside its editing window for this role. */
export const PROGRAM_CHANGE = {
  codes: { 403: ['EDIT_WINDOW_CLOSED'], 423: ['PROGRAM_LOCKED'] },
  notes: {
    403: 'EDIT_WINDOW_CLOSED: the program is older than its no_of_days_for_edit_program and the role lacks edit_document_after_no_of_days',
    423: 'PROGRAM_LOCKED: the program is locked; only the lock toggle goes through',
  },
} satisfies ErrorDeclaration;

/** A write that checks the lock only (a delete of the program). */
export const PROGRAM_LOCK: ErrorDeclaration = {
  codes: { 423: PROGRAM_CHANGE.codes[423] },
  notes: { 423: PROGRAM_CHANGE.notes[423] },
};

/** The program's details as a multipart form: its image, and a name no other program has. */
const DETAILS = {
  codes: { 400: ['INVALID_UPLOAD'], 413: ['PHOTO_TOO_LARGE'], 415: ['UNSUPPORTED_PHOTO'], 422: ['PROGRAM_NAME_TAKEN'] },
  notes: {
    415: 'The image is not a PNG, GIF or JPEG (told by its first bytes)',
    422: 'PROGRAM_NAME_TAKEN: another program has this name (whatever its case)',
  },
};

export const PROGRAM_ADD: ErrorDeclaration = DETAILS;
export const PROGRAM_EDIT: ErrorDeclaration = {
  codes: { ...DETAILS.codes, ...PROGRAM_CHANGE.codes },
  notes: { ...DETAILS.notes, ...PROGRAM_CHANGE.notes },
};
