/**
 * The auth server's writes in the change log, as an admin reads them with GET /audit: a user's
 * life (added, changed, their address and password changed, switched off and on, their own edits,
 * a photo, deleted and so taken off a program's team), a role and its permission checklist flag by
 * flag, sign-ins that pass or fail and sign-outs, a password reset asked for and done, and the
 * organisation's settings. No password, hash or token is ever shown; a refused write records
 * nothing; and a write that may remove a role editor never deadlocks with another write recording
 * its change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { anyDesignationId, flags, insertRole, insertUser, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { insertProgram } from '../support/program-fixtures.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';
import { readOutbox } from '../support/outbox.ts';
import { holdLocks, untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { ChangeSet } from '../../server/changes/change-log.ts';

let t: TestServer;
let admin: Session;
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);
const REDACTED = '[redacted]';

interface Change {
  seq: string;
  resource: string;
  record_id: string | null;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  session_id: string | null;
  program_id: string | null;
  fields: Record<string, [unknown, unknown]>;
}

/** The log as the admin reads it, newest first. */
async function changes(query: Record<string, string>): Promise<Change[]> {
  const res = await api('GET', `/audit?${new URLSearchParams({ limit: '200', ...query })}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Change[] }).data;
}
const changesOf = (record: string) => changes({ record });
const newest = async (query: Record<string, string>) => (await changes(query))[0]!;
const lastSeq = async () => (await changes({ limit: '1' }))[0]?.seq;

/** The session id a token carries (its JWT payload's `sid`). */
const sessionOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

describe('users', () => {
  it('records each change of a user under what it was, with the actor, and never a password', async () => {
    const designation = await anyDesignationId(t.ctx.db);
    const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true }) });
    const body = newUserBody(designation, role.id, { password: 'first passphrase 11' });
    const made = await auth('POST', '/user', { token: admin.token, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json()._id);
    const patch = async (payload: object, session: Session = admin) => {
      const res = await auth('PATCH', `/user/${id}`, { token: session.token, payload });
      expect(res.statusCode, res.body).toBe(200);
    };

    await patch({ first_name: 'Renamed' });
    await patch({ email: 'renamed@example.com' });
    await patch({ password: 'second passphrase 22', confirm_password: 'second passphrase 22' });
    await patch({ status: false });
    await patch({ status: true });
    // Their own profile and their own password, as themselves.
    const self = await t.loginAs('renamed@example.com', 'second passphrase 22');
    await patch({ last_name: 'Myself' }, self);
    await patch(
      { password: 'third passphrase 33', confirm_password: 'third passphrase 33', current_password: 'second passphrase 22' },
      self,
    );
    const { payload, headers } = photoUpload(tinyPng());
    const photo = await auth('PATCH', `/user/upload/${id}`, { token: admin.token, payload, headers });
    expect(photo.statusCode, photo.body).toBe(200);

    const log = await changesOf(id);
    expect(log.map((c) => [c.action, c.actor_email])).toEqual([
      ['photo-change', ADMIN_EMAIL],
      ['password-change', 'renamed@example.com'],
      ['update', 'renamed@example.com'],
      ['activate', ADMIN_EMAIL],
      ['deactivate', ADMIN_EMAIL],
      ['password-change', ADMIN_EMAIL],
      ['email-change', ADMIN_EMAIL],
      ['update', ADMIN_EMAIL],
      ['create', ADMIN_EMAIL],
    ]);
    const [photoChange, ownPassword, ownProfile, activate, deactivate, password, email, update, create] = log as Change[];
    expect(create!.resource).toBe('user');
    expect(create!.fields).toMatchObject({
      email: [null, body.email],
      first_name: [null, 'New'],
      role_id: [null, role.id],
      designation_id: [null, designation],
      status: [null, true],
      password_hash: [null, REDACTED],
    });
    expect(update!.fields).toEqual({ first_name: ['New', 'Renamed'] });
    expect(email!.fields).toEqual({ email: [body.email, 'renamed@example.com'] });
    expect(password!.fields).toEqual({ password_hash: [REDACTED, REDACTED] });
    expect(deactivate!.fields).toEqual({ status: [true, false] });
    expect(activate!.fields).toEqual({ status: [false, true] });
    expect(ownProfile!.fields).toEqual({ last_name: [body.last_name, 'Myself'] });
    expect(ownPassword!.fields).toEqual({ password_hash: [REDACTED, REDACTED] });
    expect(photoChange!.fields).toEqual({ photo: [null, photo.json().photo] });
    const written = JSON.stringify(log);
    for (const secret of ['first passphrase', 'second passphrase', 'third passphrase', '$argon2']) expect(written).not.toContain(secret);
  });

  it('records a delete, and each program the user is taken off, in that program’s history', async () => {
    const user = await insertUser(t.ctx.db, {
      email: 'leaving@example.com',
      password: 'leaving passphrase 1',
      roleId: await roleIdBySlug(t.ctx.db, 'admin'),
    });
    const program = await insertProgram(t.ctx.db, { name: 'Clean Water', program_head: [admin.user._id], teams: [user.id] });
    const deleted = await auth('DELETE', `/user/${user.id}`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const [gone] = await changesOf(user.id);
    expect(gone).toMatchObject({ action: 'delete', resource: 'user', actor_email: ADMIN_EMAIL });
    expect(gone!.fields).toMatchObject({ email: ['leaving@example.com', null], status: [true, null], password_hash: [REDACTED, null] });
    const history = await changes({ program: program.id });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ action: 'member-remove', resource: 'program', record_id: program.id, program_id: program.id });
    expect(history[0]!.fields).toEqual({ teams: [[user.id], []] });
  });

  it('records nothing for a write that fails', async () => {
    const designation = await anyDesignationId(t.ctx.db);
    const before = await lastSeq();
    const taken = await auth('POST', '/user', {
      token: admin.token,
      payload: newUserBody(designation, await roleIdBySlug(t.ctx.db, 'admin'), { email: ADMIN_EMAIL }),
    });
    expect(taken.statusCode).toBe(409);
    expect(await lastSeq()).toBe(before);
  });
});

describe('roles', () => {
  it('records a role added, renamed, its flags one field each, and deleted, with a deleted holder released', async () => {
    const made = await auth('POST', '/role', { token: admin.token, payload: { role: 'Field auditor' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json()._id);
    const flagged = await auth('PATCH', `/permission/${id}`, {
      token: admin.token,
      payload: { can_edit_user: true, can_get_user: true, can_get_role: false },
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const renamed = await auth('PATCH', `/role/${id}`, { token: admin.token, payload: { role: 'Field inspector' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // A name another role has is refused: nothing recorded.
    expect((await auth('POST', '/role', { token: admin.token, payload: { role: 'Data clerk' } })).statusCode).toBe(201);
    const seq = await lastSeq();
    expect((await auth('PATCH', `/role/${id}`, { token: admin.token, payload: { role: 'Data clerk' } })).statusCode).toBe(409);
    expect(await lastSeq()).toBe(seq);
    // A deleted user who held the role keeps their history but not the role.
    const holder = await insertUser(t.ctx.db, { email: 'former@example.com', password: 'former passphrase 1', roleId: id });
    expect((await auth('DELETE', `/user/${holder.id}`, { token: admin.token })).statusCode).toBe(200);
    const removed = await auth('DELETE', `/role/${id}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);

    const log = await changesOf(id);
    expect(log.map((c) => [c.action, c.resource, c.actor_email])).toEqual([
      ['delete', 'role', ADMIN_EMAIL],
      ['update', 'role', ADMIN_EMAIL],
      ['permission-change', 'role', ADMIN_EMAIL],
      ['create', 'role', ADMIN_EMAIL],
    ]);
    const [deleted, rename, permission, create] = log as Change[];
    expect(create!.fields).toMatchObject({
      role: [null, 'Field auditor'],
      role_slug: [null, 'field-auditor'],
      can_edit_user: [null, false],
    });
    expect(create!.fields).not.toHaveProperty('permission');
    expect(create!.fields).not.toHaveProperty('name_key');
    // Only the flags that changed: can_get_role was off already.
    expect(permission!.fields).toEqual({ can_edit_user: [false, true], can_get_user: [false, true] });
    expect(rename!.fields).toEqual({ role: ['Field auditor', 'Field inspector'] });
    expect(deleted!.fields).toMatchObject({ role: ['Field inspector', null], can_edit_user: [true, null] });
    expect((await changesOf(holder.id))[0]).toMatchObject({ action: 'update', fields: { role_id: [id, null] } });
  });
});

