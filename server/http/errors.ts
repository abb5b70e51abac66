/**
 * The one catalogue of errors the servers answer with. Every error body is
 * { message, code, fields?, params? }: `message` is what the console shows (in English), `code`
 * is stable, and `params` holds the variable parts of the message (minutes, megabytes...) for a
 * console that words the code in another language (src/i18n/<language>/errors.ts).
 */
export class Problem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}), ...this.extra };
  }
}

/** Bytes as megabytes, two decimals at most (5242880 → 5, 1572864 → 1.5). */
const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

export const problems = {
  validation: (fields: Record<string, string>) =>
    new Problem(400, 'VALIDATION_FAILED', Object.values(fields).join('; ') || 'Invalid request', fields),
  badRequest: (message: string, fields?: Record<string, string>) => new Problem(400, 'BAD_REQUEST', message, fields),
  /** Text PostgreSQL cannot store (U+0000): refused for every string of a request, before any handler. */
  nulCharacter: (field: string, label: string) => {
    const message = `${label} must not contain a NUL character (\\u0000)`;
    return new Problem(400, 'VALIDATION_FAILED', message, { [field]: message });
  },
  invalidJson: (message = 'The request body is not valid JSON') => new Problem(400, 'INVALID_JSON', message),
  /** JSON nested deeper than json-depth.ts allows, in the body or in a query parameter (`field`): refused before it is parsed. */
  tooDeep: (maxDepth: number, field?: string) => {
    const levels = `at most ${maxDepth} levels of lists and objects`;
    return field
      ? new Problem(400, 'TOO_DEEP', `${field} is nested too deeply: ${levels}`, { [field]: `${field} is nested too deeply: ${levels}` })
      : new Problem(400, 'TOO_DEEP', `The request body is nested too deeply: ${levels}`);
  },
  badUrl: () => new Problem(400, 'BAD_URL', 'The address is not valid: it contains a broken %-encoded character'),
  badHttp: () => new Problem(400, 'BAD_REQUEST', 'The request is not valid HTTP'),
  /** A database value error that validation did not catch (a backstop: the message names no internals). */
  invalidValue: () => new Problem(400, 'INVALID_VALUE', 'A value in the request cannot be stored; check the text for unusual characters'),
  badUpload: (field: string) =>
    new Problem(400, 'INVALID_UPLOAD', 'The upload is not a valid multipart/form-data body', { [field]: 'Choose the file again' }),
  passwordMismatch: (field: string) => new Problem(400, 'PASSWORD_MISMATCH', 'Password not match', { [field]: 'Password not match' }),
  weakPassword: (reason: string) => new Problem(400, 'WEAK_PASSWORD', reason, { password: reason }),
  // Changing one's own password or e-mail needs the current password: a stolen token alone must not take the account over.
  currentPasswordRequired: () =>
    new Problem(400, 'CURRENT_PASSWORD_REQUIRED', 'Enter your current password to change your own password or e-mail', {
      current_password: 'Enter your current password',
    }),
  currentPasswordWrong: () =>
    new Problem(400, 'CURRENT_PASSWORD_WRONG', 'Current password is wrong', { current_password: 'Current password is wrong' }),
  resetLinkInvalid: () => new Problem(400, 'RESET_LINK_INVALID', 'This reset link is invalid, expired or already used. Ask for a new one.'),

  unauthenticated: () => new Problem(401, 'UNAUTHENTICATED', 'Please log in to continue'),
  sessionEnded: () => new Problem(401, 'SESSION_ENDED', 'Your session has ended, please log in again'),
  badCredentials: () => new Problem(401, 'BAD_CREDENTIALS', 'Invalid email or password'),
  accountLocked: (minutes: number) =>
    new Problem(423, 'ACCOUNT_LOCKED', `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
      params: { minutes },
    }),
  accountInactive: () => new Problem(403, 'ACCOUNT_INACTIVE', 'Your account is inactive, please contact admin'),
  noDashboard: () => new Problem(403, 'NO_DASHBOARD_ACCESS', "You don't have permission to access dashboard"),
  noMobileAccess: () => new Problem(403, 'NO_MOBILE_ACCESS', "You don't have permission to access the mobile app"),
  /** A mobile app session calling a route only the console may use. */
  consoleOnly: () => new Problem(403, 'CONSOLE_ONLY', 'This is available in the console only, not to a mobile app session'),
  forbidden: (flag: string, message = `You don't have permission to do this (${flag})`) =>
    new Problem(403, 'FORBIDDEN', message, undefined, { permission: flag }),

  notFound: (what = 'Record') => new Problem(404, 'NOT_FOUND', `${what} not found`),
  /** "Send again" of a webhook delivery that is still waiting to be sent. */
  alreadyPending: () => new Problem(409, 'ALREADY_PENDING', 'This delivery is still waiting to be sent'),
  /** A document that does not exist and one the caller may not read answer alike: existence is not revealed. */
  duplicate: (label: string, field: string, fieldLabel: string) =>
    new Problem(409, 'DUPLICATE', `A ${label.toLowerCase()} with this ${fieldLabel.toLowerCase()} already exists`, {
      [field]: `${fieldLabel} is already taken`,
    }),
  /** The record a field points to was deleted while this request ran (two admins at once). */
  referenceGone: (label = 'A record this refers to', field?: string) =>
    new Problem(
      409,
      'REFERENCE_GONE',
      `${label} no longer exists`,
      field ? { [field]: `Choose an existing ${label.toLowerCase()}` } : undefined,
    ),
  /** A unique value taken meanwhile, where the write could not name the field (a backstop). */
  alreadyTaken: () => new Problem(409, 'DUPLICATE', 'This value is already taken'),
  noRoute: (method: string, path: string) => new Problem(404, 'NO_ROUTE', `No route ${method} ${path}`),
  /** The path exists, but not for this method: `allowed` is also sent as the Allow header. */
  methodNotAllowed: (method: string, path: string, allowed: string[]) =>
    new Problem(405, 'METHOD_NOT_ALLOWED', `${method} is not allowed on ${path}; use ${allowed.join(', ')}`),
  inUse: (label: string) => new Problem(409, 'IN_USE', `This ${label.toLowerCase()} is still in use and cannot be deleted`),
  changedMeanwhile: (message: string) => new Problem(409, 'CHANGED_MEANWHILE', message),
  /** A form draft saved by someone else since this writer opened it (the write carried an older draft_version). */
  staleDraft: () => new Problem(409, 'STALE_DRAFT', 'Someone else saved this form since you opened it. Reload it to see their changes.'),
  /** A form definition the shared check refuses: `message` is its first problem, `fields` names each field. */
  invalidFormDefinition: (message: string, fields: Record<string, string>) => new Problem(400, 'VALIDATION_FAILED', message, fields),
  /** A locked program takes no change but unlocking. */
  programLocked: () => new Problem(423, 'PROGRAM_LOCKED', 'This program is locked. Unlock it to make changes.'),
  /** The program's editing window (spec 2 §4) has closed for this role. */
  editWindowClosed: (message: string) => new Problem(403, 'EDIT_WINDOW_CLOSED', message),
  /** Documents (server/documents/): the refusals of a submission, a change or a read. */
  documentNotFound: () => new Problem(404, 'DOCUMENT_NOT_FOUND', 'No document found'),
  notOnProgram: () => new Problem(403, 'NOT_ON_PROGRAM', "You are not on this program's team"),
  /** Offline sync (server/sync/): a database that does not exist and one the caller may not reach answer alike. */
  syncDatabaseNotFound: (name: string) => new Problem(404, 'SYNC_DATABASE_NOT_FOUND', `No offline database ${name}`),
  syncReadOnly: () => new Problem(403, 'SYNC_READ_ONLY', 'This offline database is written by the server only: pull it, do not push to it'),
  /** A `_local` checkpoint written from a revision that is no longer its last (CouchDB answers 409 alike). */
  syncCheckpointConflict: () =>
    new Problem(409, 'SYNC_CHECKPOINT_CONFLICT', 'This checkpoint was written again since you read it: read it again first'),
  syncVersionGone: () =>
    new Problem(
      409,
      'SYNC_VERSION_GONE',
      "This version is no longer one of the document's versions: someone resolved it meanwhile. Reload.",
    ),
  userWithoutMobile: () =>
    new Problem(
      409,
      'USER_WITHOUT_MOBILE',
      "This user's role does not let them use the mobile app (can_access_mobile): give them a role that does first",
    ),
  programInactive: () => new Problem(409, 'PROGRAM_INACTIVE', 'This program is inactive'),
  moduleInactive: (label: string) => new Problem(409, 'MODULE_INACTIVE', `The ${label} module of this program is inactive`),
  localIdTaken: () =>
    new Problem(409, 'LOCAL_ID_TAKEN', 'Another user has already submitted a document with this local_id', {
      local_id: 'This local_id belongs to another user',
    }),
  /** A submission naming a type, program or revision it cannot be filled against: `fields` names each. */
  documentMismatch: (fields: Record<string, string>) => new Problem(422, 'INVALID_DOCUMENT', Object.values(fields).join('; '), fields),
  attachmentTooLarge: (maxBytes: number) =>
    new Problem(
      413,
      'TOO_LARGE',
      `The file is larger than ${megabytes(maxBytes)} MB`,
      { file: `The file must be at most ${megabytes(maxBytes)} MB` },
      { params: { mb: megabytes(maxBytes) } },
    ),
  programNameTaken: () =>
    new Problem(422, 'PROGRAM_NAME_TAKEN', 'Two program can not be same name', { name: 'Two program can not be same name' }),
  /** Adding someone who is a program head or team member already. */
  alreadyOnTeam: () => new Problem(409, 'ALREADY_ON_TEAM', 'Already a team member', { user: 'Already a team member' }),
  /** A program counts each type record toward one goal at most. */
  goalExists: (typeName: string) =>
    new Problem(409, 'GOAL_EXISTS', `This program already has a goal for ${typeName}`, {
      goal_type: `This program already has a goal for ${typeName}`,
    }),
  lastRoleEditor: () => new Problem(409, 'LAST_ROLE_EDITOR', 'This change would leave nobody able to edit roles'),
  adminRoleFlagsFixed: () =>
    new Problem(403, 'ADMIN_ROLE_FIXED', "The Admin role always holds every permission; its permissions can't be changed"),
  adminRoleNameFixed: () =>
    new Problem(403, 'ADMIN_ROLE_FIXED', "The Admin role can't be renamed: 'Admin' always names the role that holds every permission"),
  requestTimeout: () => new Problem(408, 'REQUEST_TIMEOUT', 'The request took too long to arrive'),
  tooLarge: () => new Problem(413, 'TOO_LARGE', 'The request is too large'),
  photoTooLarge: (maxBytes: number) =>
    new Problem(
      413,
      'PHOTO_TOO_LARGE',
      `The photo is larger than ${maxBytes / 1024 / 1024} MB`,
      { photo: 'The photo is too large' },
      { params: { mb: megabytes(maxBytes) } },
    ),
  uriTooLong: () => new Problem(414, 'URI_TOO_LONG', 'The address is too long'),
  unsupportedMediaType: (accepted = 'JSON (Content-Type: application/json)') =>
    new Problem(415, 'UNSUPPORTED_MEDIA_TYPE', `This content type is not accepted here; send ${accepted}`),
  uploadsBusy: (max: number) =>
    new Problem(
      429,
      'UPLOADS_BUSY',
      `You have ${max} uploaded files no document uses yet; submit your documents, or wait for the unused files to be cleared`,
      undefined,
      { params: { max } },
    ),
  uploadQuotaFull: (quotaBytes: number) =>
    new Problem(
      429,
      'UPLOAD_QUOTA_FULL',
      `Your uploaded files no document uses yet would take more than ${megabytes(quotaBytes)} MB; ` +
        'submit your documents, or wait for the unused files to be cleared',
      undefined,
      { params: { mb: megabytes(quotaBytes) } },
    ),
  exportsBusy: () => new Problem(429, 'EXPORTS_BUSY', 'Other exports are running; please try again in a minute'),
  tooManyRequests: () => new Problem(429, 'RATE_LIMITED', 'Too many requests, please wait a minute and try again'),
  /** GET /ready: a load balancer sends this instance nothing until it is. */
  notReady: (why: string) => new Problem(503, 'NOT_READY', `This server is not ready: ${why}`),
  tryAgain: () => new Problem(503, 'TRY_AGAIN', 'Another change to the same record crossed this one; nothing was saved, please try again'),
  headersTooLarge: () => new Problem(431, 'HEADERS_TOO_LARGE', 'The request headers are too large'),

  /** A genuine server fault: the request id lets an operator find it in the log; nothing from the inside is told. */
  internal: (requestId: string) => new Problem(500, 'INTERNAL', 'Something went wrong on the server', undefined, { requestId }),

  /** A delete refused because other records still refer to this one: "3 Fixture Sites use this Fixture Region". */
  inUseBy: (label: string, holders: Array<{ count: number; one: string; many: string }>) => {
    const total = holders.reduce((sum, h) => sum + h.count, 0);
    const who = holders.map((h) => `${h.count} ${h.count === 1 ? h.one : h.many}`).join(' and ');
    return new Problem(409, 'IN_USE', `${who} ${total === 1 ? 'uses' : 'use'} this ${label}`);
  },
  /** A role still held by live users cannot be deleted. */
  roleInUse: (holders: number) =>
    new Problem(
      409,
      'ROLE_IN_USE',
      `This role is held by ${holders} user${holders === 1 ? '' : 's'}; give them another role first`,
      undefined,
      { users: holders, params: { users: holders } },
    ),
  /** A value the database refused for one column (a CHECK that validation did not catch): names the field. */
  invalidFieldValue: (field: string, message: string) => new Problem(400, 'INVALID_VALUE', message, { [field]: message }),
  emailTaken: () => new Problem(409, 'DUPLICATE', 'A user with this email already exists', { email: 'This email is already taken' }),
  passwordChangeForbidden: () => new Problem(403, 'PASSWORD_CHANGE_FORBIDDEN', "Only the Admin role may change another user's password"),
  /** An uploaded file over its limit, naming the form's file field. */
  fileTooLarge: (field: string, maxBytes: number) =>
    new Problem(
      413,
      'FILE_TOO_LARGE',
      `The file is larger than ${maxBytes / 1024 / 1024} MB`,
      { [field]: `The file must be at most ${maxBytes / 1024 / 1024} MB` },
      { params: { mb: megabytes(maxBytes) } },
    ),
  /** An uploaded file whose content is none of the kinds the field takes (told by its first bytes). */
  unsupportedFile: (field: string, kinds: string) =>
    new Problem(415, 'UNSUPPORTED_FILE', `The file must be a ${kinds}`, { [field]: `Choose a ${kinds} file` }),
  unsupportedPhoto: () =>
    new Problem(415, 'UNSUPPORTED_PHOTO', 'The photo must be a PNG, GIF or JPEG image', { photo: 'Choose a PNG, GIF or JPEG image' }),

  /** The same answer again: relayed from a worker thread, or with its field messages keyed anew. */
  again: (problem: Pick<Problem, 'status' | 'code' | 'message' | 'fields' | 'extra'>, fields = problem.fields) =>
    new Problem(problem.status, problem.code, problem.message, fields, problem.extra),
  /** A route registered without `config.permission`: a programming mistake, refused before anything runs. */
  routeWithoutPermission: () => new Problem(500, 'ROUTE_WITHOUT_PERMISSION', 'This route declares no permission'),

  // Privileges (server/auth/privileges.ts): nobody raises their own or anyone's privileges.
  /** `permissions` lists the flags set that the caller does not hold. */
  grantBeyondOwn: (beyond: string[]) =>
    new Problem(403, 'PRIVILEGE_ESCALATION', `You cannot grant permissions you do not hold: ${beyond.join(', ')}`, undefined, {
      permissions: beyond,
    }),
  /** Changing a user or role that holds flags the caller does not (listed in `permissions`). */
  manageBeyondOwn: (whom: 'a user who' | 'a role that', beyond: string[]) =>
    new Problem(
      403,
      'PRIVILEGE_ESCALATION',
      `You cannot change ${whom} holds permissions you do not hold: ${beyond.join(', ')}`,
      undefined,
      { permissions: beyond },
    ),
  adminUserReserved: () => new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may change a user of the Admin role'),
  adminRoleGrantReserved: () => new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may give a user the Admin role'),
  adminRoleReserved: () => new Problem(403, 'PRIVILEGE_ESCALATION', 'Only the Admin role may change the Admin role'),
  /** `what`: "change your own role", "delete your own account"... */
  selfChange: (what: string) => new Problem(403, 'SELF_CHANGE', `You cannot ${what}`),
  adminNameReserved: () => new Problem(403, 'ADMIN_NAME_RESERVED', 'Only the Admin role may name a role Admin or rename it'),

  // Document exports (server/exports/, and the audit log's exports).
  noFinishedExport: () => new Problem(404, 'NOT_FOUND', 'No finished export of these documents; export them first'),
  exportExpired: () => new Problem(410, 'EXPORT_EXPIRED', 'This export has expired and its file was deleted; export the documents again'),
  /** `status`: the export's (queued, running, failed, cancelled). */
  exportNotReady: (status: string) =>
    new Problem(
      409,
      'EXPORT_NOT_READY',
      status === 'queued' || status === 'running'
        ? 'This export is not finished yet'
        : `This export has no file: it ${status === 'cancelled' ? 'was cancelled' : 'failed'}`,
    ),
  exportFinished: () => new Problem(409, 'EXPORT_FINISHED', 'This export has finished already'),
  /** The requester's sight of the program shrank to their own documents since the export was made. */
  exportScopeLost: () =>
    new Problem(403, 'EXPORT_SCOPE_LOST', 'You can no longer see all documents of this program; export again to get your own'),

  // View-list imports (server/view-lists/).
  /** `places`: imports running and waiting at once on this server. */
  importsBusy: (places: number) =>
    new Problem(429, 'IMPORTS_BUSY', `${places} list imports are running or waiting; please try again in a minute`, undefined, {
      params: { places },
    }),
  importStopped: () =>
    new Problem(503, 'IMPORT_STOPPED', 'The server is stopping: nothing was saved, please send the file again once it is back'),
  /** The import's process died (its heartbeat went stale) before it finished. */
  importLost: () =>
    new Problem(503, 'IMPORT_STOPPED', 'The server lost track of this import: nothing was saved, please send the file again'),
  importIdTaken: () =>
    new Problem(409, 'IMPORT_ID_TAKEN', 'This import_id was used already: send a new one with each upload', {
      import_id: 'Send a new import_id',
    }),
  listFileTooLarge: (maxBytes: number) =>
    new Problem(
      413,
      'TOO_LARGE',
      `The file is larger than ${maxBytes / 1024 / 1024} MB`,
      { excel_file: `At most ${maxBytes / 1024 / 1024} MB` },
      { params: { mb: megabytes(maxBytes) } },
    ),
} as const;
