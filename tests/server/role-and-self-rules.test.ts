/**
 * Rules found in review: the Admin role is an Admin's to give and to change; a role is changed
 * only by someone holding all its flags; switching a flag off grants nothing; photos follow the
 * same rules as the rest of a user; everyone may read their own record and change their own
 * password and photo; a deleted user releases their e-mail and their role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, flags, insertRole, insertUser, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { multipart } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';

let t: TestServer;
let admin: Session;
const ids: Record<string, string> = {};
const call = caller(() => t.auth.app);
const as =
  (session: Session) =>
  (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
    call(method, url, { ...opts, token: session.token });

async function userWith(
  email: string,
  permission: Record<string, boolean>,
  roleName = `Role of ${email}`,
): Promise<Session & { id: string; roleId: string }> {
  const role = await insertRole(t.ctx.db, { role: roleName, permission });
  const user = await insertUser(t.ctx.db, { email, password: 'a decent passphrase', roleId: role.id });
  return { ...(await t.loginAs(email, 'a decent passphrase')), id: user.id, roleId: role.id };
}

const newUser = (role: string, extra: Record<string, unknown> = {}) => newUserBody(ids.designation!, role, extra);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  ids.adminRole = await roleIdBySlug(t.ctx.db, 'admin');
  ids.designation = await anyDesignationId(t.ctx.db);
});
afterAll(() => t?.close());

describe('the Admin role', () => {
  it('cannot be given to anyone by a non-Admin, even one holding every flag', async () => {
    const almost = await userWith('almost-all@example.com', flags(true), 'Everything But Admin');
    const added = await as(almost)('POST', '/user', { payload: newUser(ids.adminRole) });
    expect(added.statusCode).toBe(403);
    expect(added.json().message).toBe('Only the Admin role may give a user the Admin role');
    const peer = await userWith('peer-of-almost@example.com', flags(false, { can_access_dashboard: true }));
    const moved = await as(almost)('PATCH', `/user/${peer.id}`, { payload: { role: ids.adminRole } });
    expect(moved.statusCode).toBe(403);
    // An Admin may.
    expect((await as(admin)('POST', '/user', { payload: newUser(ids.adminRole) })).statusCode).toBe(201);
  });

  it('cannot be deactivated, renamed, stripped or deleted by a role keeper', async () => {
    const keeper = await userWith(
      'keeper-2@example.com',
      flags(false, {
        can_access_dashboard: true,
        can_get_role: true,
        can_edit_role: true,
        can_edit_permission: true,
        can_delete_role: true,
        can_get_user: true,
      }),
    );
    for (const [method, url, payload] of [
      ['PATCH', `/role/${ids.adminRole}`, { status: false }],
      ['PATCH', `/permission/${ids.adminRole}`, { can_access_dashboard: false }],
      ['DELETE', `/role/${ids.adminRole}`, undefined],
    ] as const) {
      const res = await as(keeper)(method, url, { payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const role = (await as(admin)('GET', `/role/${ids.adminRole}`)).json();
    expect(role.status).toBe(true);
    expect(role.permission.can_access_dashboard).toBe(true);
  });
});

describe('roles out-ranking their editor', () => {
  it('are off limits, while a role within the editor’s flags may have flags switched off', async () => {
    const keeper = await userWith(
      'keeper-3@example.com',
      flags(false, { can_access_dashboard: true, can_get_role: true, can_edit_role: true, can_edit_permission: true, can_get_user: true }),
    );
    const mighty = await insertRole(t.ctx.db, { role: 'Mighty', permission: flags(false, { can_delete_user: true, can_get_user: true }) });
    expect((await as(keeper)('PATCH', `/role/${mighty.id}`, { payload: { status: false } })).statusCode).toBe(403);
    expect((await as(keeper)('PATCH', `/permission/${mighty.id}`, { payload: { can_delete_user: false } })).statusCode).toBe(403);

    const modest = await insertRole(t.ctx.db, { role: 'Modest', permission: flags(false, { can_get_user: true, can_get_role: true }) });
    const res = await as(keeper)('PATCH', `/permission/${modest.id}`, { payload: { can_get_user: false, can_get_role: true } });
    expect(res.statusCode).toBe(200);
    const stored = await t.ctx.db.selectFrom('roles').select('permission').where('id', '=', modest.id).executeTakeFirstOrThrow();
    expect(stored.permission).toMatchObject({ can_get_user: false, can_get_role: true });
  });

  it('merge flag changes sent at the same time instead of losing one', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Merged', permission: flags(false) });
    await Promise.all([
      as(admin)('PATCH', `/permission/${role.id}`, { payload: { can_get_user: true } }),
      as(admin)('PATCH', `/permission/${role.id}`, { payload: { can_get_role: true } }),
    ]);
    const permission = (await as(admin)('GET', `/role/${role.id}`)).json().permission;
    expect(permission).toMatchObject({ can_get_user: true, can_get_role: true });
  });
});

describe('photos follow the user rules', () => {
  it('a user editor cannot replace the photo of a user who out-ranks them, and nothing lands on disk', async () => {
    const editor = await userWith(
      'editor@example.com',
      flags(false, { can_access_dashboard: true, can_get_user: true, can_edit_user: true }),
    );
    const form = multipart([{ name: 'photo', filename: 'x.png', contentType: 'image/png', content: tinyPng() }]);
    const res = await t.auth.app.inject({
      method: 'PATCH',
      url: `/user/upload/${admin.user._id}`,
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${editor.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await as(admin)('GET', `/user/${admin.user._id}`)).json().photo).toBeNull();
  });
});

describe('self service', () => {
  it('anyone may read their own record, change their own password and photo, but nobody else’s', async () => {
    const plain = await userWith('plain@example.com', flags(false, { can_access_dashboard: true }));
    const other = await userWith('other-plain@example.com', flags(false, { can_access_dashboard: true }));
    expect((await as(plain)('GET', `/user/${plain.id}`)).statusCode).toBe(200);
    expect((await as(plain)('GET', `/user/${other.id}`)).statusCode).toBe(403);

    const pw = {
      _id: plain.id,
      email: 'plain@example.com',
      password: 'a brand new passphrase',
      confirm_password: 'a brand new passphrase',
      current_password: 'a decent passphrase',
    };
    expect((await as(plain)('PATCH', `/user/${plain.id}`, { payload: pw })).statusCode).toBe(200);
    expect((await as(plain)('PATCH', `/user/${other.id}`, { payload: { ...pw, _id: other.id } })).statusCode).toBe(403);
    // Still signed in on this session; the new password works.
    expect((await as(plain)('GET', `/user/${plain.id}`)).statusCode).toBe(200);
    expect(
      (
        await t.auth.app.inject({
          method: 'POST',
          url: '/login',
          payload: { email: 'plain@example.com', password: 'a brand new passphrase' },
        })
      ).statusCode,
    ).toBe(200);

    const form = multipart([{ name: 'photo', filename: 'me.png', contentType: 'image/png', content: tinyPng() }]);
    const upload = (id: string) =>
      t.auth.app.inject({
        method: 'PATCH',
        url: `/user/upload/${id}`,
        payload: form.payload,
        headers: { ...form.headers, authorization: `Bearer ${plain.token}` },
      });
    expect((await upload(plain.id)).statusCode).toBe(200);
    expect((await upload(other.id)).statusCode).toBe(403);

    // Self service stops at one's own role and status.
    expect((await as(plain)('PATCH', `/user/${plain.id}`, { payload: { role: ids.adminRole } })).statusCode).toBe(403);
  });

  it('the password dialog’s e-mail names the user, it does not change the address', async () => {
    const plain = await userWith('dialog@example.com', flags(false, { can_access_dashboard: true }));
    await as(admin)('PATCH', `/user/${plain.id}`, { payload: { email: 'dialog-new@example.com' } });
    const res = await as(plain)('PATCH', `/user/${plain.id}`, {
      payload: {
        _id: plain.id,
        email: 'dialog@example.com',
        password: 'another fine passphrase',
        confirm_password: 'another fine passphrase',
        current_password: 'a decent passphrase',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('dialog-new@example.com');
  });
});

describe('a deleted user', () => {
  it('releases their e-mail and their role', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Short Lived', permission: flags(false, { can_access_dashboard: true }) });
    const created = await as(admin)('POST', '/user', { payload: newUser(role.id, { email: 'again@example.com' }) });
    expect(created.statusCode).toBe(201);
    expect((await as(admin)('DELETE', `/user/${created.json()._id}`)).statusCode).toBe(200);

    const again = await as(admin)('POST', '/user', { payload: newUser(ids.adminRole, { email: 'AGAIN@example.com' }) });
    expect(again.statusCode).toBe(201);
    const gone = await as(admin)('DELETE', `/role/${role.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await as(admin)('GET', `/role/${role.id}`)).statusCode).toBe(404);
  });
});

describe('the add-user body of spec 1 §7', () => {
  it('accepts photo and preview sent as null', async () => {
    const res = await as(admin)('POST', '/user', { payload: newUser(ids.adminRole, { photo: null, preview: null }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().photo).toBeNull();
  });

  it('sorting by an inherited name such as __proto__ is a 400, not a 500', async () => {
    for (const field of ['__proto__', 'constructor', 'toString']) {
      const res = await as(admin)('GET', '/user', { query: { sort: JSON.stringify([field, 'ASC']) } });
      expect(res.statusCode, field).toBe(400);
    }
  });
});
