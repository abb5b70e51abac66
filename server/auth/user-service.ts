/** What the user routes do, with the rules of spec 1 §4–§6 and the privilege rules applied. */
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { resourceSchema } from '@model/schema-registry.ts';
import { trimText } from '@model/trim-text.ts';
import type { SessionUser } from './session-user.ts';
import { problems } from '../http/errors.ts';
import { hashPassword, passwordProblem } from './passwords.ts';
import { revokeUserSessions } from './sessions.ts';
import { retireResetLinks } from './reset-links.ts';
import { emailChangeNotice } from './email-change-notice.ts';
import { proveOwnPassword } from './own-password-proof.ts';
import { assertMayAssignRole, assertMayManage, assertNotSelf, mayChangePasswordOf } from './privileges.ts';
import {
  assertDesignationExists,
  getUser,
  insertUser,
  roleForAssignment,
  passwordHashOf,
  updateUserRow,
  userRow,
  type NewUser,
  type UserChanges,
  type UserRow,
} from './user-store.ts';
import { imageExtension, removePhoto, storePhoto } from './photos.ts';
import { assertSomeoneCanEditRoles, keepingARoleEditor, lockRoleEditors } from './role-editors.ts';
import { trimmedTextProblems } from '../http/text-fields.ts';
import { removeUserFromPrograms } from '../programs/program-writes.ts';

type Wire = Record<string, unknown>;

const TRIMMED = ['employeeId', 'first_name', 'last_name', 'email', 'mobile'] as const;
const userSchema = resourceSchema('user');

/** The fields stored trimmed: '   ' passes the schema's minLength but is as missing as '' (and ' 123456789' is 9 digits). */
function assertNoBlankFields(body: Partial<Record<(typeof TRIMMED)[number], string>>) {
  const found = trimmedTextProblems(body, userSchema, TRIMMED);
  if (Object.keys(found).length) throw problems.validation(found);
}

function checkPassword(password: string, confirm: string | undefined, confirmField: string) {
  if (confirm !== undefined && confirm !== password) {
    throw problems.passwordMismatch(confirmField);
  }
  const weak = passwordProblem(password);
  if (weak) throw problems.weakPassword(weak);
}

export async function createUser(ctx: AppContext, caller: SessionUser, body: NewUser & { password: string }): Promise<Wire> {
  assertNoBlankFields(body);
  checkPassword(body.password, undefined, 'password');
  await assertDesignationExists(ctx.db, body.designation);
  assertMayAssignRole(caller, await roleForAssignment(ctx.db, body.role));
  const id = await insertUser(ctx.db, body, await hashPassword(body.password), ctx.config.clock.now());
  return getUser(ctx.db, id);
}

export interface UserPatch extends Partial<NewUser> {
  _id?: string;
  password?: string;
  confirm_password?: string;
  /** Needed when callers change their own password or e-mail. */
  current_password?: string;
}

/**
 * Proves the caller knows the password of their own account (counted like a sign-in); answers
 * the hash it was checked against, so the write can make sure the password did not change in between.
 */
async function assertCurrentPassword(
  ctx: AppContext,
  id: string,
  email: string,
  given: string | undefined,
  address: string,
): Promise<string> {
  if (!given) throw problems.currentPasswordRequired();
  const stored = await passwordHashOf(ctx.db, id);
  await proveOwnPassword(ctx, { email, passwordHash: stored }, given, address);
  return stored;
}

