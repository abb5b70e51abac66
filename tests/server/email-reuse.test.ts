/**
 * A deleted user releases their e-mail: whoever gets it next signs in, resets their password
 * and keeps the address unique among live users, as if the deleted user had never had it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { readOutbox } from '../support/outbox.ts';

let t: TestServer;
let admin: Session;
let designation: string;
let role: string;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  designation = await anyDesignationId(t.ctx.db);
  role = await roleIdBySlug(t.ctx.db, 'program-manager');
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const login = (email: string, password: string) => call('POST', '/login', { payload: { email, password } });

/** Adds a user with `email`, then deletes them: their e-mail is free again. */
async function deletedUserWith(email: string, password: string): Promise<string> {
  const created = await call('POST', '/user', { token: admin.token, payload: newUserBody(designation, role, { email, password }) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json()._id as string;
  expect((await call('DELETE', `/user/${id}`, { token: admin.token })).statusCode).toBe(200);
  return id;
}

async function addUser(email: string, password: string): Promise<string> {
  const created = await call('POST', '/user', { token: admin.token, payload: newUserBody(designation, role, { email, password }) });
  expect(created.statusCode, created.body).toBe(201);
  return created.json()._id as string;
}

describe('an e-mail given again after its user was deleted', () => {
  it('signs the new user in with their own password; the old password is just wrong, not "inactive"', async () => {
    const oldId = await deletedUserWith('reused@example.com', 'the old passphrase');
    const newId = await addUser('Reused@Example.com', 'the new passphrase');
    expect(newId).not.toBe(oldId);

    const signedIn = await login('reused@example.com', 'the new passphrase');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user._id).toBe(newId);

    const oldPassword = await login('reused@example.com', 'the old passphrase');
    expect(oldPassword.statusCode).toBe(401);
    expect(oldPassword.json()).toEqual({ code: 'BAD_CREDENTIALS', message: 'Invalid email or password' });
  });

  it('mails a reset link that resets the live account', async () => {
    await deletedUserWith('forgetful@example.com', 'the old passphrase');
    const liveId = await addUser('forgetful@example.com', 'the new passphrase');

    const asked = await call('POST', '/user/change_password', { payload: { email: 'forgetful@example.com' } });
    expect(asked.statusCode).toBe(200);
    await t.ctx.mailer.flush();
    const mails = (await readOutbox(t.outboxDir)).filter((m) => m.to === 'forgetful@example.com');
    expect(mails).toHaveLength(1);
    const token = /\/resetpassword\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1];

    const reset = await call('POST', '/user/reset_password', {
      payload: { token, password: 'a third passphrase', repassword: 'a third passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login('forgetful@example.com', 'a third passphrase');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user._id).toBe(liveId);
  });

  it('stays unique among live users only, on add and on change', async () => {
    await deletedUserWith('unique@example.com', 'the old passphrase');
    const liveId = await addUser('unique@example.com', 'the new passphrase');
    const taken = await call('POST', '/user', {
      token: admin.token,
      payload: newUserBody(designation, role, { email: 'UNIQUE@example.com' }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ email: 'This email is already taken' });

    await deletedUserWith('moving@example.com', 'the old passphrase');
    const mover = await addUser('mover@example.com', 'the mover passphrase');
    const moved = await call('PATCH', `/user/${mover}`, { token: admin.token, payload: { email: 'moving@example.com' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().email).toBe('moving@example.com');
    const clash = await call('PATCH', `/user/${mover}`, { token: admin.token, payload: { email: 'unique@example.com' } });
    expect(clash.statusCode).toBe(409);
    expect((await login('moving@example.com', 'the mover passphrase')).statusCode).toBe(200);
    expect(liveId).toBeTruthy();
  });
});
