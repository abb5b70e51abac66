/**
 * Names are stored trimmed, so 'X', ' X', 'X ' cannot live side by side, a whitespace-only name
 * is refused as missing, and uniqueness compares the trimmed, case-folded value. Rows stored
 * before this rule are brought in line by migration 006.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { up as trimStoredNames } from '../../server/db/migrations/006-trimmed-names.ts';

let t: TestServer;
let admin: Session;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => call(method, url, { ...opts, token: admin.token });

describe('designation names (every text field of a generic resource)', () => {
  it('stores a name trimmed, and refuses its spaced and other-case spellings as duplicates', async () => {
    const created = await asAdmin('POST', '/designation', { payload: { name: '  Surveyor \t' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Surveyor');
    for (const name of ['Surveyor', ' Surveyor', 'Surveyor ', ' SURVEYOR\u00a0']) {
      const res = await asAdmin('POST', '/designation', { payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(409);
      expect(res.json(), JSON.stringify(name)).toEqual({
        code: 'DUPLICATE',
        message: 'A designation with this name already exists',
        fields: { name: 'Name is already taken' },
      });
    }
  });

  it('refuses a whitespace-only name as missing, on add and on rename', async () => {
    for (const name of [' ', '   ', '\t\n', '\u00a0\u2003']) {
      const res = await asAdmin('POST', '/designation', { payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message: 'Name is required', fields: { name: 'Name is required' } });
    }
    const post = (await asAdmin('POST', '/designation', { payload: { name: 'Gauger' } })).json();
    const rename = await asAdmin('PATCH', `/designation/${post._id}`, { payload: { name: '    ' } });
    expect(rename.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: 'Name is required' } });
    expect((await asAdmin('GET', `/designation/${post._id}`)).json().name).toBe('Gauger');
  });

  it('renames to a trimmed name, and refuses a rename onto another name with spaces around it', async () => {
    const post = (await asAdmin('POST', '/designation', { payload: { name: 'Tallyman' } })).json();
    const renamed = await asAdmin('PATCH', `/designation/${post._id}`, { payload: { name: ' Tally Clerk  ' } });
    expect(renamed.json().name).toBe('Tally Clerk');
    const clash = await asAdmin('PATCH', `/designation/${post._id}`, { payload: { name: ' surveyor ' } });
    expect(clash.statusCode).toBe(409);
  });
});

describe('user names', () => {
  it('stores names, e-mail and mobile trimmed, and refuses a mobile number that trimming leaves short', async () => {
    const designation = await anyDesignationId(t.ctx.db);
    const role = await roleIdBySlug(t.ctx.db, 'field-staff');
    const ok = await asAdmin('POST', '/user', {
      payload: newUserBody(designation, role, { first_name: '  Ada ', last_name: ' Lovelace\t', email: 'ada@example.com' }),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', fullname: 'Ada Lovelace', email: 'ada@example.com' });

    const short = await asAdmin('POST', '/user', { payload: newUserBody(designation, role, { mobile: ' 987654321' }) });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ mobile: 'Mobile No. must be 10 digits' });

    const blank = await asAdmin('PATCH', `/user/${ok.json()._id}`, { payload: { first_name: '   ' } });
    expect(blank.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { first_name: 'First Name is required' } });
  });
});

describe('migration 006: names stored before trimming', () => {
  it('trims them, names a blank one, and numbers the spellings that would collide (the clean one keeps its name)', async () => {
    const db = t.ctx.db;
    const insert = async (name: string, minutesAgo: number) => {
      const id = randomUUID();
      const at = new Date(Date.now() - minutesAgo * 60_000);
      await db.insertInto('designation').values({ id, name, status: true, created_at: at, updated_at: at }).execute();
      return id;
    };
    // Older rows first: the spaced spellings came before the clean one.
    const spacedBefore = await insert(' Ranger', 30);
    const spacedAfter = await insert('Ranger ', 20);
    const clean = await insert('Ranger', 10);
    const blank = await insert('   ', 5);
    const lone = await insert('  Warden  ', 1);

    // A migration sees the database untyped (it must not depend on today's tables).
    await trimStoredNames(db as Kysely<unknown>);

    const names = Object.fromEntries(
      (await db.selectFrom('designation').select(['id', 'name']).execute()).map((r) => [r.id as string, r.name as string]),
    );
    expect(names[clean]).toBe('Ranger');
    expect(names[spacedBefore]).toBe('Ranger (2)');
    expect(names[spacedAfter]).toBe('Ranger (3)');
    expect(names[blank]).toBe('Unnamed');
    expect(names[lone]).toBe('Warden');
    expect(Object.values(names).filter((n) => n !== n.trim())).toEqual([]);
  });
});