/** `clientAddress`: the caller's network (`clientNetwork`), where proving one's own password is counted. */
export async function updateUser(ctx: AppContext, caller: SessionUser, id: string, body: UserPatch, clientAddress: string): Promise<Wire> {
  const { db, config } = ctx;
  const now = config.clock.now();
  if (body._id !== undefined && body._id !== id)
    throw problems.badRequest('_id does not match the address', { _id: '_id does not match the address' });
  assertNoBlankFields(body);
  const current = await userRow(db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const changes: UserChanges = {};
  // The password dialog sends the e-mail it loaded with (spec 1 §7); it names the user, it does
  // not change the address (which could undo someone's concurrent edit).
  const fields = body.password !== undefined ? (['employeeId', 'first_name', 'last_name', 'mobile'] as const) : TRIMMED;
  for (const field of fields) {
    if (body[field] !== undefined) changes[field] = trimText(body[field]!);
  }
  if (body.designation !== undefined) {
    await assertDesignationExists(db, body.designation);
    changes.designation_id = body.designation;
  }
  if (body.role !== undefined && body.role !== current.role_id) {
    assertNotSelf(caller, id, 'change your own role');
    assertMayAssignRole(caller, await roleForAssignment(db, body.role));
    changes.role_id = body.role;
  }
  if (body.status === false && current.status) assertNotSelf(caller, id, 'deactivate your own account');
  if (body.status !== undefined) changes.status = body.status;
  if (body.password !== undefined) {
    if (!mayChangePasswordOf(caller, id)) {
      throw problems.passwordChangeForbidden();
    }
    checkPassword(body.password, body.confirm_password ?? '', 'confirm_password');
  }
  const changesEmail = changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
  // One's own credentials change only with the current password (not so an admin's change of someone else's).
  const provenHash =
    caller.id === id && (body.password !== undefined || changesEmail)
      ? await assertCurrentPassword(ctx, id, current.email, body.current_password, clientAddress)
      : undefined;
  if (body.password !== undefined) changes.password_hash = await hashPassword(body.password);

  // Another role or a deactivation may take away the last editors of roles.
  const mayRemoveEditor = changes.role_id !== undefined || changes.status === false;
  let before: UserRow | undefined;
  await db.transaction().execute(async (trx) => {
    if (mayRemoveEditor) await lockRoleEditors(trx);
    before = await recheckUnderLock(trx, caller, id, current.role_id);
    // Changed meanwhile (a reset link, another tab): what the caller typed is no longer the current password.
    if (provenHash !== undefined && (await passwordHashOf(trx, id)) !== provenHash) throw problems.currentPasswordWrong();
    await updateUserRow(trx, id, changes, now);
    // A new password or a deactivation ends that user's sessions (the caller keeps theirs).
    if (changes.password_hash || changes.status === false) {
      await revokeUserSessions(trx, id, now, caller.id === id ? caller.sessionId : undefined);
    }
    // A reset link mailed before a password or address change must not work after it.
    if (changes.password_hash || changesEmail) await retireResetLinks(trx, id, now);
    if (mayRemoveEditor) await assertSomeoneCanEditRoles(trx);
  });
  const user = await getUser(db, id);
  if (before && String(user.email).toLowerCase() !== before.email.toLowerCase()) {
    ctx.mailer.sendInBackground(
      emailChangeNotice({
        oldEmail: before.email,
        newEmail: String(user.email),
        firstName: String(user.first_name),
        byOwner: caller.id === id,
        at: now,
      }),
    );
  }
  return user;
}

/**
 * The checks above ran before the write's transaction; with the user's row locked, make sure
 * nobody gave them another role (or other flags) meanwhile, and that the caller still out-ranks them.
 */
async function recheckUnderLock(trx: Db, caller: SessionUser, id: string, roleIdSeen: string): Promise<UserRow> {
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  const now = await userRow(trx, id);
  if (now.role_id !== roleIdSeen) {
    throw problems.changedMeanwhile('This user was changed by someone else meanwhile; reload and try again');
  }
  assertMayManage(caller, { id, roleSlug: now.role_slug, permission: now.role_permission });
  return now;
}

/**
 * Soft delete (spec 1 §4): the user is deactivated, hidden from lists, signed out everywhere;
 * their reset links die, their photo is no longer served, and they leave every program's heads and team.
 */
export async function deleteUser(ctx: AppContext, caller: SessionUser, id: string): Promise<Wire> {
  assertNotSelf(caller, id, 'delete your own account');
  const current = await userRow(ctx.db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const now = ctx.config.clock.now();
  let photo: string | null = null;
  // The user deleted may be the last one able to edit roles.
  await keepingARoleEditor(ctx.db, async (trx) => {
    photo = (await recheckUnderLock(trx, caller, id, current.role_id)).photo;
    await updateUserRow(trx, id, { status: false, deleted_at: now, photo: null }, now);
    await removeUserFromPrograms(trx, id, now);
    await revokeUserSessions(trx, id, now);
    await retireResetLinks(trx, id, now);
  });
  await removePhoto(ctx.config.uploadsDir, photo);
  return getUser(ctx.db, id, { includeDeleted: true });
}

export async function replacePhoto(ctx: AppContext, caller: SessionUser, id: string, content: Buffer): Promise<Wire> {
  const current = await userRow(ctx.db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const ext = imageExtension(content);
  if (!ext) throw problems.unsupportedPhoto();
  const photo = await storePhoto(ctx.config.uploadsDir, id, content, ext);
  let replaced: string | null = null;
  try {
    // Read the old path under a row lock, so two uploads at once cannot both keep "their" old file.
    await ctx.db.transaction().execute(async (trx) => {
      // A user deleted meanwhile gets no photo: nothing of theirs is served any more.
      const row = await trx
        .selectFrom('users')
        .select('photo')
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!row) throw problems.notFound('User');
      replaced = row.photo;
      await updateUserRow(trx, id, { photo }, ctx.config.clock.now());
    });
  } catch (err) {
    await removePhoto(ctx.config.uploadsDir, photo);
    throw err;
  }
  await removePhoto(ctx.config.uploadsDir, replaced);
  return getUser(ctx.db, id);
}