describe('sign-in and sign-out', () => {
  const email = 'signer@example.com';
  const password = 'signer passphrase 1';
  let userId: string;
  beforeAll(async () => {
    userId = (await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'admin') })).id;
  });

  it('records a sign-in by its session, the user its actor, and a sign-out once', async () => {
    const session = await t.loginAs(email, password, { userAgent: 'Field tablet' });
    const sid = sessionOf(session.token);
    const [signIn] = await changesOf(sid);
    expect(signIn).toMatchObject({ resource: 'session', action: 'sign-in', actor_id: userId, actor_email: email, session_id: sid });
    expect(signIn!.fields).toEqual({
      user_id: [null, userId],
      client: [null, 'console'],
      keep_login: [null, true],
      user_agent: [null, 'Field tablet'],
    });

    expect((await auth('GET', '/logout', { token: session.token })).statusCode).toBe(200);
    expect((await auth('GET', '/logout', { token: session.token })).statusCode).toBe(200);
    const log = await changesOf(sid);
    expect(log.map((c) => c.action)).toEqual(['sign-out', 'sign-in']);
    expect(log[0]).toMatchObject({ resource: 'session', actor_id: userId, actor_email: email });
    expect(Object.keys(log[0]!.fields)).toEqual(['revoked_at']);
    expect(log[0]!.fields.revoked_at![0]).toBeNull();
    expect(JSON.stringify(log)).not.toContain(session.token);
  });

  it('records a failed sign-in with the e-mail tried and why, no actor and no password', async () => {
    const wrong = await auth('POST', '/login', { payload: { email: ' Signer@Example.com ', password: 'not the passphrase' } });
    expect(wrong.statusCode).toBe(401);
    const failed = await newest({ action: 'sign-in-failed' });
    expect(failed).toMatchObject({ resource: 'session', record_id: null, actor_id: null, actor_email: null });
    expect(failed.fields).toEqual({ email: [null, email], code: [null, 'BAD_CREDENTIALS'] });

    // An unknown address reads alike (the answer says no more either).
    expect((await auth('POST', '/login', { payload: { email: 'nobody@example.com', password: 'not the passphrase' } })).statusCode).toBe(
      401,
    );
    expect((await newest({ action: 'sign-in-failed' })).fields).toEqual({
      email: [null, 'nobody@example.com'],
      code: [null, 'BAD_CREDENTIALS'],
    });
    expect(JSON.stringify(await changes({ action: 'sign-in-failed' }))).not.toContain('not the passphrase');
  });
});

