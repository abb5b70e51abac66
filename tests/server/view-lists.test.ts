/**
 * View lists (spec 2 §3, §7): a workbook or CSV becomes a searchable lookup list; a replaced
 * file swaps in whole; the original comes back as uploaded; anything that is not a sheet, an
 * empty one, one too large or too wide or too long is refused with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import type { FieldPart, FilePart } from '../support/multipart.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { tinyPng } from '../support/images.ts';
import { holdLocks, untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { csvFile, importIdField, nameField, viewLists, xlsxFile } from '../support/view-lists.ts';
import * as rowTables from '../../server/db/migrations/031-view-list-row-partitions.ts';
import {
  VIEW_LIST_COUNTED_MATCHES,
  VIEW_LIST_MAX_BYTES,
  VIEW_LIST_MAX_COLUMNS,
  VIEW_LIST_MAX_ROWS,
} from '../../server/view-lists/limits.ts';

let t: TestServer;
let admin: Session;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const { call, send, create, rowsOf, labels, storedFileNames, storedRows, storedLists } = viewLists(
  () => t,
  () => admin,
);

async function workbook(rows: unknown[][], sheet = 'Towns'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('a workbook becomes a searchable list', () => {
  let id: string;
  const towns = ['Kisumu', 'Kisii', 'Nairobi', 'Mombasa', 'Nakuru', 'Eldoret', 'Kitale', 'Malindi'];

  beforeAll(async () => {
    const list = await create('Towns', xlsxFile(await workbook([['Town', 'County'], ...towns.map((town) => [town, `${town} County`])])));
    id = list._id;
    expect(list).toMatchObject({
      name: 'Towns',
      row_count: towns.length,
      columns: ['Town', 'County'],
    });
    expect(list.excel_file).toMatch(/^listviews\/[0-9a-f]+\.xlsx$/);
  });

  it('lists it, searched by name and paged with Content-Range', async () => {
    await create('Counties', csvFile('County\nKisumu County\n'));
    const res = await call('GET', '/listview', {
      token: admin.token,
      query: { range: '[0,0]', filter: '{"q":"tow"}' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((l: { name: string }) => l.name)).toEqual(['Towns']);
    expect(res.headers['content-range']).toBe('listview 0-0/1');
    const one = await call('GET', `/listview/${id}`, { token: admin.token });
    expect(one.json()).toMatchObject({
      _id: id,
      name: 'Towns',
      file_name: 'towns.xlsx',
    });
  });

  it('finds rows by any part of any cell, in any case, a page at a time', async () => {
    expect(await labels(id, { q: 'kis' })).toEqual(['Kisumu', 'Kisii']);
    expect(await labels(id, { q: 'SUMU' })).toEqual(['Kisumu']);
    expect(await labels(id, { q: 'nairobi county' })).toEqual(['Nairobi']);
    expect(await labels(id, { q: 'zzz' })).toEqual([]);
    const page = await rowsOf(id, { range: '[2,4]' });
    expect(page.json().map((r: { label: string }) => r.label)).toEqual(['Nairobi', 'Mombasa', 'Nakuru']);
    expect(page.headers['content-range']).toBe(`listview 2-4/${towns.length}`);
    const searched = await rowsOf(id, { q: 'ki', range: '[0,1]' });
    expect(searched.headers['content-range']).toBe('listview 0-1/3');
    expect(page.json()[0]).toEqual({
      _id: '3',
      label: 'Nairobi',
      cells: ['Nairobi', 'Nairobi County'],
    });
  });

  it(`counts a search's matches up to ${VIEW_LIST_COUNTED_MATCHES.toLocaleString('en')}, then answers "more than"`, async () => {
    const rows = VIEW_LIST_COUNTED_MATCHES + 5;
    // Every row holds "ward"; one row in ten also holds "ten"; the first and last alone hold "edge".
    const csv = [
      'Ward',
      ...Array.from({ length: rows }, (_, i) => `Ward ${i + 1}${i % 10 === 0 ? ' ten' : ''}${i === 0 || i === rows - 1 ? ' edge' : ''}`),
    ];
    const big = await create('Wards', csvFile(csv.join('\n') + '\n'));
    const all = await rowsOf(big._id, { q: 'ward', range: '[0,1]' });
    expect(all.headers['content-range']).toBe(`listview 0-1/${VIEW_LIST_COUNTED_MATCHES}+`);
    expect(all.json().map((r: { label: string }) => r.label)).toEqual(['Ward 1 ten edge', 'Ward 2']);
    const deep = await rowsOf(big._id, { q: 'ward', range: `[${rows - 1},${rows + 10}]` });
    expect(deep.json().map((r: { label: string }) => r.label)).toEqual([`Ward ${rows} edge`]);
    // Under the cap, and with no search at all, the count is exact.
    expect((await rowsOf(big._id, { q: 'ten', range: '[0,0]' })).headers['content-range']).toBe(`listview 0-0/${Math.ceil(rows / 10)}`);
    expect((await rowsOf(big._id, { q: 'edge', range: '[0,9]' })).headers['content-range']).toBe('listview 0-1/2');
    expect((await rowsOf(big._id, { range: '[0,0]' })).headers['content-range']).toBe(`listview 0-0/${rows}`);
  });

  it('takes a typed "%" or "_" as itself, not as a wildcard', async () => {
    expect(await labels(id, { q: '%' })).toEqual([]);
    expect(await labels(id, { q: '_' })).toEqual([]);
  });

  it('answers the rows a choice field already holds, by id', async () => {
    const res = await rowsOf(id, { filter: '{"id":["2","5"]}' });
    expect(res.json().map((r: { label: string }) => r.label)).toEqual(['Kisii', 'Nakuru']);
  });

  it('refuses a range that is not [start, end]', async () => {
    for (const range of ['[5,2]', 'x', '[-1,3]']) {
      const res = await rowsOf(id, { range });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('range');
    }
  });

  it('gives the original file back, byte for byte', async () => {
    const original = await workbook([['Town'], ['Kisumu']]);
    const list = await create('Download me', xlsxFile(original, 'my towns.xlsx'));
    const res = await call('GET', `/listview/${list._id}/file`, {
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(original)).toBe(true);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my towns.xlsx"');
  });
});

describe('cells are text', () => {
  it('keeps formula-looking CSV cells as the characters they are', async () => {
    const list = await create('Risky', csvFile('\uFEFFValue,Note\n"=SUM(A1:A2)",+254700\n-5,@cmd\n"=HYPERLINK(""http://x"")",plain\n'));
    expect(list.columns).toEqual(['Value', 'Note']);
    const rows = (await rowsOf(list._id)).json() as Array<{ cells: string[] }>;
    expect(rows.map((r) => r.cells)).toEqual([
      ['=SUM(A1:A2)', '+254700'],
      ['-5', '@cmd'],
      ['=HYPERLINK("http://x")', 'plain'],
    ]);
  });

  it('keeps a workbook text cell starting with "=" as text, and a formula cell as its saved result', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('S');
    ws.addRow(['Value']);
    ws.addRow(['=1+1']);
    ws.addRow([{ formula: 'A5*2', result: 42 }]);
    const list = await create('Formulas', xlsxFile(Buffer.from(await wb.xlsx.writeBuffer())));
    expect((await rowsOf(list._id)).json().map((r: { label: string }) => r.label)).toEqual(['=1+1', '42']);
  });
});

describe('replacing the file', () => {
  it('serves the old rows until the new ones are all in, then only the new ones', async () => {
    const list = await create('Swap', csvFile('Town\nOld Kisumu\nOld Kisii\n'));
    const before = await storedFileNames();
    // Hold the list's row: the replace loads its rows, then waits to switch over.
    const release = await holdLocks(t.ctx.db, (trx) => sql`select id from view_lists where id = ${list._id} for update`.execute(trx));
    const replacing = send('PATCH', `/listview/${list._id}`, [csvFile('Town\nNew Kisumu\nNew Kisii\nNew Nakuru\n', 'new.csv')]);
    await untilSomeoneWaitsOnALock(t.ctx.db, 'the replace');
    expect(await labels(list._id, { q: 'kis' })).toEqual(['Old Kisumu', 'Old Kisii']);
    await release();
    const res = await replacing;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Swap',
      row_count: 3,
      file_name: 'new.csv',
    });
    expect(await labels(list._id, { q: 'kis' })).toEqual(['New Kisumu', 'New Kisii']);
    // The old rows and the old file are gone; the new file is there.
    const stored = await sql<{
      n: string;
    }>`select count(*) as n from view_list_rows where view_list_id = ${list._id}`.execute(t.ctx.db);
    expect(Number(stored.rows[0]!.n)).toBe(3);
    const after = await storedFileNames();
    expect(after).not.toContain(path.basename(list.excel_file));
    expect(after.length).toBe(before.length);
  });

  it('renames without a file, keeping the rows', async () => {
    const list = await create('Old name', csvFile('Town\nKisumu\n'));
    const res = await send('PATCH', `/listview/${list._id}`, [nameField('New name')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'New name',
      row_count: 1,
      excel_file: list.excel_file,
    });
    expect(await labels(list._id)).toEqual(['Kisumu']);
  });

  it('keeps the old rows when the new file is refused', async () => {
    const list = await create('Kept', csvFile('Town\nKisumu\n'));
    const res = await send('PATCH', `/listview/${list._id}`, [csvFile('Town\n')]);
    expect(res.statusCode).toBe(400);
    expect(await labels(list._id)).toEqual(['Kisumu']);
  });
});

describe('deleting', () => {
  it('removes the list, its rows, their table and its file', async () => {
    const list = await create('Doomed', csvFile('Town\nKisumu\n'));
    const tableOf = async () =>
      (
        await sql<{ table: string }>`select c.relname as table from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'view_list_rows'::regclass and pg_get_expr(c.relpartbound, c.oid) like ${`%'${list._id}'%`}`.execute(t.ctx.db)
      ).rows.map((r) => r.table);
    const [table] = await tableOf();
    expect(table).toMatch(/^view_list_rows_\d+$/);
    const res = await call('DELETE', `/listview/${list._id}`, {
      token: admin.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ _id: list._id, name: 'Doomed' });
    expect((await call('GET', `/listview/${list._id}`, { token: admin.token })).statusCode).toBe(404);
    expect((await rowsOf(list._id)).statusCode).toBe(404);
    expect(await storedFileNames()).not.toContain(path.basename(list.excel_file));
    const left = await sql<{
      n: string;
    }>`select count(*) as n from view_list_rows where view_list_id = ${list._id}`.execute(t.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(await tableOf()).toEqual([]);
    expect((await sql`select to_regclass(${table!}) as t`.execute(t.ctx.db)).rows[0]).toEqual({ t: null });
  });
});

describe('the upload’s fields', () => {
  it('a name is trimmed, and one sent twice keeps the first, as every other upload form does', async () => {
    const res = await send('POST', '/listview', [nameField('  First name  '), nameField('Second name'), csvFile('Town\nKisumu\n')]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('First name');
  });
});

describe('refusals store nothing', () => {
  async function refused(parts: Array<FilePart | FieldPart>, status: number, message: RegExp) {
    const before = {
      files: await storedFileNames(),
      lists: await storedLists(),
      rows: await storedRows(),
    };
    const res = await send('POST', '/listview', parts);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toMatch(message);
    expect({
      files: await storedFileNames(),
      lists: await storedLists(),
      rows: await storedRows(),
    }).toEqual(before);
    return res.json();
  }

  it('a missing name or file, with the dialog’s messages', async () => {
    expect((await refused([csvFile('Town\nKisumu\n')], 400, /Name field required/)).fields).toEqual({ name: 'Name field required' });
    expect((await refused([nameField('No file')], 400, /File field required/)).fields).toEqual({ excel_file: 'File field required' });
  });

  it('a body that is not a multipart form, a name too long, an import_id that is not a UUID: each named', async () => {
    const notMultipart = await call('POST', '/listview', { token: admin.token, payload: { name: 'Towns' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Send the view list as multipart/form-data',
      fields: { excel_file: 'File field required' },
    });
    const town = csvFile('Town\nKisumu\n');
    expect((await refused([nameField('x'.repeat(121)), town], 400, /at most 120 characters/)).fields).toEqual({
      name: 'Name must be at most 120 characters',
    });
    expect((await refused([nameField('Towns'), importIdField('not-a-uuid'), town], 400, /A UUID/)).fields).toEqual({
      import_id: 'A UUID such as 3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b',
    });
  });

  it('a file that is neither a workbook nor CSV, whatever its name says', async () => {
    await refused([nameField('Image'), xlsxFile(tinyPng(), 'towns.xlsx')], 400, /neither an Excel workbook \(\.xlsx\) nor a CSV/);
  });

  it('a zip archive that is not a workbook', async () => {
    const wb = await workbook([['Town'], ['Kisumu']]);
    // The same archive with its workbook part renamed.
    const renamed = Buffer.from(wb.toString('latin1').replaceAll('xl/workbook.xml', 'xl/notebook.xml'), 'latin1');
    await refused([nameField('Zip'), xlsxFile(renamed)], 400, /not an Excel workbook/);
  });

  it('an empty sheet, or one with only its header', async () => {
    await refused([nameField('Empty'), xlsxFile(await workbook([]))], 400, /The sheet is empty/);
    await refused([nameField('Header only'), xlsxFile(await workbook([['Town']]))], 400, /The sheet is empty/);
    await refused([nameField('Empty CSV'), csvFile('\n\n')], 400, /The sheet is empty/);
  });

  it('a file over the size limit', async () => {
    const big = csvFile('Town\n' + 'Kisumu\n'.repeat(Math.ceil(VIEW_LIST_MAX_BYTES / 7) + 10));
    await refused([nameField('Big'), big], 413, /larger than 20 MB/);
  });

  it('too many columns', async () => {
    const wide = Array.from({ length: VIEW_LIST_MAX_COLUMNS + 1 }, (_, i) => `C${i}`);
    await refused(
      [nameField('Wide'), xlsxFile(await workbook([wide, wide]))],
      400,
      new RegExp(`more than ${VIEW_LIST_MAX_COLUMNS} columns`),
    );
  });

  it('too many rows', async () => {
    const long = csvFile('Town\n' + 'k\n'.repeat(VIEW_LIST_MAX_ROWS + 1));
    await refused([nameField('Long'), long], 400, new RegExp(`more than ${VIEW_LIST_MAX_ROWS} rows`));
  });

  it('a workbook that says it unpacks to more than the limit (a zip bomb)', async () => {
    const wb = await workbook([['Town'], ['Kisumu']]);
    // Declare a huge unpacked size for the first central-directory entry.
    const central = wb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    wb.writeUInt32LE(0xfffffff0, central + 24);
    await refused([nameField('Bomb'), xlsxFile(wb)], 400, /unpacks to more than/);
  });
});

describe('who may', () => {
  it('answers 401 without a session and 403 naming the flag without it', async () => {
    const list = await create('Guarded', csvFile('Town\nKisumu\n'));
    expect((await call('GET', '/listview')).statusCode).toBe(401);
    expect((await call('GET', `/listview/${list._id}/rows`)).statusCode).toBe(401);
    const role = await insertRole(t.ctx.db, {
      role: 'No lists',
      permission: flags(true, {
        can_get_listview: false,
        can_create_listview: false,
      }),
    });
    await insertUser(t.ctx.db, {
      email: 'nolists@example.com',
      password: 'no lists passphrase',
      roleId: role.id,
    });
    const someone = await t.loginAs('nolists@example.com', 'no lists passphrase');
    for (const url of ['/listview', `/listview/${list._id}/rows`, `/listview/${list._id}/file`]) {
      const res = await call('GET', url, { token: someone.token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        permission: 'can_get_listview',
      });
    }
    const post = await send('POST', '/listview', [nameField('Mine'), csvFile('Town\nKisumu\n')], someone.token);
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ permission: 'can_create_listview' });
  });
});

describe('migration 031 on lists written before it', () => {
  it('gives each list a table of its served rows, leaving out rows of generations no longer served', async () => {
    const db = t.ctx.db;
    const kept = await create('Before the tables', csvFile('Town\nKisumu\nKisii\n'));
    await rowTables.down(db as never);
    // A generation a list no longer serves (as a replace left behind before it deleted them).
    await sql`insert into view_list_rows (view_list_id, generation, row_no, cells, search)
      values (${kept._id}, -1, 1, '["Stale"]', 'stale')`.execute(db);
    await rowTables.up(db as never);
    expect(await labels(kept._id)).toEqual(['Kisumu', 'Kisii']);
    expect(await labels(kept._id, { q: 'sii' })).toEqual(['Kisii']);
    // Imports go on as before.
    const res = await send('PATCH', `/listview/${kept._id}`, [csvFile('Town\nKitale\n')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await labels(kept._id)).toEqual(['Kitale']);
  });
});
