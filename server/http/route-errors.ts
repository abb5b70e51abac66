/**
 * What a route answers beyond what its declaration already tells (openapi-errors.ts derives
 * 400/401/403/404/409/413/415/429/500/503 from the permission, schemas, method and path):
 * the statuses and codes its own handler and the services it calls throw. Keyed by
 * "METHOD /url" as the route is registered; `*` stands for one path segment. Where both servers
 * have the path (`/permission/:id`: a role's checklist on auth, a permission file on api) the
 * key starts with the server: "auth PATCH /permission/:id". A key that matches no route fails
 * the OpenAPI test, so a renamed route cannot leave its entry behind.
 */
import { EXPORT_ROUTE_ERRORS } from '../exports/export-route-errors.ts';
import { LISTVIEW_ROUTE_ERRORS } from '../listview/listview-route-errors.ts';

export type ErrorCodes = Partial<Record<number, string[]>>;

export interface RouteErrors {
  codes: ErrorCodes;
  /** Said in the status's description, where the codes alone do not explain the answer. */
  notes?: Partial<Record<number, string>>;
}

const PASSWORD_RULES = ['PASSWORD_MISMATCH', 'WEAK_PASSWORD'];
/** Checking one's own current password counts, locks and slows down like a failed sign-in. */
const OWN_PASSWORD = { 400: ['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG'], 423: ['ACCOUNT_LOCKED'] };

/** A change to a program: refused while it is locked, and outside its editing window for this role. */
const PROGRAM_CHANGE = { 403: ['EDIT_WINDOW_CLOSED'], 423: ['PROGRAM_LOCKED'] };
const PROGRAM_CHANGE_NOTES = {
  403: 'EDIT_WINDOW_CLOSED: the program is older than its no_of_days_for_edit_program and the role lacks edit_document_after_no_of_days',
  423: 'PROGRAM_LOCKED: the program is locked; only the lock toggle goes through',
};
const PROGRAM_NAME = 'PROGRAM_NAME_TAKEN';
const PROGRAM_UPLOAD_NOTES = { 415: 'The image is not a PNG, GIF or JPEG (told by its first bytes)' };
/** A permission file's upload: a broken form, a file over 10 MB, one that is no PDF, PNG, JPEG or GIF. */
const PERMISSION_FILE_UPLOAD = { 400: ['INVALID_UPLOAD'], 413: ['FILE_TOO_LARGE'], 415: ['UNSUPPORTED_FILE'] };
const PERMISSION_FILE_NOTES = { 415: 'The file is not a PDF, PNG, JPEG or GIF (told by its first bytes)' };

