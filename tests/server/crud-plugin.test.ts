/**
 * The CRUD plugin as a custom resource composes it: hooks (beforeWrite inside the write's
 * transaction, afterRead on every record answered), only/except, and the list and get that
 * users and roles take from it (getMany by id, active-only pickers, slim user rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { installFixtureModel } from '../support/fixture-model.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { createBaseApp } from '../../server/http/create-app.ts';
import { crudPlugin, provideAppContext, type CrudOptions, type WriteEvent } from '../../server/crud/crud-plugin.ts';
import { withGenericTables } from '../../server/db/database.ts';
import type { UserListRow } from '../../server/auth/user-store.ts';
import { resourceMap, resourceNamed } from '@model/schema-registry.ts';

installFixtureModel();

let t: TestServer;
let admin: Session;
const db = () => withGenericTables(t.ctx.db);
const as =
  (app: () => FastifyInstance) =>
  (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
    caller(app)(method, url, { ...opts, token: admin.token });
const authApi = as(() => t.auth.app);
const api = as(() => t.api.app);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

/** An api app with one resource registered as the test says, as a custom resource would. */
async function appWith(options: CrudOptions): Promise<FastifyInstance> {
  const { app } = await createBaseApp(t.ctx, 'api');
  provideAppContext(app, t.ctx);
  app.register(crudPlugin, options);
  await app.ready();
  return app;
}

const regionNames = async () =>
  (await db().selectFrom('fixture_region').select('name').orderBy('name').execute()).map((r) => r.name as string);
let serial = 0;
const newRegion = (name: string) => ({ name, code: `H${++serial}` });

describe('hooks', () => {
  let app: FastifyInstance;
  const seen: string[] = [];
  beforeAll(async () => {
    app = await appWith({
      resource: resourceNamed('fixture_region'),
      hooks: {
        async beforeWrite(event: WriteEvent) {
          seen.push(`before ${event.action} ${String(event.body?.name ?? event.id)}`);
          // Written on the request's transaction: it stands or falls with the record.
          await withGenericTables(event.trx)
            .insertInto('fixture_region')
            .values({
              id: crypto.randomUUID(),
              name: `hook saw ${String(event.body?.name ?? event.action)}`,
              code: `K${++serial}`,
              status: true,
              created_at: new Date(),
              updated_at: new Date(),
            })
            .execute();
          if (event.body?.name === 'Refused by hook') throw new Error('the hook refuses');
          if (event.body?.name === 'Renamed by hook') return { ...event.body, name: 'Renamed by hook (stored)' };
        },
        afterRead(record) {
          seen.push(`after ${String(record.name)}`);
          // Shapes a documented field: every answer is checked against the route's schema.
          return { ...record, code: `${String(record.code)}·shaped` };
        },
      },
    });
  });
  afterAll(() => app?.close());
  const call = as(() => app);

  it('runs beforeWrite with the trimmed body before the write, and afterRead on the answer', async () => {
    seen.length = 0;
    const res = await call('POST', '/fixture-region', { payload: newRegion('  Hooked  ') });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Hooked', code: expect.stringMatching(/·shaped$/) });
    expect(seen).toEqual(['before create Hooked', 'after Hooked']);
    expect(await regionNames()).toEqual(expect.arrayContaining(['Hooked', 'hook saw Hooked']));
  });

  it('a beforeWrite that throws leaves nothing written: neither the record nor what the hook wrote', async () => {
    const before = await regionNames();
    const res = await call('POST', '/fixture-region', { payload: newRegion('Refused by hook') });
    expect(res.statusCode).toBe(500);
    expect(await regionNames()).toEqual(before);
  });

  it('a write the store refuses after the hook ran takes the hook’s writes with it', async () => {
    const taken = (await call('POST', '/fixture-region', { payload: newRegion('Code Holder') })).json();
    const before = await regionNames();
    const res = await call('POST', '/fixture-region', { payload: { name: 'Same Code', code: String(taken.code).replace(/·shaped$/, '') } });
    expect(res.statusCode).toBe(409);
    expect(await regionNames()).toEqual(before);
  });

  it('may change what is stored', async () => {
    const res = await call('POST', '/fixture-region', { payload: newRegion('Renamed by hook') });
    expect(res.json().name).toBe('Renamed by hook (stored)');
    expect((await call('GET', `/fixture-region/${res.json()._id}`)).json()).toMatchObject({
      name: 'Renamed by hook (stored)',
      code: expect.stringMatching(/·shaped$/),
    });
  });

  it('hooks edits and deletes too, and shapes every list row', async () => {
    const created = (await call('POST', '/fixture-region', { payload: newRegion('Edited Region') })).json();
    seen.length = 0;
    expect((await call('PATCH', `/fixture-region/${created._id}`, { payload: { description: 'changed' } })).json()).toMatchObject({
      description: 'changed',
      code: expect.stringMatching(/·shaped$/),
    });
    expect(seen).toEqual([`before edit ${created._id}`, 'after Edited Region']);
    seen.length = 0;
    expect((await call('DELETE', `/fixture-region/${created._id}`)).statusCode).toBe(200);
    expect(seen).toEqual([`before delete ${created._id}`, 'after Edited Region']);
    const rows = (await call('GET', '/fixture-region')).json() as Array<{ code: string }>;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.code.endsWith('·shaped'))).toBe(true);
  });
});

