/**
 * Role names are compared as a reader sees them: names that only differ by case, spaces,
 * accents, invisible characters, full-width or lookalike letters are one name. 'Admin' in any
 * such disguise is the Admin role's alone; the database's uniqueness uses the same key. Adding
 * many roles at once whose names share a slug all succeed; the same name added many times at
 * once succeeds once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { isReservedRoleName, roleNameKey } from '../../server/auth/role-name.ts';
import * as roleNameKeyMigration from '../../server/db/migrations/007-role-name-key.ts';

/** 'Admin' as people have tried to smuggle it in. */
const ADMIN_LOOKALIKES: Record<string, string> = {
  'lower case': 'admin',
  'surrounding spaces': '  Admin\t',
  'zero-width space': 'Ad\u200Bmin',
  'zero-width joiner and soft hyphen': '\u200DAd\u00ADmin',
  'left-to-right mark': 'Admin\u200E',
  'Cyrillic А': '\u0410dmin',
  'Cyrillic а, о and і in "admіn"': 'adm\u0456n',
  'Greek Α': '\u0391dmin',
  'full-width letters': '\uFF21\uFF44\uFF4D\uFF49\uFF4E',
  'combining acute accent': 'A\u0301dmin',
  'precomposed Á': '\u00C1dmin',
  'combining dot on the i': 'Admi\u0307n',
  'mathematical bold letters': '\u{1D400}\u{1D41D}\u{1D426}\u{1D422}\u{1D427}',
  'small capitals': '\u1D00\u1D05\u1D0D\u026A\u0274',
  'Hangul filler inside': 'Ad\u3164min',
  'Cherokee Ꭺ': '\u13AAdmin',
  'Cherokee small ꭺ': '\uAB7Admin',
  'Cherokee Ꭰ for the d': 'A\u13A0min',
  'Armenian ո': 'Admi\u0578',
  'Armenian ռ': 'Admi\u057C',
  'barred ɨ': 'Adm\u0268n',
  'Latin letters with stroke and hook (Ⱥđɱɨɲ)': '\u023A\u0111\u0271\u0268\u0272',
  'Lisu ꓮ and ꓓ': '\uA4EE\uA4D3min',
  'Cherokee Ꭺ and Ꮇ with Armenian ո': '\u13AAd\u13B7i\u0578',
};

const FINE_NAMES = ['Administrator of Stores', 'Admins', 'Sub-Admin', 'Admin Assistant', 'Aadmin', 'Badmin'];

describe('roleNameKey', () => {
  for (const [disguise, name] of Object.entries(ADMIN_LOOKALIKES)) {
    it(`reads 'Admin' through ${disguise}`, () => {
      expect(roleNameKey(name)).toBe('admin');
      expect(isReservedRoleName(name)).toBe(true);
    });
  }

  it('leaves names that merely contain Admin alone', () => {
    for (const name of FINE_NAMES) expect(isReservedRoleName(name), name).toBe(false);
  });

  it('makes runs of spaces one, and keeps letters of other scripts that look like no Latin letter', () => {
    expect(roleNameKey(' Field \u00A0 Staff ')).toBe('field staff');
    expect(roleNameKey('Полевой персонал')).not.toBe(roleNameKey('Field Staff'));
    expect(roleNameKey('Δ Team')).toBe('δ team');
    expect(roleNameKey('Ꮪtaff')).toBe('staff');
    expect(roleNameKey('Հայերեն')).not.toBe(roleNameKey('Field Staff'));
  });

  it('reads lookalikes of other Latin letters too', () => {
    expect(roleNameKey('Ꮲꭼƭ\u0585')).toBe('peto');
    expect(roleNameKey('ʜᴇʟᴘ ᴅᴇꜱᴋ')).toBe('help desk');
    expect(roleNameKey('Ꮶᴇᴇᴘᴇʀ')).toBe('keeper');
    expect(roleNameKey('ꓚʂƴȿ')).toBe('csys');
  });

  it('gives an empty key to a name made only of invisible characters', () => {
    expect(roleNameKey('\u200B\u200D\u2060 ')).toBe('');
  });
});

let t: TestServer;
let admin: Session;
let keeper: Session;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // Adds and renames roles, holding no flag beyond what that takes.
  const keeperRole = await insertRole(t.ctx.db, {
    role: 'Name Keeper',
    permission: flags(false, { can_access_dashboard: true, can_get_role: true, can_create_role: true, can_edit_role: true }),
  });
  await insertUser(t.ctx.db, { email: 'name-keeper@example.com', password: 'name keeper passphrase', roleId: keeperRole.id });
  keeper = await t.loginAs('name-keeper@example.com', 'name keeper passphrase');
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const roleNames = async () => (await call('GET', '/role', { token: admin.token })).json().map((r: { role: string }) => r.role) as string[];
const RESERVED = { code: 'ADMIN_NAME_RESERVED', message: 'Only the Admin role may name a role Admin or rename it' };

