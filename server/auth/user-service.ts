/** What the user routes do, with the rules of spec 1 §4–§6 and the privilege rules applied. */
import { sql } from 'kysely';
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
import { mailTextsFor } from '../mail/mail-language.ts';
import { proveOwnPassword } from './own-password-proof.ts';
import { assertMayAssignRole, assertMayManage, assertNotSelf, mayChangePasswordOf } from './privileges.ts';
import {
  assertDesignationExists,
  getUser,
  insertUser,
  roleForAssignment,
  passwordHashOf,
  updateUserRow,
  userLogRow,
  userRow,
  type NewUser,
  type UserChanges,
  type UserRow,
} from './user-store.ts';
import { imageExtension, removePhoto, storePhoto } from './photos.ts';
import { assertSomeoneCanEditRoles, keepingARoleEditor, lockRoleEditors } from './role-editors.ts';
import { trimmedTextProblems } from '../http/text-fields.ts';
import { removeUserFromPrograms } from '../programs/program-writes.ts';
import { inWriteTransaction, type ChangeContext, type ChangeSet } from '../changes/change-log.ts';
import type { Row } from '../changes/changed-fields.ts';

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

/**
 * What a change of a user is called in the change log, when more than the route's `update`: a
 * changed password or address (credentials), or an account switched on or off, is what an
 * auditor looks for. Other fields changed in the same save show in the same row.
 */
function userChangeAction(before: Row, after: Row): string | undefined {
  if (before.password_hash !== after.password_hash) return 'password-change';
  if (before.email !== after.email) return 'email-change';
  if (before.status !== after.status) return after.status ? 'activate' : 'deactivate';
  return undefined;
}

