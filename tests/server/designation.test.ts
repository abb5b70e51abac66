/**
 * Designations (spec 1 §2 /designation, §3, §6, §7): the generic CRUD routes on the auth server,
 * their list parameters, their permission flags and their body validation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Designation } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser, newUserBody, roleIdBySlug } from '../support/test-users.ts';

let t: TestServer;
let admin: Session;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, opts: { token?: string; payload?: unknown; query?: Record<string, string> } = {}) {
  return t.auth.app.inject({
    method,
    url,
    query: opts.query,
    payload: opts.payload as never,
    headers: opts.token === undefined ? {} : bearer(opts.token),
  });
}
const asAdmin = (method: Method, url: string, opts: { payload?: unknown; query?: Record<string, string> } = {}) =>
  call(method, url, { ...opts, token: admin.token });

/** A designation as the server answers it: every property present. */
type DesignationAnswer = Required<Designation>;

async function create(name: string): Promise<DesignationAnswer> {
  const res = await asAdmin('POST', '/designation', { payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name);

/** A new user holding this designation, added through POST /user; answers their id. */
async function addUser(designation: string): Promise<string> {
  const res = await asAdmin('POST', '/user', { payload: newUserBody(designation, await roleIdBySlug(t.ctx.db, 'field-staff')) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}
const liveUsersHolding = async (designation: string) =>
  Number(
    (
      await t.ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('designation_id', '=', designation)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('designation CRUD', () => {
  it('lists designations sorted by name, case-insensitively', async () => {
    await create('beta');
    await create('Alpha');
    await create('gamma');
    const res = await asAdmin('GET', '/designation');
    expect(res.statusCode).toBe(200);
    const listed = names(res.json());
    expect(listed.filter((n) => ['beta', 'Alpha', 'gamma'].includes(n))).toEqual(['Alpha', 'beta', 'gamma']);
    expect(listed).toEqual([...listed].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(listed).toContain('Administrator');
    // Without a range there is no Content-Range: the list is the whole answer.
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('creates with 201, an _id and status true, and shows it on its own', async () => {
    const res = await asAdmin('POST', '/designation', { payload: { name: 'Field Officer' } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ _id: expect.any(String), name: 'Field Officer', status: true });
    expect(new Date(created.createdAt).getTime()).not.toBeNaN();

    const shown = await asAdmin('GET', `/designation/${created._id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual(created);
  });

  it('creates an inactive designation when asked to', async () => {
    const res = await asAdmin('POST', '/designation', { payload: { name: 'Retired Post', status: false } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Retired Post', status: false });
  });

  it('renames with PATCH and switches status off and on, each time touching nothing else', async () => {
    const original = await create('Surveyor');
    const renamed = await asAdmin('PATCH', `/designation/${original._id}`, { payload: { name: 'Senior Surveyor' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ _id: original._id, name: 'Senior Surveyor', status: true, createdAt: original.createdAt });

    const off = await asAdmin('PATCH', `/designation/${original._id}`, { payload: { status: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ _id: original._id, name: 'Senior Surveyor', status: false });

    // A rename of an inactive one leaves it inactive (no default sneaks into a PATCH).
    const renamedAgain = await asAdmin('PATCH', `/designation/${original._id}`, { payload: { name: 'Lead Surveyor' } });
    expect(renamedAgain.json()).toMatchObject({ name: 'Lead Surveyor', status: false });

    const on = await asAdmin('PATCH', `/designation/${original._id}`, { payload: { status: true } });
    expect(on.json()).toMatchObject({ _id: original._id, name: 'Lead Surveyor', status: true, createdAt: original.createdAt });
    expect((await asAdmin('GET', `/designation/${original._id}`)).json()).toEqual(on.json());
  });

  it('deletes, answering the deleted record, after which it is gone', async () => {
    const doomed = await create('Temporary Post');
    const res = await asAdmin('DELETE', `/designation/${doomed._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(doomed);

    const shown = await asAdmin('GET', `/designation/${doomed._id}`);
    expect(shown.statusCode).toBe(404);
    expect(shown.json()).toEqual({ code: 'NOT_FOUND', message: 'Designation not found' });
    expect(names((await asAdmin('GET', '/designation')).json())).not.toContain('Temporary Post');
    expect((await asAdmin('DELETE', `/designation/${doomed._id}`)).statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/designation/${doomed._id}`, { payload: { name: 'Back' } })).statusCode).toBe(404);
  });

  it('refuses to delete a designation a user holds, with 409 naming how many', async () => {
    const administrator = (await asAdmin('GET', '/designation')).json().find((d: { name: string }) => d.name === 'Administrator');
    const holders = await liveUsersHolding(administrator._id);
    const res = await asAdmin('DELETE', `/designation/${administrator._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'IN_USE', message: `${holders} ${holders === 1 ? 'User uses' : 'Users use'} this Designation` });
    expect((await asAdmin('GET', `/designation/${administrator._id}`)).statusCode).toBe(200);
  });

  it('deletes a designation held only by deleted users, who let go of it and are kept', async () => {
    const post = await create('Held By The Departed');
    const departed = await addUser(post._id);
    expect((await asAdmin('DELETE', `/user/${departed}`)).statusCode).toBe(200);
    const res = await asAdmin('DELETE', `/designation/${post._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(post);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['designation_id', 'deleted_at'])
      .where('id', '=', departed)
      .executeTakeFirstOrThrow();
    expect(row.designation_id).toBeNull();
    expect(row.deleted_at).not.toBeNull();
    // The user list still reads (deleted users are not in it).
    expect((await asAdmin('GET', '/user')).statusCode).toBe(200);
  });

  it('refuses to delete a designation 2 live users hold (a deleted one not counted): 409 naming 2, nobody let go of it', async () => {
    const post = await create('Held By Two');
    await addUser(post._id);
    await addUser(post._id);
    const departed = await addUser(post._id);
    expect((await asAdmin('DELETE', `/user/${departed}`)).statusCode).toBe(200);
    const res = await asAdmin('DELETE', `/designation/${post._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'IN_USE', message: '2 Users use this Designation' });
    const row = await t.ctx.db.selectFrom('users').select('designation_id').where('id', '=', departed).executeTakeFirstOrThrow();
    expect(row.designation_id).toBe(post._id);
  });

  it('a live user cannot be left without a designation (the database refuses it)', async () => {
    const post = await create('Kept By The Living');
    const live = await addUser(post._id);
    await expect(t.ctx.db.updateTable('users').set({ designation_id: null }).where('id', '=', live).execute()).rejects.toThrow(
      /users_live_have_designation/,
    );
  });

  it('refuses a duplicate name in another case with 409 naming the field, on create and on rename', async () => {
    await create('Data Clerk');
    const res = await asAdmin('POST', '/designation', { payload: { name: 'DATA CLERK' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'DUPLICATE',
      message: 'A designation with this name already exists',
      fields: { name: 'Name is already taken' },
    });

    const other = await create('Data Entry');
    const rename = await asAdmin('PATCH', `/designation/${other._id}`, { payload: { name: 'data clerk' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().fields).toEqual({ name: 'Name is already taken' });
  });
});

describe('designation list parameters', () => {
  beforeAll(async () => {
    for (const name of ['Zone North', 'zone south', 'ZONE east', 'Zone 100%']) await create(name);
    await asAdmin('PATCH', `/designation/${(await create('zone west'))._id}`, { payload: { status: false } });
  });

  it('pages with range and says where the page is in Content-Range', async () => {
    const all = (await asAdmin('GET', '/designation')).json();
    const res = await asAdmin('GET', '/designation', { query: { sort: '["name","ASC"]', range: '[0,1]' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe(`designation 0-1/${all.length}`);
    expect(res.json()).toEqual(all.slice(0, 2));

    const next = await asAdmin('GET', '/designation', { query: { sort: '["name","ASC"]', range: '[2,3]' } });
    expect(next.headers['content-range']).toBe(`designation 2-3/${all.length}`);
    expect(next.json()).toEqual(all.slice(2, 4));
  });

  it('searches the name case-insensitively with filter q, and pages the matches', async () => {
    const res = await asAdmin('GET', '/designation', {
      query: { sort: '["name","DESC"]', range: '[0,1]', filter: '{"q":"zone"}' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('designation 0-1/5');
    expect(names(res.json())).toEqual(['zone west', 'zone south']);

    const upper = await asAdmin('GET', '/designation', { query: { filter: '{"q":"ZONE N"}' } });
    expect(names(upper.json())).toEqual(['Zone North']);
  });

  it('takes the search text literally (no wildcards)', async () => {
    const res = await asAdmin('GET', '/designation', { query: { filter: '{"q":"%"}' } });
    expect(names(res.json())).toEqual(['Zone 100%']);
    expect((await asAdmin('GET', '/designation', { query: { filter: '{"q":"zone_"}' } })).json()).toEqual([]);
  });

  it('filters by status', async () => {
    const res = await asAdmin('GET', '/designation', { query: { filter: '{"q":"zone","status":false}' } });
    expect(names(res.json())).toEqual(['zone west']);
  });

  it('refuses a sort field the designation does not have with 400', async () => {
    const res = await asAdmin('GET', '/designation', { query: { sort: '["colour","ASC"]' } });
    expect(res.statusCode).toBe(400);
    const message = 'Cannot sort by colour; sort by one of: _id, name, status, createdAt, updatedAt';
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message, fields: { sort: message } });
  });

  it('refuses malformed list parameters with 400', async () => {
    const bad: Array<Record<string, string>> = [
      { sort: 'name' },
      { range: '[3,1]' },
      { range: '[0]' },
      { filter: '[1]' },
      { filter: '{"colour":"red"}' },
    ];
    for (const query of bad) {
      const res = await asAdmin('GET', '/designation', { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });
});

describe('designation permissions', () => {
  const routes: Array<{ method: Method; path: string; flag: string; payload?: unknown }> = [
    { method: 'GET', path: '/designation', flag: 'can_get_designation' },
    { method: 'GET', path: '/designation/:id', flag: 'can_get_designation' },
    { method: 'POST', path: '/designation', flag: 'can_create_designation', payload: { name: 'Permission Probe' } },
    { method: 'PATCH', path: '/designation/:id', flag: 'can_edit_designation', payload: { name: 'Permission Probe 2' } },
    { method: 'DELETE', path: '/designation/:id', flag: 'can_delete_designation' },
  ];
  /** A signed-in user per flag, whose role grants everything except that flag. */
  const lacking = new Map<string, Session>();
  let target: DesignationAnswer;

  beforeAll(async () => {
    target = await create('Guarded Post');
    for (const flag of new Set(routes.map((r) => r.flag))) {
      const role = await insertRole(t.ctx.db, { role: `All but ${flag}`, permission: flags(true, { [flag]: false }) });
      const email = `no-${flag}@example.com`.replace(/_/g, '-');
      await insertUser(t.ctx.db, { email, password: 'lacks-one-flag-1', roleId: role.id });
      lacking.set(flag, await t.loginAs(email, 'lacks-one-flag-1'));
    }
  });

  const url = (path: string) => path.replace(':id', target._id);

  for (const route of routes) {
    const name = `${route.method} ${route.path}`;

    it(`${name}: no token gives 401, even with a bad body`, async () => {
      const res = await call(route.method, url(route.path), { payload: route.payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please log in to continue' });
      if (route.payload) {
        const bad = await call(route.method, url(route.path), { payload: { nonsense: true } });
        expect(bad.statusCode).toBe(401);
      }
    });

    it(`${name}: a role without ${route.flag} gives 403, and changes nothing`, async () => {
      const session = lacking.get(route.flag)!;
      const res = await call(route.method, url(route.path), { token: session.token, payload: route.payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message: `You don't have permission to do this (${route.flag})`,
        permission: route.flag,
      });
      expect((await asAdmin('GET', `/designation/${target._id}`)).json()).toEqual(target);
      expect(names((await asAdmin('GET', '/designation')).json())).not.toContain('Permission Probe');
    });
  }

  it('a role lacking one flag may still use the routes of the other flags', async () => {
    const noDelete = lacking.get('can_delete_designation')!;
    expect((await call('GET', '/designation', { token: noDelete.token })).statusCode).toBe(200);
    const created = await call('POST', '/designation', { token: noDelete.token, payload: { name: 'Made Without Delete' } });
    expect(created.statusCode).toBe(201);
    const noGet = lacking.get('can_get_designation')!;
    const deleted = await call('DELETE', `/designation/${created.json()._id}`, { token: noGet.token });
    expect(deleted.statusCode).toBe(200);
  });

  it('takes a flag away at once: the next request of a signed-in user is refused', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Changing Role', permission: flags(true) });
    await insertUser(t.ctx.db, { email: 'changing@example.com', password: 'changing-role-1', roleId: role.id });
    const session = await t.loginAs('changing@example.com', 'changing-role-1');
    expect((await call('GET', '/designation', { token: session.token })).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('roles')
      .set({ permission: JSON.stringify(flags(true, { can_get_designation: false })) })
      .where('id', '=', role.id)
      .execute();
    expect((await call('GET', '/designation', { token: session.token })).statusCode).toBe(403);
  });
});

describe('designation body validation', () => {
  let target: DesignationAnswer;
  beforeAll(async () => {
    target = await create('Validated Post');
  });

  const cases: Array<{ what: string; payload: unknown; fields: Record<string, string> }> = [
    { what: 'missing name', payload: {}, fields: { name: 'Name is required' } },
    { what: 'empty name', payload: { name: '' }, fields: { name: 'Name is required' } },
    { what: 'name not a string', payload: { name: 42 }, fields: { name: 'Name must be a string' } },
    { what: 'name too long', payload: { name: 'x'.repeat(121) }, fields: { name: 'Name must be at most 120 characters' } },
    { what: 'status not a boolean', payload: { name: 'Ok Name', status: 'yes' }, fields: { status: 'Status must be a boolean' } },
    {
      what: 'unknown field',
      payload: { name: 'Ok Name', colour: 'red' },
      fields: { colour: 'colour is not a field that can be set here' },
    },
    { what: 'read-only field', payload: { name: 'Ok Name', _id: 'mine' }, fields: { _id: '_id is not a field that can be set here' } },
  ];

  for (const c of cases) {
    it(`POST with ${c.what} gives 400 naming the problem`, async () => {
      const res = await asAdmin('POST', '/designation', { payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: c.fields });
    });
  }

  for (const c of cases.filter((x) => x.what !== 'missing name')) {
    it(`PATCH with ${c.what} gives 400 naming the problem, and changes nothing`, async () => {
      const res = await asAdmin('PATCH', `/designation/${target._id}`, { payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: c.fields });
      expect((await asAdmin('GET', `/designation/${target._id}`)).json()).toEqual(target);
    });
  }

  it('PATCH with an empty body gives 400 asking for a field', async () => {
    const res = await asAdmin('PATCH', `/designation/${target._id}`, { payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Send at least one field to change');
  });

  it('a body that is not JSON gives 400', async () => {
    const res = await t.auth.app.inject({
      method: 'POST',
      url: '/designation',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