export const ROUTE_ERRORS: Record<string, RouteErrors> = {
  'POST /login': {
    codes: { 401: ['BAD_CREDENTIALS'], 403: ['ACCOUNT_INACTIVE', 'NO_DASHBOARD_ACCESS', 'NO_MOBILE_ACCESS'], 423: ['ACCOUNT_LOCKED'] },
    notes: { 423: 'Too many wrong passwords for this e-mail from this address; the message says for how long' },
  },
  'POST /user/verify': {
    codes: { 401: ['SESSION_ENDED'], 403: ['NO_DASHBOARD_ACCESS', 'NO_MOBILE_ACCESS'] },
    notes: {
      401: 'An expired token still inside its refresh window answers a fresh user and token (SessionAnswer); any other dead token, the error SESSION_ENDED',
    },
  },
  'POST /user/reset_password': { codes: { 400: [...PASSWORD_RULES, 'RESET_LINK_INVALID'] } },
  'POST /user': {
    codes: { 400: ['BAD_REQUEST', 'WEAK_PASSWORD'], 403: ['PRIVILEGE_ESCALATION'] },
    notes: { 400: 'Also a role or designation that does not exist or is inactive (BAD_REQUEST, naming the field)' },
  },
  'PATCH /user/:id': {
    codes: {
      400: ['BAD_REQUEST', ...PASSWORD_RULES, ...OWN_PASSWORD[400]],
      403: ['PRIVILEGE_ESCALATION', 'PASSWORD_CHANGE_FORBIDDEN', 'SELF_CHANGE'],
      409: ['CHANGED_MEANWHILE', 'LAST_ROLE_EDITOR'],
      423: OWN_PASSWORD[423],
    },
    notes: { 423: 'Too many wrong current passwords for this account from this address' },
  },
  'PATCH /user/upload/:id': {
    codes: { 400: ['INVALID_UPLOAD'], 403: ['PRIVILEGE_ESCALATION'], 413: ['PHOTO_TOO_LARGE'], 415: ['UNSUPPORTED_PHOTO'] },
    notes: { 415: 'The photo is not a PNG, GIF or JPEG (told by its first bytes)' },
  },
  'DELETE /user/:id': { codes: { 403: ['PRIVILEGE_ESCALATION', 'SELF_CHANGE'], 409: ['CHANGED_MEANWHILE', 'LAST_ROLE_EDITOR'] } },
  'POST /role': { codes: { 403: ['ADMIN_NAME_RESERVED'], 409: ['CHANGED_MEANWHILE'] } },
  'PATCH /role/:id': {
    codes: { 403: ['PRIVILEGE_ESCALATION', 'ADMIN_NAME_RESERVED', 'ADMIN_ROLE_FIXED', 'SELF_CHANGE'], 409: ['LAST_ROLE_EDITOR'] },
  },
  'DELETE /role/:id': { codes: { 403: ['PRIVILEGE_ESCALATION'], 409: ['ROLE_IN_USE'] } },
  'auth PATCH /permission/:id': { codes: { 403: ['PRIVILEGE_ESCALATION', 'ADMIN_ROLE_FIXED'], 409: ['LAST_ROLE_EDITOR'] } },
  'api POST /permission': { codes: PERMISSION_FILE_UPLOAD, notes: PERMISSION_FILE_NOTES },
  'api PATCH /permission/:id': { codes: PERMISSION_FILE_UPLOAD, notes: PERMISSION_FILE_NOTES },
  'PATCH /form/:id': { codes: { 409: ['STALE_DRAFT'] }, notes: { 409: 'STALE_DRAFT: someone saved the draft since draft_version' } },
  'POST /form/publish': {
    codes: { 404: ['NOT_FOUND'], 409: ['STALE_DRAFT'] },
    notes: { 409: 'STALE_DRAFT: someone saved the draft since draft_version' },
  },
  'POST /form/restore': {
    codes: { 404: ['NOT_FOUND'], 409: ['STALE_DRAFT'] },
    notes: { 404: 'No such revision, or its form was deleted meanwhile', 409: 'STALE_DRAFT: someone saved the draft since draft_version' },
  },
  'POST /program': {
    codes: { 400: ['INVALID_UPLOAD'], 413: ['PHOTO_TOO_LARGE'], 415: ['UNSUPPORTED_PHOTO'], 422: [PROGRAM_NAME] },
    notes: { ...PROGRAM_UPLOAD_NOTES, 422: 'PROGRAM_NAME_TAKEN: another program has this name (whatever its case)' },
  },
  'PATCH /program/:id': {
    codes: {
      400: ['INVALID_UPLOAD'],
      ...PROGRAM_CHANGE,
      413: ['PHOTO_TOO_LARGE'],
      415: ['UNSUPPORTED_PHOTO'],
      422: [PROGRAM_NAME],
    },
    notes: {
      ...PROGRAM_UPLOAD_NOTES,
      ...PROGRAM_CHANGE_NOTES,
      422: 'PROGRAM_NAME_TAKEN: another program has this name (whatever its case)',
    },
  },
  'DELETE /program/:id': { codes: { 423: PROGRAM_CHANGE[423] }, notes: { 423: PROGRAM_CHANGE_NOTES[423] } },
  'PUT /program/change/status/module/program/:id': { codes: PROGRAM_CHANGE, notes: PROGRAM_CHANGE_NOTES },
  'POST /program/:id/types/:list': { codes: PROGRAM_CHANGE, notes: PROGRAM_CHANGE_NOTES },
  'DELETE /program/:id/types/:list/:typeId': { codes: PROGRAM_CHANGE, notes: PROGRAM_CHANGE_NOTES },
  'POST /program/:id/team': {
    codes: { ...PROGRAM_CHANGE, 409: ['ALREADY_ON_TEAM'] },
    notes: { ...PROGRAM_CHANGE_NOTES, 409: 'ALREADY_ON_TEAM: the user is a program head or team member already' },
  },
  'PATCH /program/:id/team/:userId': { codes: PROGRAM_CHANGE, notes: PROGRAM_CHANGE_NOTES },
  'DELETE /program/:id/team/:userId': { codes: PROGRAM_CHANGE, notes: PROGRAM_CHANGE_NOTES },
  'POST /goal': {
    codes: { 404: ['NOT_FOUND'], 409: ['GOAL_EXISTS'], 423: ['PROGRAM_LOCKED'] },
    notes: { 404: 'No such program', 409: 'GOAL_EXISTS: the program already has a goal for this type' },
  },
  'PATCH /goal/:id': { codes: { 409: ['GOAL_EXISTS'], 423: ['PROGRAM_LOCKED'] }, notes: { 404: 'No such goal, or its program is gone' } },
  'DELETE /goal/:id': { codes: { 423: ['PROGRAM_LOCKED'] } },
  'POST /goal/target': { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No program with this slug, or no such type record' } },
  'POST /notification/add': { codes: { 404: ['NOT_FOUND'], 423: ['PROGRAM_LOCKED'] }, notes: { 404: 'No such program' } },
  'PATCH /notification/update/:id': { codes: { 423: ['PROGRAM_LOCKED'] } },
  'DELETE /notification/delete/:id': { codes: { 423: ['PROGRAM_LOCKED'] } },
  'GET /dashboard/document': {
    codes: { 404: ['DOCUMENT_NOT_FOUND'] },
    notes: { 404: 'No document with this local id that the caller may read' },
  },
  'GET /dashboard/document/:id': {
    codes: { 404: ['DOCUMENT_NOT_FOUND'] },
    notes: { 404: 'No document whose id or local id this is that the caller may read' },
  },
  'GET /dashboard/program/:programId': { codes: {}, notes: { 404: 'No such program among those the caller may explore' } },
  'GET /dashboard/program/:programId/module/:module': { codes: {}, notes: { 404: 'No such program among those the caller may explore' } },
  'GET /dashboard/module/docs': {
    codes: { 404: ['NOT_FOUND'] },
    notes: { 404: 'No program with this slug among those the caller may explore' },
  },
  'GET /dashboard/module/map': {
    codes: { 404: ['NOT_FOUND'] },
    notes: { 404: 'No program with this slug among those the caller may explore' },
  },
  // Documents (server/documents/): the submission rules, the document rules, the files.
  'POST /document/attachment': {
    codes: { 400: ['INVALID_UPLOAD'], 413: ['TOO_LARGE'], 415: ['UNSUPPORTED_FILE'], 429: ['UPLOADS_BUSY', 'UPLOAD_QUOTA_FULL'] },
    notes: {
      400: 'Also an image that does not decode or has more than 50 million pixels (VALIDATION_FAILED naming file)',
      415: 'The file is not a PNG, JPEG, GIF, WebP or PDF (told by its first bytes)',
      429: 'UPLOADS_BUSY: the caller already holds 50 uploads no document names; UPLOAD_QUOTA_FULL: with this one, they would take more than DOCUMENT_UPLOAD_QUOTA_BYTES (unclaimed uploads are deleted after DOCUMENT_UPLOAD_TTL_HOURS)',
    },
  },
  'POST /document': {
    codes: {
      403: ['NOT_ON_PROGRAM'],
      409: ['LOCAL_ID_TAKEN', 'PROGRAM_INACTIVE', 'MODULE_INACTIVE'],
      422: ['INVALID_DOCUMENT'],
      423: ['PROGRAM_LOCKED'],
    },
    notes: {
      400: 'An answer the revision refuses, or a key that is no field of it, named in `fields`',
      409: "LOCAL_ID_TAKEN: another user's document has this local_id",
      422: "INVALID_DOCUMENT: no such program, a type not attached to the module, or a revision that is not of the type's form; `fields` names which",
    },
  },
  'GET /document/:id': { codes: { 404: ['DOCUMENT_NOT_FOUND'] }, notes: { 404: 'No such document, or one the caller may not read' } },
  'PATCH /document/:id': {
    codes: {
      403: ['FORBIDDEN', 'EDIT_WINDOW_CLOSED'],
      404: ['DOCUMENT_NOT_FOUND'],
      409: ['MODULE_INACTIVE'],
      422: ['INVALID_DOCUMENT'],
      423: ['PROGRAM_LOCKED'],
    },
    notes: {
      403: "FORBIDDEN names the flag the change needs; EDIT_WINDOW_CLOSED: older than the program's no_of_days_for_edit_program and the role lacks edit_document_after_no_of_days",
      404: 'No such document, or one the caller may not read',
    },
  },
  'DELETE /document/:id': {
    codes: { 403: ['FORBIDDEN'], 404: ['DOCUMENT_NOT_FOUND'], 423: ['PROGRAM_LOCKED'] },
    notes: { 403: 'FORBIDDEN names the flag the delete needs', 404: 'No such document, or one the caller may not read' },
  },
  'POST /document/:id/processed': { codes: { 404: ['DOCUMENT_NOT_FOUND'], 423: ['PROGRAM_LOCKED'] } },
  'GET /document/:id/attachment/:name': { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No such file of a document the caller may read' } },
  'GET /*/export.csv': {
    codes: { 400: ['BAD_REQUEST'], 429: ['EXPORTS_BUSY'] },
    notes: { 429: 'Other exports are running (at most 3 at once)' },
  },
  // The organisation's settings (server/settings/).
  'GET /settings/logo': { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No logo is set' } },
  'HEAD /settings/logo': { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No logo is set' } },
  'PUT /settings/logo': {
    codes: { 400: ['INVALID_UPLOAD'], 413: ['FILE_TOO_LARGE'], 415: ['UNSUPPORTED_FILE'] },
    notes: {
      400: 'Also no file, or an image that does not decode or has more than 50 million pixels (VALIDATION_FAILED naming logo)',
      415: 'The file is not a PNG, GIF or JPEG (told by its first bytes)',
    },
  },
  ...EXPORT_ROUTE_ERRORS,
  ...LISTVIEW_ROUTE_ERRORS,
};

/** The entry for a route of `server` ('auth' or 'api'), if any (`*` matches one segment). */
export function routeErrorsFor(method: string, url: string, server: string): { key: string; errors: RouteErrors } | undefined {
  for (const [key, errors] of Object.entries(ROUTE_ERRORS)) {
    if (routeKeyMatches(key, method, url, server)) return { key, errors };
  }
  return undefined;
}

export function routeKeyMatches(key: string, method: string, url: string, server: string): boolean {
  const parts = key.split(' ');
  const [keyServer, keyMethod, keyUrl = ''] = parts.length === 3 ? parts : [undefined, ...parts];
  if (keyMethod !== method || (keyServer !== undefined && keyServer !== server)) return false;
  const want = keyUrl.split('/');
  const have = url.split('/');
  return want.length === have.length && want.every((segment, i) => segment === '*' || segment === have[i]);
}
