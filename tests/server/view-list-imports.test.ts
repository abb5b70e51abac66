/**
 * View-list imports run off the request path: a 199,000-row CSV imports while the api server
 * keeps answering, its progress can be followed by the one who sent it, an import over its time
 * budget or its worker's heap cap is refused with nothing of it left behind (the old rows still
 * serve), an import whose process died is swept, and imports beyond what a process reads at once
 * wait in line, then are refused with 429.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { multipart } from '../support/multipart.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { holdLocks, untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { csvFile, importIdField, nameField, viewLists, xlsxFile, type ImportProgress, type ViewListAnswer } from '../support/view-lists.ts';
import { townsCsv } from '../support/towns-csv.ts';
import { buildZip, sharedCell, sharedStringsOf, sheetRow, sheetXml, textCell, workbookParts } from '../support/zip-files.ts';
import { VIEW_LIST_IMPORTS_AT_ONCE, VIEW_LIST_IMPORTS_WAITING } from '../../server/view-lists/limits.ts';
import { IMPORT_NICE } from '../../server/view-lists/import-priority.ts';

let t: TestServer;
let admin: Session;
const lists = viewLists(
  () => t,
  () => admin,
);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const BIG_ROWS = 199_000;
const bigCsv = townsCsv(BIG_ROWS);

/**
 * Holds these lists' rows as a concurrent rename would: an import reads its file and writes its
 * rows (which only share the list's key), then waits to switch the list over.
 */
function holdLists(ids: string[]) {
  return holdLocks(t.ctx.db, (trx) => sql`select id from view_lists where id = any(${ids}::text[]) for no key update`.execute(trx));
}

/** Polls the import until `until` holds; bounded by a count of polls, not by time. */
async function progressUntil(importId: string, until: (p: ImportProgress) => boolean, polls = 3000): Promise<ImportProgress> {
  let last: unknown;
  for (let i = 0; i < polls; i++) {
    const res = await lists.progress(importId);
    last = res.body;
    if (res.statusCode === 200 && until(res.json())) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`import ${importId} never got there; last answer ${String(last)}`);
}