describe('a role keeper who is not an Admin', () => {
  it('cannot add a role named like Admin in any disguise: 403, nothing added', async () => {
    const before = await roleNames();
    for (const [disguise, name] of Object.entries(ADMIN_LOOKALIKES)) {
      const res = await call('POST', '/role', { token: keeper.token, payload: { role: name } });
      expect(res.statusCode, disguise).toBe(403);
      expect(res.json(), disguise).toEqual(RESERVED);
    }
    expect(await roleNames()).toEqual(before);
  });

  it('cannot rename a role to Admin in any disguise: 403, name kept', async () => {
    const role = (await call('POST', '/role', { token: keeper.token, payload: { role: 'Will Not Be Admin' } })).json();
    for (const [disguise, name] of Object.entries(ADMIN_LOOKALIKES)) {
      const res = await call('PATCH', `/role/${role._id}`, { token: keeper.token, payload: { role: name } });
      expect(res.statusCode, disguise).toBe(403);
    }
    expect((await call('GET', `/role/${role._id}`, { token: admin.token })).json().role).toBe('Will Not Be Admin');
  });

  it('may add names that merely contain Admin', async () => {
    for (const name of FINE_NAMES) {
      const res = await call('POST', '/role', { token: keeper.token, payload: { role: name } });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().role).toBe(name);
    }
  });
});

describe('uniqueness by the same key, in the database', () => {
  it('refuses even an Admin a second role that looks like Admin: 409 naming the role field', async () => {
    for (const name of ['\u0410dmin', 'A\u0301dmin', '\uFF21\uFF44\uFF4D\uFF49\uFF4E']) {
      const res = await call('POST', '/role', { token: admin.token, payload: { role: name } });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ code: 'DUPLICATE', fields: { role: 'Role is already taken' } });
    }
  });

  it('refuses a name that only looks different from a taken one, on add and on rename', async () => {
    await call('POST', '/role', { token: admin.token, payload: { role: 'Data Clerk' } });
    for (const name of ['D\u0430ta Clerk', 'Data  Clerk', 'Dáta Clerk', 'Data\u200B Clerk']) {
      expect((await call('POST', '/role', { token: admin.token, payload: { role: name } })).statusCode, name).toBe(409);
    }
    const other = (await call('POST', '/role', { token: admin.token, payload: { role: 'Other Clerk' } })).json();
    const renamed = await call('PATCH', `/role/${other._id}`, { token: admin.token, payload: { role: 'DATA CLERK\u200D' } });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().fields).toEqual({ role: 'Role is already taken' });
  });

  it('the database itself refuses two rows with one key, whoever writes them', async () => {
    await expect(insertRole(t.ctx.db, { role: 'Field St\u0430ff', permission: flags(false) })).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a name made only of invisible characters as no name: 400', async () => {
    const res = await call('POST', '/role', { token: admin.token, payload: { role: '\u200B\u200D' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ role: 'role name required' });
  });

  it('does not show the key on the wire', async () => {
    const list = (await call('GET', '/role', { token: admin.token })).json();
    expect(list.every((r: Record<string, unknown>) => !('name_key' in r))).toBe(true);
  });
});

describe('50 roles added at the same moment', () => {
  it('with different names that share a slug: all added, each with its own slug', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `Crowd${'!'.repeat(i + 1)}`);
    const answers = await Promise.all(names.map((role) => call('POST', '/role', { token: admin.token, payload: { role } })));
    expect(answers.map((a) => a.statusCode)).toEqual(names.map(() => 201));
    const slugs = answers.map((a) => a.json().role_slug as string);
    expect(new Set(slugs).size).toBe(50);
    expect(slugs.every((s) => /^crowd(-\d+)?$/.test(s))).toBe(true);
    expect((await roleNames()).filter((n) => n.startsWith('Crowd'))).toHaveLength(50);
  });

  it('with one name: one added, the 49 others told it already exists', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/role', { token: admin.token, payload: { role: 'Stampede' } })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe('A role with this role already exists');
    expect((await roleNames()).filter((n) => n === 'Stampede')).toHaveLength(1);
  });
});

describe('migration 007 on roles written before it', () => {
  it('keys every role, renaming the later of two names that now count as one', async () => {
    const db = t.ctx.db;
    await roleNameKeyMigration.down(db as never);
    // Before the key, lower(role) was the only rule: a Cyrillic 'Аdmin' could sit beside 'Admin'.
    await sql`insert into roles (id, role, role_slug, created_at, updated_at) values ('legacy-1', ${'\u0410dmin'}, 'dmin', now() + interval '1 minute', now())`.execute(
      db,
    );
    await roleNameKeyMigration.up(db as never);
    const rows = await db
      .selectFrom('roles')
      .select(['id', 'role', 'name_key'])
      .where('name_key', 'in', ['admin', 'admin (2)'])
      .orderBy('name_key')
      .execute();
    expect(rows.map((r) => [r.role, r.name_key])).toEqual([
      ['Admin', 'admin'],
      ['\u0410dmin (2)', 'admin (2)'],
    ]);
    const unkeyed = await sql<{ n: string }>`select count(*) as n from roles where name_key is null`.execute(db);
    expect(Number(unkeyed.rows[0]!.n)).toBe(0);
  });
});
