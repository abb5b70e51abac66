/**
 * The Permission flags guard the checklist: GET /permission/{id} needs can_get_permission and
 * PATCH /permission/{id} needs can_edit_permission (editing the role itself is not enough).
 * can_create_permission and can_delete_permission guarded nothing and are gone: from the
 * schema, the checklist and every stored role (migration 008).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { permissionFlags } from '@model/schema-registry.ts';
import * as removeFlags from '../../server/db/migrations/008-no-create-delete-permission-flags.ts';

let t: TestServer;
let admin: Session;
const call = caller(() => t.auth.app);
const REMOVED = ['can_create_permission', 'can_delete_permission'];

/** Signs in a new user whose role holds exactly these flags. */
let serial = 0;
async function userHolding(held: Record<string, boolean>): Promise<Session & { roleId: string }> {
  const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true, ...held }) });
  const email = `checklist-${++serial}@example.com`;
  await insertUser(t.ctx.db, { email, password: 'checklist passphrase', roleId: role.id });
  return { ...(await t.loginAs(email, 'checklist passphrase')), roleId: role.id };
}
const storedFlags = async (roleId: string) =>
  (await t.ctx.db.selectFrom('roles').select('permission').where('id', '=', roleId).executeTakeFirstOrThrow()).permission;
const forbidden = (flag: string) => ({ code: 'FORBIDDEN', message: `You don't have permission to do this (${flag})`, permission: flag });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

