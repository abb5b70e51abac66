/**
 * GET /{path}/export.csv: every row the list's filter matches (not a page), in the list's
 * sort, streamed as CSV with the formula-defusing rules, guarded by the list's flag; generic
 * resources and custom-route ones (users) alike, and consistent while rows change under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { createBaseApp } from '../../server/http/create-app.ts';
import { exportRoutes } from '../../server/crud/export-routes.ts';
import { csvExport, EXPORT_PAGE_ROWS, EXPORTS_AT_ONCE, type ListRows } from '../../server/crud/list-export.ts';
import { GenericStore } from '../../server/crud/generic-store.ts';
import { resourceEntry, resourceMap, resourceSchema } from '@model/schema-registry.ts';

let t: TestServer;
let admin: Session;
const BULK = 2 * EXPORT_PAGE_ROWS + 345; // more than two pages of the export
const auth = () => caller(() => t.auth.app);
const db = () => t.ctx.db;

/** The CSV body as lines, without the byte-order mark. */
function lines(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1).split('\r\n');
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const designation = await anyDesignationId(t.ctx.db);
  const fieldStaff = await roleIdBySlug(t.ctx.db, 'field-staff');
  // Bulk users straight into the table (hashing 2,345 passwords would take minutes); every tenth inactive.
  await sql`
    insert into users (id, "employeeId", first_name, last_name, email, mobile, designation_id, role_id, status, password_hash, created_at, updated_at)
    select gen_random_uuid(), 'B-' || lpad(n::text, 5, '0'), 'Bulk' || lpad(n::text, 5, '0'), 'Row', 'bulk' || n || '@example.com',
           '9876543210', ${designation}, ${fieldStaff}, n % 10 <> 0, 'not a hash', now(), now()
    from generate_series(1, ${BULK}) as n`.execute(db());
});
afterAll(() => t?.close());

const exportUsers = (query: Record<string, string> = {}, token = admin.token) => auth()('GET', '/user/export.csv', { token, query });