/** `context`: who is writing, for the change log (changeContextOf the request). */
export async function createUser(
  ctx: AppContext,
  caller: SessionUser,
  body: NewUser & { password: string },
  context: ChangeContext,
): Promise<Wire> {
  assertNoBlankFields(body);
  checkPassword(body.password, undefined, 'password');
  await assertDesignationExists(ctx.db, body.designation);
  assertMayAssignRole(caller, await roleForAssignment(ctx.db, body.role));
  const passwordHash = await hashPassword(body.password);
  const id = await inWriteTransaction(ctx.db, context, async (trx, changes) => {
    const id = await insertUser(trx, body, passwordHash, ctx.config.clock.now());
    changes.record('user', id, null, await userLogRow(trx, id));
    return id;
  });
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

/**
 * What a change of a user will store, each field judged by the rules that guard it (the
 * designation exists, a role the caller may give and not to themselves, no deactivating oneself,
 * a password the caller may set and strong enough); the password's hash is added later.
 */
async function userChangesOf(db: Db, caller: SessionUser, id: string, body: UserPatch, current: UserRow): Promise<UserChanges> {
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
  if (body.language !== undefined) changes.language = body.language;
  if (body.password !== undefined) {
    if (!mayChangePasswordOf(caller, id)) {
      throw problems.passwordChangeForbidden();
    }
    checkPassword(body.password, body.confirm_password ?? '', 'confirm_password');
  }
  return changes;
}

interface UserWrite {
  caller: SessionUser;
  id: string;
  changes: UserChanges;
  /** The role the checks before the transaction saw. */
  roleIdSeen: string;
  changesEmail: boolean;
  /** The hash the caller's current password was proven against, when it had to be. */
  provenHash: string | undefined;
  now: Date;
}

/** Writes a change of a user and what follows from it, in one transaction; answers the user as they were. */
function writeUserChange(db: Db, context: ChangeContext, write: UserWrite): Promise<UserRow> {
  const { caller, id, changes, changesEmail, provenHash, now } = write;
  // Another role or a deactivation may take away the last editors of roles.
  const mayRemoveEditor = changes.role_id !== undefined || changes.status === false;
  return inWriteTransaction(db, context, async (trx, changeSet) => {
    if (mayRemoveEditor) await lockRoleEditors(trx);
    const before = await recheckUnderLock(trx, caller, id, write.roleIdSeen);
    // Changed meanwhile (a reset link, another tab): what the caller typed is no longer the current password.
    if (provenHash !== undefined && (await passwordHashOf(trx, id)) !== provenHash) throw problems.currentPasswordWrong();
    const was = await userLogRow(trx, id);
    await updateUserRow(trx, id, changes, now);
    const is = await userLogRow(trx, id);
    const action = userChangeAction(was, is);
    changeSet.record('user', id, was, is, action ? { action } : {});
    // A new password or a deactivation ends that user's sessions (the caller keeps theirs).
    if (changes.password_hash || changes.status === false) {
      await revokeUserSessions(trx, id, now, caller.id === id ? caller.sessionId : undefined);
    }
    // A reset link mailed before a password or address change must not work after it.
    if (changes.password_hash || changesEmail) await retireResetLinks(trx, id, now);
    if (mayRemoveEditor) await assertSomeoneCanEditRoles(trx);
    return before;
  });
}

/** `clientAddress`: the caller's network (`clientNetwork`), where proving one's own password is counted. */
export async function updateUser(
  ctx: AppContext,
  caller: SessionUser,
  id: string,
  body: UserPatch,
  clientAddress: string,
  context: ChangeContext,
): Promise<Wire> {
  const { db, config } = ctx;
  const now = config.clock.now();
  if (body._id !== undefined && body._id !== id)
    throw problems.badRequest('_id does not match the address', { _id: '_id does not match the address' });
  assertNoBlankFields(body);
  const current = await userRow(db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const changes = await userChangesOf(db, caller, id, body, current);
  const changesEmail = changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
  // One's own credentials change only with the current password (not so an admin's change of someone else's).
  const provenHash =
    caller.id === id && (body.password !== undefined || changesEmail)
      ? await assertCurrentPassword(ctx, id, current.email, body.current_password, clientAddress)
      : undefined;
  if (body.password !== undefined) changes.password_hash = await hashPassword(body.password);
  const before = await writeUserChange(db, context, { caller, id, changes, roleIdSeen: current.role_id, changesEmail, provenHash, now });
  const user = await getUser(db, id);
  if (String(user.email).toLowerCase() !== before.email.toLowerCase()) {
    ctx.mailer.sendInBackground(
      emailChangeNotice(await mailTextsFor(db, user.language as string | null), {
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
export async function deleteUser(ctx: AppContext, caller: SessionUser, id: string, context: ChangeContext): Promise<Wire> {
  assertNotSelf(caller, id, 'delete your own account');
  const current = await userRow(ctx.db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const now = ctx.config.clock.now();
  let photo: string | null = null;
  await inWriteTransaction(ctx.db, context, (trx, changes) =>
    // The user deleted may be the last one able to edit roles.
    keepingARoleEditor(trx, async () => {
      photo = (await recheckUnderLock(trx, caller, id, current.role_id)).photo;
      // Soft: the row stays for history, but as the API sees it the user is gone.
      changes.record('user', id, await userLogRow(trx, id), null);
      await updateUserRow(trx, id, { status: false, deleted_at: now, photo: null }, now);
      await leavePrograms(trx, changes, id, now);
      await revokeUserSessions(trx, id, now);
      await retireResetLinks(trx, id, now);
    }),
  );
  await removePhoto(ctx.files, photo);
  return getUser(ctx.db, id, { includeDeleted: true });
}

/** Takes a deleted user off every program's heads and team, recording each program so changed (in its history). */
async function leavePrograms(trx: Db, changes: ChangeSet, userId: string, now: Date): Promise<void> {
  const members = (lists: Db) => lists.selectFrom('programs').select(['id', 'program_head', 'teams']).orderBy('id');
  const held = sql<boolean>`program_head @> jsonb_build_array(${userId}::text) or teams @> jsonb_build_array(${userId}::text)`;
  // Locked before the change, so what is recorded as before is what the change started from.
  const before = await members(trx).where(held).forUpdate().execute();
  await removeUserFromPrograms(trx, userId, now);
  if (before.length === 0) return;
  const after = new Map(
    (
      await members(trx)
        .where(
          'id',
          'in',
          before.map((p) => p.id),
        )
        .execute()
    ).map((p) => [p.id, p]),
  );
  for (const { id, program_head, teams } of before) {
    const is = after.get(id);
    changes.record(
      'program',
      id,
      { program_head, teams },
      { program_head: is?.program_head, teams: is?.teams },
      {
        action: 'member-remove',
        programId: id,
      },
    );
  }
}

export async function replacePhoto(
  ctx: AppContext,
  caller: SessionUser,
  id: string,
  content: Buffer,
  context: ChangeContext,
): Promise<Wire> {
  const current = await userRow(ctx.db, id);
  assertMayManage(caller, { id, roleSlug: current.role_slug, permission: current.role_permission });
  const ext = imageExtension(content);
  if (!ext) throw problems.unsupportedPhoto();
  const photo = await storePhoto(ctx.files, id, content, ext);
  let replaced: string | null = null;
  try {
    // Read the old path under a row lock, so two uploads at once cannot both keep "their" old file.
    await inWriteTransaction(ctx.db, context, async (trx, changes) => {
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
      const was = await userLogRow(trx, id);
      await updateUserRow(trx, id, { photo }, ctx.config.clock.now());
      // The photo's stored name, never its bytes.
      changes.record('user', id, was, await userLogRow(trx, id));
    });
  } catch (err) {
    await removePhoto(ctx.files, photo);
    throw err;
  }
  await removePhoto(ctx.files, replaced);
  return getUser(ctx.db, id);
}