/** A Linux process's or thread's nice value, from /proc. */
async function niceOf(statPath: string): Promise<number> {
  const stat = await readFile(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** Rows of the list under any generation but the one it serves. */
async function rowsBesidesServed(viewListId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from view_list_rows r join view_lists l on l.id = r.view_list_id
    where l.id = ${viewListId} and r.generation <> l.generation`.execute(t.ctx.db);
  return Number(rows[0]!.n);
}

describe('a 199,000-row file', () => {
  it('imports while the api server keeps answering: /health one after another, the event loop never held', async () => {
    const list = await lists.create('Towns', csvFile('Town\nOld town\n'));
    const server = await t.api.app.listen({ host: '127.0.0.1', port: 0 });
    const base = server.replace('[::1]', '127.0.0.1');
    const importId = randomUUID();
    const release = await holdLists([list._id]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    try {
      const body = multipart([importIdField(importId), csvFile(bigCsv, 'towns.csv')]);
      const replacing = fetch(`${base}/listview/${list._id}`, {
        method: 'PATCH',
        headers: { ...body.headers, authorization: `Bearer ${admin.token}` },
        body: new Uint8Array(body.payload),
      });
      await progressUntil(importId, (p) => p.status === 'reading' && p.rows_read > 0);
      // The import gives way: its thread and its PostgreSQL backend run at nice 19, this process's other threads at 0.
      const { rows: backends } = await sql<{ pid: number }>`select pid from pg_stat_activity
        where application_name = ${`fieldbase-view-list-import:${importId}`}`.execute(t.ctx.db);
      expect(backends).toHaveLength(1);
      expect(await niceOf(`/proc/${backends[0]!.pid}/stat`)).toBe(IMPORT_NICE);
      const threads = await Promise.all((await readdir('/proc/self/task')).map((tid) => niceOf(`/proc/self/task/${tid}/stat`)));
      expect(threads.filter((nice) => nice === IMPORT_NICE).length).toBeGreaterThanOrEqual(1);
      expect(await niceOf('/proc/self/stat')).toBe(0);
      for (let i = 0; i < 20; i++) {
        const health = await fetch(`${base}/health`);
        expect(health.status).toBe(200);
      }
      // All twenty were answered while the rows were still being read.
      const meanwhile = (await lists.progress(importId)).json() as ImportProgress;
      expect(meanwhile.status).toBe('reading');
      expect(meanwhile.rows_read).toBeLessThan(BIG_ROWS);
      await release();
      const answer = await replacing;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ row_count: BIG_ROWS, columns: ['Town', 'County', 'Code'] });
    } finally {
      delay.disable();
      await release().catch(() => undefined);
    }
    // A secondary signal: the loop was never held for long (reading the file on it held it for seconds).
    expect(delay.max / 1e6).toBeLessThan(500);
    expect(await lists.labels(list._id, { q: 'town 198765' })).toEqual(['Town 198765']);
    expect(await lists.labels(list._id, { q: 'old town' })).toEqual([]);
    expect((await lists.progress(importId)).json()).toMatchObject({
      status: 'done',
      rows_read: BIG_ROWS,
      fraction: 1,
      view_list_id: list._id,
    });
  }, 180_000);

  it('over its time budget is stopped: a 400 on the file, no row of it left, the old rows still served', async () => {
    const list = await lists.create('Budget', csvFile('Town\nKisumu\nKisii\n'));
    const filesBefore = await lists.storedFileNames();
    const importId = randomUUID();
    const release = await holdLists([list._id]);
    try {
      const replacing = lists.send('PATCH', `/listview/${list._id}`, [importIdField(importId), csvFile(bigCsv)]);
      // Rows are being written when the budget runs out (the clock is the servers' own, moved by hand).
      await progressUntil(importId, (p) => p.rows_read >= 10_000);
      t.clock.advance(t.ctx.config.viewListImport.timeoutSeconds + 1);
      const res = await replacing;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields.excel_file).toMatch(/took too long to read \(over 120 seconds\)/);
    } finally {
      await release();
    }
    expect(await lists.storedRows(list._id)).toBe(2);
    expect(await rowsBesidesServed(list._id)).toBe(0);
    expect(await lists.labels(list._id, { q: 'kis' })).toEqual(['Kisumu', 'Kisii']);
    expect(await lists.storedFileNames()).toEqual(filesBefore);
    const { rows } =
      await sql`select pid from pg_stat_activity where application_name = ${`fieldbase-view-list-import:${importId}`}`.execute(t.ctx.db);
    expect(rows).toEqual([]);
    expect((await lists.progress(importId)).json()).toMatchObject({ status: 'failed', message: expect.stringMatching(/took too long/) });
  }, 180_000);
});

describe('progress', () => {
  it('is the sender’s alone; an import_id serves one upload', async () => {
    const importId = randomUUID();
    const res = await lists.send('POST', '/listview', [nameField('Followed'), importIdField(importId), csvFile('Town\nKisumu\nKisii\n')]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ViewListAnswer;
    expect((await lists.progress(importId)).json()).toEqual({
      import_id: importId,
      status: 'done',
      rows_read: 2,
      fraction: 1,
      view_list_id: created._id,
    });
    const role = await insertRole(t.ctx.db, { role: 'List readers', permission: flags(true) });
    await insertUser(t.ctx.db, { email: 'reader@example.com', password: 'reader passphrase 1', roleId: role.id });
    const reader = await t.loginAs('reader@example.com', 'reader passphrase 1');
    expect((await lists.progress(importId, reader.token)).statusCode).toBe(404);

    const filesBefore = await lists.storedFileNames();
    const again = await lists.send('POST', '/listview', [nameField('Again'), importIdField(importId), csvFile('Town\nNakuru\n')]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IMPORT_ID_TAKEN', fields: { import_id: 'Send a new import_id' } });
    expect(await lists.storedFileNames()).toEqual(filesBefore);
    const bad = await lists.send('POST', '/listview', [nameField('Bad id'), importIdField('not-a-uuid'), csvFile('Town\nNakuru\n')]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('import_id');
  });
});

describe('at most a few at once', () => {
  it(`reads ${VIEW_LIST_IMPORTS_AT_ONCE} at once, keeps ${VIEW_LIST_IMPORTS_WAITING} in line, refuses more with 429, then does them all`, async () => {
    const count = VIEW_LIST_IMPORTS_AT_ONCE + VIEW_LIST_IMPORTS_WAITING;
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await lists.create(`Line ${i}`, csvFile(`Town\nOld ${i}\n`)))._id);
    const importIds = ids.map(() => randomUUID());
    const release = await holdLists(ids);
    try {
      const replacing = ids.map((id, i) =>
        lists.send('PATCH', `/listview/${id}`, [importIdField(importIds[i]!), csvFile(`Town\nNew ${i}\n`)]),
      );
      // The first ones read their file and wait on the held rows; the others wait their turn.
      await untilSomeoneWaitsOnALock(t.ctx.db, 'the imports', VIEW_LIST_IMPORTS_AT_ONCE);
      for (let poll = 0; ; poll++) {
        const states = await Promise.all(importIds.map((importId) => lists.progress(importId)));
        const statuses = states.map((s) => (s.statusCode === 200 ? (s.json() as ImportProgress).status : 'none'));
        const reading = statuses.filter((s) => s === 'reading').length;
        if (reading === VIEW_LIST_IMPORTS_AT_ONCE && statuses.filter((s) => s === 'queued').length === VIEW_LIST_IMPORTS_WAITING) break;
        if (poll > 1000) throw new Error(`never ${VIEW_LIST_IMPORTS_AT_ONCE} reading and the rest queued: ${statuses.join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const refused = await lists.send('PATCH', `/listview/${ids[0]}`, [csvFile('Town\nOne too many\n')]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'IMPORTS_BUSY' });
      await release();
      const answers = await Promise.all(replacing);
      expect(answers.map((a) => a.statusCode)).toEqual(ids.map(() => 200));
    } finally {
      await release();
    }
    for (const [i, id] of ids.entries()) expect(await lists.labels(id)).toEqual([`New ${i}`]);
  }, 120_000);
});