describe('PATCH /permission/{id}', () => {
  it('is refused to a role that may edit roles but not permissions: 403 naming can_edit_permission, nothing changed', async () => {
    const target = await insertRole(t.ctx.db, { permission: flags(false) });
    const editor = await userHolding({ can_get_role: true, can_edit_role: true, can_get_permission: true, can_get_user: true });
    const res = await call('PATCH', `/permission/${target.id}`, { token: editor.token, payload: { can_get_user: true } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden('can_edit_permission'));
    expect((await storedFlags(target.id)).can_get_user).toBe(false);
    // Renaming the role is still theirs.
    expect(
      (await call('PATCH', `/role/${target.id}`, { token: editor.token, payload: { role: 'Renamed By Role Editor' } })).statusCode,
    ).toBe(200);
  });

  it('is allowed with can_edit_permission', async () => {
    const target = await insertRole(t.ctx.db, { permission: flags(false) });
    const editor = await userHolding({ can_get_role: true, can_edit_role: true, can_edit_permission: true, can_get_user: true });
    const res = await call('PATCH', `/permission/${target.id}`, { token: editor.token, payload: { can_get_user: true } });
    expect(res.statusCode).toBe(200);
    expect((await storedFlags(target.id)).can_get_user).toBe(true);
    // Editing flags is not reading them: without can_get_permission the answer carries none.
    expect(res.json()).not.toHaveProperty('permission');
    const reader = await userHolding({
      can_get_role: true,
      can_get_user: true,
      can_edit_role: true,
      can_edit_permission: true,
      can_get_permission: true,
    });
    const again = await call('PATCH', `/permission/${target.id}`, { token: reader.token, payload: { can_get_role: true } });
    expect(again.json().permission).toMatchObject({ can_get_user: true, can_get_role: true });
  });

  it('refuses the removed flags as unknown: 400, like any flag the schema does not have', async () => {
    const target = await insertRole(t.ctx.db, { permission: flags(false) });
    for (const flag of REMOVED) {
      const res = await call('PATCH', `/permission/${target.id}`, { token: admin.token, payload: { [flag]: true } });
      expect(res.statusCode, flag).toBe(400);
      expect(Object.keys(await storedFlags(target.id))).not.toContain(flag);
    }
  });
});

describe('GET /permission/{id}', () => {
  it('answers the role with its flags to a role holding can_get_permission', async () => {
    const target = await insertRole(t.ctx.db, { role: 'Checklist Reader Target', permission: flags(false, { can_get_user: true }) });
    const reader = await userHolding({ can_get_permission: true });
    const res = await call('GET', `/permission/${target.id}`, { token: reader.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      _id: target.id,
      role: 'Checklist Reader Target',
      permission: { can_get_user: true, can_get_role: false },
    });
  });

  it('is refused without can_get_permission, even to a role that may read roles: 403', async () => {
    const target = await insertRole(t.ctx.db, { permission: flags(false) });
    const reader = await userHolding({ can_get_role: true });
    const res = await call('GET', `/permission/${target.id}`, { token: reader.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(forbidden('can_get_permission'));
    expect((await call('GET', `/permission/00000000-0000-4000-8000-000000000000`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('can_create_permission and can_delete_permission', () => {
  it('are not on the checklist, and the Admin role holds every flag that is', async () => {
    expect(permissionFlags.map((f) => f.name)).toEqual(expect.arrayContaining(['can_get_permission', 'can_edit_permission']));
    for (const flag of REMOVED) expect(permissionFlags.map((f) => f.name)).not.toContain(flag);
    const adminRole = (await call('GET', `/permission/${await roleIdBySlug(t.ctx.db, 'admin')}`, { token: admin.token })).json();
    expect(adminRole.permission).toEqual(flags(true));
  });

  it('are taken out of every stored role by migration 008, other flags kept', async () => {
    const withOld = await insertRole(t.ctx.db, {
      permission: { ...flags(false, { can_get_role: true }), can_create_permission: true, can_delete_permission: false },
    });
    const without = await insertRole(t.ctx.db, { permission: flags(false, { can_get_user: true }) });
    await removeFlags.up(t.ctx.db as never);
    expect(await storedFlags(withOld.id)).toEqual(flags(false, { can_get_role: true }));
    expect(await storedFlags(without.id)).toEqual(flags(false, { can_get_user: true }));

    // Rolled back, they come back switched off (the Admin role gets every flag again at start).
    await removeFlags.down(t.ctx.db as never);
    expect(await storedFlags(withOld.id)).toEqual({
      ...flags(false, { can_get_role: true }),
      can_create_permission: false,
      can_delete_permission: false,
    });
    await removeFlags.up(t.ctx.db as never);
    expect(await storedFlags(withOld.id)).toEqual(flags(false, { can_get_role: true }));
  });
});

describe("a role's flags are read with can_get_permission only (and one's own always)", () => {
  /** A role that reads roles and users, and its user signed in; `withFlags` adds can_get_permission. */
  async function readerOfRolesAndUsers(withFlags: boolean) {
    return userHolding({ can_get_role: true, can_get_user: true, ...(withFlags ? { can_get_permission: true } : {}) });
  }
  const otherUser = async () => {
    const role = await insertRole(t.ctx.db, { role: `Other Role ${++serial}`, permission: flags(false, { can_get_user: true }) });
    const email = `other-${serial}@example.com`;
    const { id } = await insertUser(t.ctx.db, { email, password: 'other passphrase', roleId: role.id });
    return { id, roleId: role.id };
  };
  const listed = async (token: string) => {
    const res = await call('GET', '/role', { token });
    expect(res.statusCode).toBe(200);
    return res.json() as Array<Record<string, unknown>>;
  };

  it('without can_get_permission: no flags in GET /role, GET /role/{id}, GET /user/{other id}', async () => {
    const reader = await readerOfRolesAndUsers(false);
    const other = await otherUser();
    const roles = await listed(reader.token);
    expect(roles.length).toBeGreaterThan(1);
    for (const role of roles) expect(role).not.toHaveProperty('permission');
    const one = await call('GET', `/role/${other.roleId}`, { token: reader.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: other.roleId });
    expect(one.json()).not.toHaveProperty('permission');
    const user = await call('GET', `/user/${other.id}`, { token: reader.token });
    expect(user.statusCode).toBe(200);
    expect(user.json().role).toMatchObject({ _id: other.roleId });
    expect(user.json().role).not.toHaveProperty('permission');
  });

  it('without can_get_permission: still its own flags at sign-in, on /user/verify and in GET /user/{own id}', async () => {
    const reader = await readerOfRolesAndUsers(false);
    expect(reader.user.role.permission).toMatchObject({ can_get_role: true, can_get_user: true, can_get_permission: false });
    const verified = await call('POST', '/user/verify', { payload: { token: reader.token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.role.permission).toMatchObject({ can_get_role: true, can_get_permission: false });
    const own = await call('GET', `/user/${reader.user._id}`, { token: reader.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().role.permission).toMatchObject({ can_get_role: true, can_get_permission: false });
  });

  it('with can_get_permission: the flags in GET /role, GET /role/{id} and GET /user/{other id}', async () => {
    const reader = await readerOfRolesAndUsers(true);
    const other = await otherUser();
    const roles = await listed(reader.token);
    expect(roles.find((r) => r._id === other.roleId)?.permission).toMatchObject({ can_get_user: true, can_get_role: false });
    for (const role of roles) expect(role).toHaveProperty('permission');
    const one = await call('GET', `/role/${other.roleId}`, { token: reader.token });
    expect(one.json().permission).toMatchObject({ can_get_user: true, can_get_role: false });
    const user = await call('GET', `/user/${other.id}`, { token: reader.token });
    expect(user.json().role.permission).toMatchObject({ can_get_user: true, can_get_role: false });
  });

  it('a role editor without can_get_permission renames a role and gets no flags back', async () => {
    const editor = await userHolding({ can_get_role: true, can_edit_role: true });
    const target = await insertRole(t.ctx.db, { permission: flags(false) });
    const res = await call('PATCH', `/role/${target.id}`, { token: editor.token, payload: { role: `Renamed Without Flags ${serial}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('permission');
  });
});
