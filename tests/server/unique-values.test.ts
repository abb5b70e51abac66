/**
 * A value an "x-unique" property already holds is refused with 409 naming that field, read from
 * the index that refused it; a unique index that belongs to no property (one a migration added)
 * names no field rather than a wrong one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { installFixtureModel } from '../support/fixture-model.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';

installFixtureModel();

let t: TestServer;
let admin: Session;
const api = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
  caller(() => t.api.app)(method, url, { ...opts, token: admin.token });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const regionCount = async () => (await api('GET', '/fixture-region')).json().length as number;

describe('a value already taken', () => {
  it('is refused with 409 naming the unique field, case-insensitively, on add and on change', async () => {
    expect((await api('POST', '/fixture-region', { payload: { name: 'North', code: 'NO' } })).statusCode).toBe(201);
    const south = (await api('POST', '/fixture-region', { payload: { name: 'South', code: 'SO' } })).json();
    const before = await regionCount();
    const taken = {
      code: 'DUPLICATE',
      message: 'A fixture region with this code already exists',
      fields: { code: 'Code is already taken' },
    };
    const added = await api('POST', '/fixture-region', { payload: { name: 'Far North', code: 'no' } });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(taken);
    const changed = await api('PATCH', `/fixture-region/${south._id}`, { payload: { code: 'No' } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toEqual(taken);
    expect(await regionCount()).toBe(before);
  });

  it('names no field when the index belongs to no property, rather than a wrong one', async () => {
    await sql`create unique index fixture_region_by_name on fixture_region (lower(name))`.execute(t.ctx.db);
    try {
      expect((await api('POST', '/fixture-region', { payload: { name: 'East', code: 'EA' } })).statusCode).toBe(201);
      const res = await api('POST', '/fixture-region', { payload: { name: 'east', code: 'EA2' } });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'DUPLICATE', message: 'This value is already taken' });
    } finally {
      await sql`drop index fixture_region_by_name`.execute(t.ctx.db);
    }
  });
});
