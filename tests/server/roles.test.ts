/**
 * Roles and their permission flags on the auth server (spec 1 §3, §6, §7): list by
 * name, add with a derived slug, rename, refuse to delete a role still held, set flags — and
 * the flags take effect on the very next request of a user of that role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { permissionFlags } from '@model/schema-registry.ts';
import type { Role } from '@model/generated/index.ts';

let t: TestServer;
let admin: Session;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => call(method, url, { ...opts, token: admin.token });

/** Adds a role through POST /role; the answer has every property of a role. */
async function addRole(role: string): Promise<Required<Role>> {
  const res = await asAdmin('POST', '/role', { payload: { role } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const roleNames = async () => (await asAdmin('GET', '/role')).json().map((r: { role: string }) => r.role) as string[];
const allFlags = (value: boolean) => Object.fromEntries(permissionFlags.map((f) => [f.name, value]));

let serial = 0;
/** A user of the given role, signed in. */
async function memberOf(roleId: string): Promise<Session> {
  const email = `member${++serial}@example.com`;
  await insertUser(t.ctx.db, { email, password: 'member passphrase', roleId });
  return t.loginAs(email, 'member passphrase');
}

describe('GET /role', () => {
  it('lists roles sorted by name, case-insensitively', async () => {
    for (const name of ['beta team', 'Alpha Team', 'gamma']) await addRole(name);
    const res = await asAdmin('GET', '/role');
    expect(res.statusCode).toBe(200);
    const names = res.json().map((r: { role: string }) => r.role);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Admin', 'Program Manager', 'Field Staff']));
    expect(names.indexOf('Alpha Team')).toBeLessThan(names.indexOf('beta team'));
    expect(names.indexOf('beta team')).toBeLessThan(names.indexOf('Field Staff'));
    expect(names.indexOf('Field Staff')).toBeLessThan(names.indexOf('gamma'));
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('pages with range and Content-Range', async () => {
    const all = (await asAdmin('GET', '/role')).json();
    const res = await asAdmin('GET', '/role', { query: { range: '[1,2]' } });
    expect(res.headers['content-range']).toBe(`role 1-2/${all.length}`);
    expect(res.json()).toEqual(all.slice(1, 3));
  });
});

describe('GET /role/{id}', () => {
  it('answers the role with every flag of the permission schema', async () => {
    const admins = (await asAdmin('GET', '/role')).json().find((r: { role_slug: string }) => r.role_slug === 'admin');
    const res = await asAdmin('GET', `/role/${admins._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(admins);
    expect(res.json()).toMatchObject({ role: 'Admin', role_slug: 'admin', status: true, permission: allFlags(true) });
  });

  it('answers 404 for an unknown role', async () => {
    const res = await asAdmin('GET', '/role/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Role not found' });
  });
});

describe('POST /role', () => {
  it('adds an active role with 201, a slug derived from the name and every flag false', async () => {
    const res = await asAdmin('POST', '/role', { payload: { role: '  Data Clerk ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      role: 'Data Clerk',
      role_slug: 'data-clerk',
      status: true,
      permission: allFlags(false),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await asAdmin('GET', `/role/${res.json()._id}`)).json()).toEqual(res.json());
  });

  it('refuses the same name in another case with 409 naming the role field', async () => {
    const res = await asAdmin('POST', '/role', { payload: { role: 'DATA CLERK' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE', fields: { role: 'Role is already taken' } });
    expect((await roleNames()).filter((n) => n.toLowerCase() === 'data clerk')).toHaveLength(1);
  });

  it('gives a different name with the same slug a numbered slug', async () => {
    expect((await addRole('Data clerk!')).role_slug).toBe('data-clerk-2');
    expect((await addRole('data -- clerk')).role_slug).toBe('data-clerk-3');
  });

  for (const [what, payload] of [
    ['a missing role', {}],
    ['an empty role', { role: '' }],
    ['a blank role', { role: '   ' }],
  ] as const) {
    it(`refuses ${what} with 400 'role name required'`, async () => {
      const before = (await roleNames()).length;
      const res = await asAdmin('POST', '/role', { payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'role name required', fields: { role: 'role name required' } });
      expect((await roleNames()).length).toBe(before);
    });
  }

  it('refuses flags, a slug or an unknown field on add with 400', async () => {
    for (const extra of [{ permission: allFlags(true) }, { role_slug: 'admin' }, { colour: 'red' }]) {
      const res = await asAdmin('POST', '/role', { payload: { role: 'Sneaky', ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual(Object.keys(extra));
    }
    expect(await roleNames()).not.toContain('Sneaky');
  });
});

describe('PATCH /role/{id}', () => {
  it('renames, keeping the slug and the flags', async () => {
    const role = await addRole('Surveyors');
    const res = await asAdmin('PATCH', `/role/${role._id}`, { payload: { role: 'Senior Surveyors' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...role, role: 'Senior Surveyors', updatedAt: expect.any(String) });
    expect(await roleNames()).toContain('Senior Surveyors');
    expect(await roleNames()).not.toContain('Surveyors');
  });

  it('deactivates and activates', async () => {
    const role = await addRole('Seasonal');
    expect((await asAdmin('PATCH', `/role/${role._id}`, { payload: { status: false } })).json()).toMatchObject({
      role: 'Seasonal',
      status: false,
    });
    expect((await asAdmin('PATCH', `/role/${role._id}`, { payload: { status: true } })).json()).toMatchObject({
      role: 'Seasonal',
      status: true,
    });
  });

  it('refuses permission in the body with 400 (flags change only through PATCH /permission), changing nothing', async () => {
    const role = await addRole('Flag Smugglers');
    const res = await asAdmin('PATCH', `/role/${role._id}`, { payload: { role: 'Renamed Smugglers', permission: { can_get_user: true } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ permission: 'permission is not a field that can be set here' });
    expect((await asAdmin('GET', `/role/${role._id}`)).json()).toEqual(role);
  });

  it('refuses an empty, blank or taken name', async () => {
    const role = await addRole('Rename Target');
    for (const name of ['', '  ']) {
      const res = await asAdmin('PATCH', `/role/${role._id}`, { payload: { role: name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fields).toEqual({ role: 'role name required' });
    }
    const taken = await asAdmin('PATCH', `/role/${role._id}`, { payload: { role: 'field staff' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ role: 'Role is already taken' });
    expect((await asAdmin('GET', `/role/${role._id}`)).json()).toEqual(role);
  });

  it('answers 404 for an unknown role', async () => {
    expect((await asAdmin('PATCH', '/role/00000000-0000-4000-8000-000000000000', { payload: { role: 'Ghost' } })).statusCode).toBe(404);
  });
});

describe('DELETE /role/{id}', () => {
  it('refuses a role held by users with 409 naming how many, and keeps it', async () => {
    const role = await addRole('Crowded');
    await insertUser(t.ctx.db, { email: 'crowd1@example.com', password: 'crowded passphrase', roleId: role._id });
    let res = await asAdmin('DELETE', `/role/${role._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'ROLE_IN_USE',
      message: 'This role is held by 1 user; give them another role first',
      users: 1,
      params: { users: 1 },
    });

    await insertUser(t.ctx.db, { email: 'crowd2@example.com', password: 'crowded passphrase', roleId: role._id });
    res = await asAdmin('DELETE', `/role/${role._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This role is held by 2 users; give them another role first');
    expect(res.json().users).toBe(2);
    expect((await asAdmin('GET', `/role/${role._id}`)).json()).toEqual(role);
  });

  it('deletes an unused role, answering it; afterwards it is gone', async () => {
    const role = await addRole('Short Lived');
    const res = await asAdmin('DELETE', `/role/${role._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(role);
    expect((await asAdmin('GET', `/role/${role._id}`)).statusCode).toBe(404);
    expect(await roleNames()).not.toContain('Short Lived');
    expect((await asAdmin('DELETE', `/role/${role._id}`)).statusCode).toBe(404);
  });
});

describe('PATCH /permission/{id}', () => {
  it('changes only the flags sent', async () => {
    const role = await addRole('Partial Flags');
    const res = await asAdmin('PATCH', `/permission/${role._id}`, { payload: { can_get_designation: true, can_get_user: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...role,
      permission: { ...allFlags(false), can_get_designation: true, can_get_user: true },
      updatedAt: expect.any(String),
    });
    const next = await asAdmin('PATCH', `/permission/${role._id}`, { payload: { can_get_user: false, can_edit_role: true } });
    expect(next.json().permission).toEqual({ ...allFlags(false), can_get_designation: true, can_edit_role: true });
    expect((await asAdmin('GET', `/role/${role._id}`)).json().permission).toEqual(next.json().permission);
  });

  it('refuses an unknown flag, a flag that is not a boolean, and an empty body with 400, changing nothing', async () => {
    const role = await addRole('Strict Flags');
    const cases: Array<[unknown, Record<string, string> | undefined, string]> = [
      [{ can_fly: true }, { can_fly: 'can_fly is not a field that can be set here' }, 'can_fly is not a field that can be set here'],
      [{ can_get_user: 'yes' }, { can_get_user: 'Can get user must be a boolean' }, 'Can get user must be a boolean'],
      [{}, undefined, 'Send at least one field to change'],
    ];
    for (const [payload, fields, message] of cases) {
      const res = await asAdmin('PATCH', `/permission/${role._id}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
      if (fields) expect(res.json().fields).toEqual(fields);
    }
    expect((await asAdmin('GET', `/role/${role._id}`)).json()).toEqual(role);
  });

  it('answers 404 for an unknown role', async () => {
    expect(
      (await asAdmin('PATCH', '/permission/00000000-0000-4000-8000-000000000000', { payload: { can_get_user: true } })).statusCode,
    ).toBe(404);
  });

  it('takes effect on the next request of a user of that role, with the same token', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Switchable', permission: flags(false, { can_access_dashboard: true }) });
    const member = await memberOf(role.id);
    const tryList = async () => (await call('GET', '/designation', { token: member.token })).statusCode;
    const tryAdd = async (name: string) => (await call('POST', '/designation', { token: member.token, payload: { name } })).statusCode;

    expect(await tryList()).toBe(403);
    expect(await tryAdd('Made By Switchable')).toBe(403);

    expect((await asAdmin('PATCH', `/permission/${role.id}`, { payload: { can_get_designation: true } })).statusCode).toBe(200);
    expect(await tryList()).toBe(200);
    expect(await tryAdd('Made By Switchable')).toBe(403); // only the flag given

    expect((await asAdmin('PATCH', `/permission/${role.id}`, { payload: { can_create_designation: true } })).statusCode).toBe(200);
    expect(await tryAdd('Made By Switchable')).toBe(201);

    expect((await asAdmin('PATCH', `/permission/${role.id}`, { payload: { can_get_designation: false } })).statusCode).toBe(200);
    expect(await tryList()).toBe(403);
    expect(await tryAdd('Made Again By Switchable')).toBe(201);
  });

  it('an inactive role grants nothing until it is active again', async () => {
    const role = await insertRole(t.ctx.db, {
      role: 'Pausable',
      permission: flags(false, { can_access_dashboard: true, can_get_role: true }),
    });
    const member = await memberOf(role.id);
    const tryRoles = async () => (await call('GET', '/role', { token: member.token })).statusCode;
    expect(await tryRoles()).toBe(200);
    expect((await asAdmin('PATCH', `/role/${role.id}`, { payload: { status: false } })).statusCode).toBe(200);
    expect(await tryRoles()).toBe(403);
    expect((await asAdmin('PATCH', `/role/${role.id}`, { payload: { status: true } })).statusCode).toBe(200);
    expect(await tryRoles()).toBe(200);
  });
});