describe('GET /user/export.csv', () => {
  it('writes every user, across pages, in the list’s order, with the list’s columns as the table shows them', async () => {
    const res = await exportUsers();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Users.csv"');
    const csv = lines(res.body);
    expect(csv[0]).toBe('Employee ID,First Name,Last Name,Email,Mobile No.,Designation,Role,Status');
    expect(csv).toHaveLength(1 + BULK + 1); // header, bulk users, the admin
    expect(csv[1]).toBe('ADMIN-1,Admin,User,admin@fieldbase.local,0000000000,Administrator,Admin,Active');
    expect(csv[2]).toBe('B-00001,Bulk00001,Row,bulk1@example.com,9876543210,Administrator,Field Staff,Active');
    expect(csv[11]).toBe('B-00010,Bulk00010,Row,bulk10@example.com,9876543210,Administrator,Field Staff,Inactive');
    expect(csv.at(-1)).toBe(`B-0${BULK},Bulk0${BULK},Row,bulk${BULK}@example.com,9876543210,Administrator,Field Staff,Active`);
    expect(new Set(csv).size).toBe(csv.length); // no row twice at the page seams
  });

  it('applies the same search, filter and sort as the list', async () => {
    const active = lines((await exportUsers({ filter: '{"status":true}' })).body);
    expect(active).toHaveLength(1 + BULK - Math.floor(BULK / 10) + 1);
    expect(active.some((l) => l.endsWith(',Inactive'))).toBe(false);

    const searched = lines((await exportUsers({ filter: '{"q":"bulk0012"}', sort: '["first_name","DESC"]' })).body);
    expect(searched.slice(1).map((l) => l.split(',')[1])).toEqual([
      'Bulk00129',
      'Bulk00128',
      'Bulk00127',
      'Bulk00126',
      'Bulk00125',
      'Bulk00124',
      'Bulk00123',
      'Bulk00122',
      'Bulk00121',
      'Bulk00120',
    ]);

    const none = lines((await exportUsers({ filter: '{"q":"nobody has this name"}' })).body);
    expect(none).toEqual(['Employee ID,First Name,Last Name,Email,Mobile No.,Designation,Role,Status']);
  });

  it('writes the columns asked for, in that order (those the column chooser leaves on screen)', async () => {
    const csv = lines((await exportUsers({ columns: '["email","first_name","status"]', filter: '{"q":"Bulk00001"}' })).body);
    expect(csv).toEqual(['Email,First Name,Status', 'bulk1@example.com,Bulk00001,Active']);
  });

  it('refuses unknown columns, sorts and filters with a 400 naming the parameter', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ columns: '["password"]' }, 'columns'],
      [{ columns: '["photo"]' }, 'columns'],
      [{ columns: '[]' }, 'columns'],
      [{ columns: 'first_name' }, 'columns'],
      [{ sort: '["password","ASC"]' }, 'sort'],
      [{ filter: '{"password":"x"}' }, 'filter'],
      [{ range: '[0,9]' }, 'range'],
    ];
    for (const [query, field] of cases) {
      const res = await exportUsers(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(query)).toEqual([field]);
    }
  });

  it('defuses cells a spreadsheet would run as formulas, and quotes commas', async () => {
    const role = await roleIdBySlug(t.ctx.db, 'field-staff');
    const user = await insertUser(t.ctx.db, {
      email: 'formula@example.com',
      password: 'formula passphrase',
      roleId: role,
      first_name: '=HYPERLINK("http://x")',
      last_name: 'Smith, Jr',
    });
    const csv = lines((await exportUsers({ filter: '{"q":"Smith"}', columns: '["first_name","last_name"]' })).body);
    expect(csv).toEqual(['First Name,Last Name', '"\'=HYPERLINK(""http://x"")","Smith, Jr"']);
    await t.ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
  });

  it('leaves out deleted users, as the list does', async () => {
    const role = await roleIdBySlug(t.ctx.db, 'field-staff');
    const user = await insertUser(t.ctx.db, {
      email: 'gone@example.com',
      password: 'gone passphrase',
      roleId: role,
      first_name: 'Gone',
      last_name: 'Person',
    });
    expect(lines((await exportUsers({ filter: '{"q":"Gone"}' })).body)).toHaveLength(2);
    expect((await auth()('DELETE', `/user/${user.id}`, { token: admin.token })).statusCode).toBe(200);
    expect(lines((await exportUsers({ filter: '{"q":"Gone"}' })).body)).toHaveLength(1);
  });

  it('needs the list’s flag (can_get_user), and a session', async () => {
    const role = await insertRole(t.ctx.db, { role: 'No user list', permission: flags(true, { can_get_user: false }) });
    await insertUser(t.ctx.db, { email: 'nolist@example.com', password: 'no list passphrase', roleId: role.id });
    const session = await t.loginAs('nolist@example.com', 'no list passphrase');
    const refused = await exportUsers({}, session.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_get_user' });
    expect((await auth()('GET', '/user/export.csv')).statusCode).toBe(401);
  });
});