describe('replacing several lists at once', () => {
  it('swaps each as it finishes, while another still waits, and searches go on answering', async () => {
    const [a, b, c] = [
      await lists.create('Swap A', csvFile('Town\nOld A\n')),
      await lists.create('Swap B', csvFile('Town\nOld B\n')),
      await lists.create('Swap C', csvFile('Town\nOld C\n')),
    ];
    const releaseA = await holdLists([a._id]);
    const releaseB = await holdLists([b._id]);
    try {
      const replacingA = lists.send('PATCH', `/listview/${a._id}`, [csvFile('Town\nNew A\n')]);
      const replacingB = lists.send('PATCH', `/listview/${b._id}`, [csvFile('Town\nNew B\n')]);
      // Both have written their rows and wait on their list: B's import stays open while A swaps in.
      await untilSomeoneWaitsOnALock(t.ctx.db, 'the two imports', 2);
      await releaseA();
      expect((await replacingA).statusCode).toBe(200);
      expect(await lists.labels(a._id)).toEqual(['New A']);
      expect(await lists.labels(c._id, { q: 'old' })).toEqual(['Old C']);
      expect(await lists.labels(b._id)).toEqual(['Old B']);
      await releaseB();
      expect((await replacingB).statusCode).toBe(200);
      expect(await lists.labels(b._id)).toEqual(['New B']);
    } finally {
      await releaseA();
      await releaseB();
    }
  }, 60_000);
});