describe('password reset', () => {
  it('records a request by its address only, and the reset as a redacted password change', async () => {
    const email = 'forgetful@example.com';
    const user = await insertUser(t.ctx.db, { email, password: 'forgotten passphrase 1', roleId: await roleIdBySlug(t.ctx.db, 'admin') });
    const before = (await readOutbox(t.outboxDir)).length;
    expect((await auth('POST', '/user/change_password', { payload: { email: 'Forgetful@example.com' } })).statusCode).toBe(200);
    await t.ctx.mailer.flush();
    const request = await newest({ action: 'reset-request' });
    expect(request).toMatchObject({ resource: 'user', record_id: null, actor_id: null });
    expect(request.fields).toEqual({ email: [null, email] });

    const mails = await readOutbox(t.outboxDir);
    expect(mails).toHaveLength(before + 1);
    const token = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mails.find((m) => m.to === email)!.text)![1]!;
    const reset = await auth('POST', '/user/reset_password', {
      payload: { token, password: 'remembered passphrase 2', repassword: 'remembered passphrase 2' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [done] = await changesOf(user.id);
    expect(done).toMatchObject({ action: 'password-reset', resource: 'user', actor_id: null });
    expect(done!.fields).toEqual({ password_hash: [REDACTED, REDACTED] });
    const written = JSON.stringify(await changes({ resource: 'user' }));
    expect(written).not.toContain(token);
    expect(written).not.toContain('remembered passphrase');

    // A link used up is refused: nothing more recorded.
    const seq = await lastSeq();
    const again = await auth('POST', '/user/reset_password', {
      payload: { token, password: 'remembered passphrase 3', repassword: 'remembered passphrase 3' },
    });
    expect(again.statusCode).toBe(400);
    expect(await lastSeq()).toBe(seq);
  });
});

describe('settings', () => {
  it('records the settings changed, the logo by type, version and size, and no test e-mail', async () => {
    const changed = await auth('PATCH', '/settings', {
      token: admin.token,
      payload: { organisation_name: 'Acme Health', time_zone: 'Africa/Nairobi' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { payload, headers } = multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', content: tinyPng() }]);
    expect((await auth('PUT', '/settings/logo', { token: admin.token, payload, headers })).statusCode).toBe(200);
    expect((await auth('DELETE', '/settings/logo', { token: admin.token })).statusCode).toBe(200);

    const log = await changesOf('organisation');
    expect(log.map((c) => [c.resource, c.action, c.actor_email])).toEqual([
      ['settings', 'logo-remove', ADMIN_EMAIL],
      ['settings', 'logo-change', ADMIN_EMAIL],
      ['settings', 'update', ADMIN_EMAIL],
    ]);
    const [removed, logo, update] = log as Change[];
    expect(update!.fields).toEqual({ organisation_name: ['Fieldbase', 'Acme Health'], time_zone: ['UTC', 'Africa/Nairobi'] });
    const size = logo!.fields.logo_bytes![1];
    expect(size).toEqual(expect.any(Number));
    expect(logo!.fields).toEqual({ logo_type: [null, 'image/png'], logo_version: [0, 1], logo_bytes: [null, size] });
    expect(removed!.fields).toEqual({ logo_type: ['image/png', null], logo_version: [1, 2], logo_bytes: [size, null] });

    const seq = await lastSeq();
    expect((await auth('POST', '/settings/test-email', { token: admin.token })).statusCode).toBe(200);
    expect(await lastSeq()).toBe(seq);
  });
});

describe('locks', () => {
  it('lets a deactivation (under the role-editors lock) and another write of the same user both commit', async () => {
    const user = await insertUser(t.ctx.db, {
      email: 'contended@example.com',
      password: 'contended passphrase 1',
      roleId: await roleIdBySlug(t.ctx.db, 'admin'),
    });
    // Another write holds the user's row, and records its change last, as every write does.
    const finishOther = await holdLocks(
      t.ctx.db,
      (trx) => trx.updateTable('users').set({ first_name: 'Held' }).where('id', '=', user.id).execute(),
      async (trx) => {
        const changeSet = new ChangeSet();
        changeSet.record('user', user.id, { first_name: 'Test' }, { first_name: 'Held' });
        await changeSet.flush(trx, { action: 'update' });
      },
    );
    const deactivation = auth('PATCH', `/user/${user.id}`, { token: admin.token, payload: { status: false } });
    await untilSomeoneWaitsOnALock(t.ctx.db, 'the deactivation');
    await finishOther();
    const answer = await deactivation;
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await changesOf(user.id)).map((c) => c.action)).toEqual(['deactivate', 'update']);
  });
});