describe('the export route for a generic resource', () => {
  it('is registered for any map entry with list.export, reading the generic table', async () => {
    const designation = resourceEntry('designation');
    const { app } = await createBaseApp(t.ctx, 'auth');
    exportRoutes(app, t.ctx, 'auth', {}, { designation: { ...designation, list: { ...designation.list, export: true } } });
    await app.ready();
    for (const name of ['Surveyor', 'Enumerator', '@Supervisor'])
      await caller(() => t.auth.app)('POST', '/designation', { token: admin.token, payload: { name } });
    const res = await caller(() => app)('GET', '/designation/export.csv', { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Designations.csv"');
    expect(lines(res.body)).toEqual(['Name,Status', "'@Supervisor,Active", 'Administrator,Active', 'Enumerator,Active', 'Surveyor,Active']);
    await app.close();
  });

  it('is not offered where the map does not ask for it', async () => {
    expect(resourceMap.designation.list?.export).toBeFalsy();
    expect((await auth()('GET', '/designation/export.csv', { token: admin.token })).statusCode).not.toBe(200);
  });

  it('refuses to start when a custom-route resource exports without giving its list query', async () => {
    const role = resourceEntry('role');
    const { app } = await createBaseApp(t.ctx, 'auth');
    expect(() => exportRoutes(app, t.ctx, 'auth', {}, { role: { ...role, list: { ...role.list, export: true } } })).toThrow(
      /role has list.export but custom routes/,
    );
    await app.close();
  });
});

describe('streaming', () => {
  const schema = resourceSchema('designation');
  const store = new GenericStore('designation');
  const plan = (pageRows: number) => ({
    schema,
    statusField: 'status',
    columns: ['name'],
    params: { sort: { field: 'name', order: 'ASC' as const }, equals: {} },
    listRows: ((trx, params) => store.list(trx, params)) satisfies ListRows,
    pageRows,
  });
  const read = async (stream: Readable) => {
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    return text;
  };
  const openTransactions = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(
          db(),
        )
      ).rows[0]!.n,
    );

  it('writes the rows as they were when the export began, with none twice or missing, though rows change meanwhile', async () => {
    for (let i = 0; i < 25; i++)
      await db()
        .insertInto('designation')
        .values({
          id: crypto.randomUUID(),
          name: `Post ${String(i).padStart(2, '0')}`,
          status: true,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .execute();
    const before = (
      await db()
        .selectFrom('designation')
        .select('name')
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute()
    ).map((r) => r.name as string);
    const p = plan(4);
    const stream = await csvExport(db(), p, p.pageRows);
    // Rows that sort first arrive while the first page is out: plain offset paging would repeat rows.
    for (const name of ['AAA early', 'AAB early', 'AAC early'])
      await db()
        .insertInto('designation')
        .values({ id: crypto.randomUUID(), name, status: true, created_at: new Date(), updated_at: new Date() })
        .execute();
    const written = (await read(stream)).slice(1).split('\r\n').slice(1);
    expect(written).toEqual(before.map((n) => (n.startsWith('@') ? `'${n}` : n)));
    expect(await openTransactions()).toBe(0);
  });

  it(`runs at most ${EXPORTS_AT_ONCE} at once, so slow downloads cannot take every connection; the next is told to try again`, async () => {
    const p = plan(2);
    const held = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, () => csvExport(db(), p, p.pageRows)));
    await expect(csvExport(db(), p, p.pageRows)).rejects.toMatchObject({ status: 429, code: 'EXPORTS_BUSY' });
    held[0]!.destroy();
    await expect.poll(openTransactions).toBe(EXPORTS_AT_ONCE - 1);
    const next = await csvExport(db(), p, p.pageRows);
    expect((await read(next)).length).toBeGreaterThan(0);
    for (const stream of held.slice(1)) await read(stream);
    expect(await openTransactions()).toBe(0);
  });

  it('a reader that stalls between pages loses its download and its transaction, and frees its slot', async () => {
    const p = plan(2);
    const stalled = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE }, () => csvExport(db(), p, p.pageRows, 300)));
    expect(await openTransactions()).toBe(EXPORTS_AT_ONCE);
    await expect.poll(openTransactions, { timeout: 30_000 }).toBe(0);
    expect(stalled.every((stream) => stream.destroyed)).toBe(true);
    // Every slot is free again.
    const next = await csvExport(db(), p, p.pageRows);
    expect((await read(next)).length).toBeGreaterThan(0);
  });

  it('ends its transaction when the reader goes away early', async () => {
    const p = plan(2);
    const stream = await csvExport(db(), p, p.pageRows);
    expect(await openTransactions()).toBe(1);
    stream.destroy();
    await expect.poll(openTransactions).toBe(0);
  });
});