describe('a process that died mid-import', () => {
  it('is swept: its import marked failed, its stored file removed; a live import is left alone', async () => {
    const now = t.ctx.config.clock.now();
    const userId = admin.user._id;
    const imports = {
      dead: { id: randomUUID(), file: 'listviews/deaddeaddeaddeaddeaddead.csv', beat: new Date(now.getTime() - 3600_000) },
      live: { id: randomUUID(), file: 'listviews/1ive1ive1ive1ive1ive1ive.csv', beat: now },
    };
    for (const { id, file, beat } of Object.values(imports)) {
      await t.ctx.files.put(file, Buffer.from('Town\nKisumu\n'));
      await sql`insert into view_list_imports (id, user_id, status, rows_read, file_path, started_at, heartbeat_at)
        values (${id}, ${userId}, 'reading', 5000, ${file}, ${beat}, ${beat})`.execute(t.ctx.db);
    }
    await t.ctx.jobs.runTask('view-list-import-sweep');
    expect((await lists.progress(imports.dead.id)).json()).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/server stopped during the import/),
    });
    expect((await lists.progress(imports.live.id)).json()).toMatchObject({ status: 'reading', rows_read: 5000 });
    const files = await lists.storedFileNames();
    expect(files).not.toContain(path.basename(imports.dead.file));
    expect(files).toContain(path.basename(imports.live.file));
  });

  it('keeps nothing of an import that was given up for dead before it could commit', async () => {
    const list = await lists.create('Given up', csvFile('Town\nKisumu\n'));
    const importId = randomUUID();
    const release = await holdLists([list._id]);
    let res;
    try {
      const replacing = lists.send('PATCH', `/listview/${list._id}`, [importIdField(importId), csvFile('Town\nNakuru\nEldoret\n')]);
      // Its rows are written; it waits to switch the list over when a sweep (elsewhere) gives it up.
      await untilSomeoneWaitsOnALock(t.ctx.db, 'the import');
      await sql`update view_list_imports set status = 'failed' where id = ${importId}`.execute(t.ctx.db);
      await release();
      res = await replacing;
    } finally {
      await release();
    }
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({ code: 'IMPORT_STOPPED' });
    expect(await lists.labels(list._id)).toEqual(['Kisumu']);
    expect(await rowsBesidesServed(list._id)).toBe(0);
  });
});

describe('text is read as written', () => {
  it('keeps every non-Latin character of a large workbook, across the reader’s chunk edges', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kebeles');
    ws.addRow(['Kebele']);
    for (let n = 1; n <= 30_000; n++) ws.addRow([`ቀበሌ ${n} አዲስ`]);
    const list = await lists.create('Kebeles', xlsxFile(Buffer.from(await wb.xlsx.writeBuffer())));
    expect(list.row_count).toBe(30_000);
    const { rows } = await sql<{ n: string }>`select count(*) as n from view_list_rows
      where view_list_id = ${list._id} and cells::text not like '%ቀበሌ % አዲስ%'`.execute(t.ctx.db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await lists.labels(list._id, { q: 'ቀበሌ 29999 ' })).toEqual(['ቀበሌ 29999 አዲስ']);
  }, 60_000);
});

describe('a worker over its heap cap', () => {
  let small: TestServer;
  beforeAll(async () => {
    // With a spare worker kept warm, as servers run: the one killed is replaced by a fresh spare.
    small = await startTestServer({ config: { viewListImport: { timeoutSeconds: 120, heapMb: 24, warmWorker: true } } });
  });
  afterAll(() => small?.close());

  it('is a 400 on the file, and the server goes on', async () => {
    const session = await small.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const smallLists = viewLists(
      () => small,
      () => session,
    );
    const list = await smallLists.create('Kept', csvFile('Town\nKisumu\n'));
    // Within every limit of the file itself, but its strings alone need more than 24 MB of heap.
    const strings = sharedStringsOf('<si><t>Kisumu County, by the lake, Nyanza Kenya</t></si>', 300_000);
    const heavy = await buildZip(workbookParts(sheetXml(sheetRow(1, textCell('A1', 'Town')) + sheetRow(2, sharedCell('A2', 0))), strings));
    const res = await smallLists.send('PATCH', `/listview/${list._id}`, [xlsxFile(heavy)]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields.excel_file).toMatch(/needs more memory to read than an import may use \(24 MB\)/);
    expect(await smallLists.labels(list._id)).toEqual(['Kisumu']);
    expect((await small.api.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    // A new worker takes the next import.
    expect((await smallLists.create('Next', csvFile('Town\nKisii\n'))).row_count).toBe(1);
  }, 120_000);
});