describe('only and except', () => {
  it('register just the actions asked for, each guarded by the map’s flag', async () => {
    const reads = await appWith({ resource: resourceNamed('fixture_region'), only: ['list', 'show'] });
    const writes = await appWith({ resource: resourceNamed('fixture_region'), except: ['list', 'show'] });
    try {
      const routes = (app: FastifyInstance) =>
        (['GET', 'POST', 'PATCH', 'DELETE'] as const).flatMap((method) =>
          ['/fixture-region', '/fixture-region/:id'].filter((url) => app.hasRoute({ method, url })).map((url) => `${method} ${url}`),
        );
      expect(routes(reads)).toEqual(['GET /fixture-region', 'GET /fixture-region/:id']);
      expect(routes(writes)).toEqual(['POST /fixture-region', 'PATCH /fixture-region/:id', 'DELETE /fixture-region/:id']);
      const role = await insertRole(t.ctx.db, {
        role: 'Regions but no delete',
        permission: flags(true, { can_delete_fixture_region: false }),
      });
      await insertUser(t.ctx.db, { email: 'no-delete@example.com', password: 'no delete passphrase', roleId: role.id });
      const limited = await t.loginAs('no-delete@example.com', 'no delete passphrase');
      const refused = await caller(() => writes)('DELETE', '/fixture-region/anything', { token: limited.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().permission).toBe(resourceMap.fixture_region!.permissions.delete);
    } finally {
      await reads.close();
      await writes.close();
    }
  });
});

describe('a reference among the search fields', () => {
  it('lets q match the referenced record’s name as well', async () => {
    const entry = resourceMap.fixture_site!;
    resourceMap.fixture_site = { ...entry, list: { ...entry.list, search: ['name', 'region'] } };
    let app: FastifyInstance | undefined;
    try {
      app = await appWith({ resource: resourceNamed('fixture_site') });
      const region = (await api('POST', '/fixture-region', { payload: newRegion('Lakeside') })).json();
      await api('POST', '/fixture-site', { payload: { name: 'Pump 9', region: region._id, kind: 'rural' } });
      await api('POST', '/fixture-site', {
        payload: {
          name: 'Lakeside Pump',
          region: (await api('POST', '/fixture-region', { payload: newRegion('Hilltop') })).json()._id,
          kind: 'rural',
        },
      });
      const found = (await as(() => app!)('GET', '/fixture-site', { query: { filter: '{"q":"lakesid"}', sort: '["name","ASC"]' } })).json();
      expect(found.map((s: { name: string }) => s.name)).toEqual(['Lakeside Pump', 'Pump 9']);
    } finally {
      resourceMap.fixture_site = entry;
      await app?.close();
    }
  });
});

describe('users and roles take their list and get from the plugin', () => {
  let users: Array<{ id: string }>;
  let roles: Array<{ id: string }>;
  beforeAll(async () => {
    const fieldStaff = await roleIdBySlug(t.ctx.db, 'field-staff');
    roles = [
      await insertRole(t.ctx.db, { role: 'Picker Active Role', permission: flags(false) }),
      await insertRole(t.ctx.db, { role: 'Picker Inactive Role', permission: flags(false), status: false }),
    ];
    users = [];
    for (const [n, status] of [
      [1, true],
      [2, false],
      [3, true],
    ] as const) {
      users.push(
        await insertUser(t.ctx.db, {
          email: `many${n}@example.com`,
          password: 'many users passphrase',
          roleId: fieldStaff,
          first_name: `Many${n}`,
          status,
        }),
      );
    }
  });

  it('answer exactly the records named by filter={"id":[...]}', async () => {
    const userRows = (await authApi('GET', '/user', { query: { filter: JSON.stringify({ id: [users[2]!.id, users[0]!.id] }) } })).json();
    expect(userRows.map((u: { _id: string }) => u._id).sort()).toEqual([users[0]!.id, users[2]!.id].sort());
    const roleRows = (await authApi('GET', '/role', { query: { filter: JSON.stringify({ id: roles.map((r) => r.id) }) } })).json();
    expect(roleRows.map((r: { role: string }) => r.role)).toEqual(['Picker Active Role', 'Picker Inactive Role']);
    const designations = (await authApi('GET', '/designation')).json();
    const one = (await authApi('GET', '/designation', { query: { filter: JSON.stringify({ id: [designations[0]._id] }) } })).json();
    expect(one).toEqual([designations[0]]);
  });

  it('offer active records only with filter={"status":true}', async () => {
    const roleNames = (await authApi('GET', '/role', { query: { filter: '{"status":true,"q":"Picker"}' } }))
      .json()
      .map((r: { role: string }) => r.role);
    expect(roleNames).toEqual(['Picker Active Role']);
    const userNames = (await authApi('GET', '/user', { query: { filter: '{"status":true,"q":"Many"}' } }))
      .json()
      .map((u: { first_name: string }) => u.first_name);
    expect(userNames).toEqual(['Many1', 'Many3']);
  });

  it('list a user’s role and designation by id and name only; one user’s record keeps the role’s flags', async () => {
    const res = await authApi('GET', '/user', { query: { range: '[0,49]' } });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as UserListRow[];
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(Object.keys(row.role).sort()).toEqual(['_id', 'role', 'role_slug']);
      expect(Object.keys(row.designation).sort()).toEqual(['_id', 'name']);
    }
    expect(res.body).not.toContain('can_get_user');
    const one = (await authApi('GET', `/user/${users[0]!.id}`)).json();
    expect(one.role).toMatchObject({
      _id: rows.find((r) => r._id === users[0]!.id)!.role._id,
      role: 'Field Staff',
      role_slug: 'field-staff',
    });
    expect(one.role.permission.can_access_dashboard).toBe(false);
  });

  it('answer a role without its internal name key, in the list and alone', async () => {
    const listed = (await authApi('GET', '/role', { query: { filter: JSON.stringify({ id: [roles[0]!.id] }) } })).json();
    const alone = (await authApi('GET', `/role/${roles[0]!.id}`)).json();
    expect(listed).toEqual([alone]);
    expect(Object.keys(alone)).not.toContain('name_key');
  });
});
