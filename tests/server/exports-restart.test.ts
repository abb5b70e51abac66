/**
 * Exports that always finish: cancelled mid-run, the statement stops at once; the job system
 * stopped mid-run (a restart), the export is handed back and finishes after the start; a
 * process that died mid-run (its heartbeat stale for more than 30 s) has its export run again,
 * while a live one is left alone. "Mid-run" is made real by holding a lock on the documents
 * table, which the export's statements wait for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { ExportJob } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { insertProgram } from '../support/program-fixtures.ts';
import { insertDocument, publishedForm, typeWithForm } from '../support/export-documents.ts';
import { to as copyTo } from 'pg-copy-streams';
import { exportConnectionName, exportKey } from '../../server/exports/export-runner.ts';
import { beat } from '../../server/exports/export-store.ts';
import { defineExportJobs } from '../../server/exports/export-job.ts';
import { createDb } from '../../server/db/database.ts';
import { createJobSystem } from '../../server/jobs/job-system.ts';

let t: TestServer;
let admin: Session;
let program: { id: string; name_slug: string };
let typeId: string;
const call = caller(() => t.api.app);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await sleep(50);
  }
}

const job = async (id: string): Promise<ExportJob> => (await call('GET', `/export/${id}`, { token: admin.token })).json();

const settled = (id: string) =>
  until(`export ${id} to finish`, async () => {
    const j = await job(id);
    return ['queued', 'running'].includes(j.status) ? undefined : j;
  });

/** The export's own connection, as pg_stat_activity shows it (undefined when it has none). */
async function backendOf(id: string): Promise<{ pid: number; wait_event_type: string | null } | undefined> {
  const { rows } = await sql<{ pid: number; wait_event_type: string | null }>`
    select pid, wait_event_type from pg_stat_activity where application_name = ${exportConnectionName(id)}`.execute(t.ctx.db);
  return rows[0];
}

/** Holds ACCESS EXCLUSIVE on documents until released: an export's statements wait for it. */
async function holdDocuments(): Promise<() => Promise<void>> {
  const client = await t.ctx.jobs.connect('exports-test-lock');
  await client.query('begin');
  await client.query('lock table documents in access exclusive mode');
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}

async function askExport(): Promise<string> {
  const res = await call('POST', '/export', {
    token: admin.token,
    payload: { program_slug: program.name_slug, doc_type: 'SURVEY', doc_id: typeId },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json()._id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const form = await publishedForm(t, admin.token, 'Water point survey', [
    [{ field_label: 'Depth', field_name: 'depth', field_type: 'number' }],
  ]);
  typeId = await typeWithForm(t, admin.token, 'surveytype', 'Water point', form.formId);
  program = await insertProgram(t.ctx.db, { name: 'Wells', types: { survey_types: [typeId] } });
  for (let depth = 1; depth <= 3; depth++) {
    await insertDocument(t.ctx.db, {
      program_id: program.id,
      module: 'surveys',
      type_id: typeId,
      form_revision_id: form.revisionIds[0]!,
      form_data: { depth },
      created_by: admin.user._id,
    });
  }
});
afterAll(() => t?.close());

describe('an export mid-run', () => {
  it('beats about every second, and a cancel stops its statement at once and leaves no file', async () => {
    const release = await holdDocuments();
    try {
      const id = await askExport();
      await until('the export to wait for the lock', async () => ((await backendOf(id))?.wait_event_type === 'Lock' ? true : undefined));
      expect((await job(id)).status).toBe('running');
      // The heartbeat follows the clock while the statement waits.
      t.clock.advance(5);
      const expected = t.clock.now().getTime();
      await until('a heartbeat', async () => {
        const row = await t.ctx.db.selectFrom('exports').select('heartbeat_at').where('id', '=', id).executeTakeFirstOrThrow();
        return new Date(row.heartbeat_at as Date).getTime() === expected ? true : undefined;
      });

      const cancelled = await call('POST', `/export/${id}/cancel`, { token: admin.token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      // Stopped while the lock is still held: the statement did not run on to its end.
      await until('the export connection to go', async () => ((await backendOf(id)) ? undefined : true), 30_000);
      await release();
      await sleep(1_500);
      expect((await job(id)).status).toBe('cancelled');
      // Nothing of what the COPY had written is left in the store.
      expect(await t.ctx.exportFiles.get(exportKey(id))).toBeUndefined();
      const file = await call('GET', `/export/${id}/file`, { token: admin.token });
      expect(file.statusCode).toBe(409);
      expect(file.json().code).toBe('EXPORT_NOT_READY');
      // Cancelling again answers it as it is; a finished export cannot be cancelled.
      expect((await call('POST', `/export/${id}/cancel`, { token: admin.token })).json().status).toBe('cancelled');
    } finally {
      await release().catch(() => undefined);
    }
  });

  it("counts its rows as PostgreSQL's COPY sends them, and keeps the last count once the COPY is over", async () => {
    // A finished export marked running again: no job beats for it but this test.
    const { _id: id } = await settled(await askExport());
    await t.ctx.db.updateTable('exports').set({ status: 'running', rows_done: 0 }).where('id', '=', id).execute();
    // A COPY of many rows on a connection of its own, read a little and then left waiting on its reader.
    const copier = await t.ctx.jobs.connect('exports-test-copy');
    const pid = (copier as unknown as { processID: number }).processID;
    const stream = copier.query(copyTo('COPY (select g from generate_series(1, 5000000) g) TO STDOUT'));
    stream.on('error', () => undefined);
    await new Promise((resolve) => stream.once('data', resolve));
    stream.pause();
    const rowsDone = async () =>
      Number((await t.ctx.db.selectFrom('exports').select('rows_done').where('id', '=', id).executeTakeFirstOrThrow()).rows_done);
    try {
      expect(await beat(t.ctx.db, id, pid, t.clock.now())).toBe(true);
      const counted = await rowsDone();
      expect(counted).toBeGreaterThan(0);
      expect(counted).toBeLessThan(5_000_000);
    } finally {
      await copier.end().catch(() => undefined);
    }
    await until('the COPY to end', async () =>
      (await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(t.ctx.db)).rows.length ? undefined : true,
    );
    const last = await rowsDone();
    expect(await beat(t.ctx.db, id, pid, t.clock.now())).toBe(true);
    expect(await rowsDone()).toBe(last);
    await t.ctx.db.updateTable('exports').set({ status: 'done', rows_done: 3 }).where('id', '=', id).execute();
  });

  it('a finished export cannot be cancelled', async () => {
    const done = await settled(await askExport());
    expect(done.status).toBe('done');
    const res = await call('POST', `/export/${done._id}/cancel`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EXPORT_FINISHED');
  });

  it('is handed back when the job system stops (a restart), and finishes after the next start', async () => {
    const release = await holdDocuments();
    let id = '';
    try {
      id = await askExport();
      await until('the export to wait for the lock', async () => ((await backendOf(id))?.wait_event_type === 'Lock' ? true : undefined));
      await t.ctx.jobs.stop();
      expect(t.ctx.jobs.started).toBe(false);
      expect(await backendOf(id)).toBeUndefined();
      expect((await job(id)).status).toBe('queued');
    } finally {
      await release();
    }
    await sleep(500);
    expect((await job(id)).status).toBe('queued'); // nothing runs while stopped
    await t.ctx.jobs.start();
    const done = await settled(id);
    expect(done).toMatchObject({ status: 'done', rows_done: 3, rows_total: 3 });
    const csv = (await call('GET', `/export/${id}/file`, { token: admin.token })).rawPayload.toString('utf8');
    expect(csv.split('\n').filter(Boolean).length).toBe(4);
    // The stopped attempt's job ended without a failure on record; the recovery at start sent a new one.
    // pg-boss records the job's completion just after its handler returns (after the export row says done).
    const rows = await until('both jobs to be recorded as ended', async () => {
      const { rows: jobs } = await sql<{ state: string; retry_count: number }>`
        select state::text, retry_count from pgboss.job where data ->> 'exportId' = ${id} order by created_on`.execute(t.ctx.db);
      return jobs.every((j) => j.state !== 'active' && j.state !== 'created') ? jobs : undefined;
    });
    expect(rows).toEqual([
      { state: 'completed', retry_count: 0 },
      { state: 'completed', retry_count: 0 },
    ]);
  });

  it('left "running" by a process that died is run again once its heartbeat is 30 s old; a live one is left alone', async () => {
    const id = randomUUID();
    const now = t.clock.now();
    // What a killed process leaves behind: running, part-way, its heartbeat the last it wrote.
    await sql`insert into exports (id, requested_by, scope, program_id, module, type_id, status, rows_total, rows_done, file_name,
                                   created_at, started_at, heartbeat_at)
      values (${id}, ${admin.user._id}, 'all', ${program.id}, 'surveys', ${typeId}, 'running', 3, 1, 'Wells.csv', ${now}, ${now}, ${now})`.execute(
      t.ctx.db,
    );
    await t.ctx.jobs.runTask('export-recovery');
    await sleep(1_000);
    expect(await job(id)).toMatchObject({ status: 'running', rows_done: 1 });
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pgboss.job where data ->> 'exportId' = ${id}`.execute(
      t.ctx.db,
    );
    expect(rows[0]!.n).toBe(0);

    t.clock.advance(31);
    await t.ctx.jobs.runTask('export-recovery');
    expect(await settled(id)).toMatchObject({ status: 'done', rows_done: 3 });
  });

  it('a server closed with an export running closes cleanly (no late query on its closed pool), and the export finishes after a new start', async () => {
    // A second process on the same database, closed as the servers close: job system, then pool.
    await t.ctx.jobs.stop();
    const url = t.ctx.config.databaseUrl!;
    const db = createDb(url);
    const jobs = createJobSystem({ db, databaseUrl: url, log: () => undefined, stopTimeoutMs: 1_000 });
    defineExportJobs({ ...t.ctx, db, jobs });
    await jobs.start();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const release = await holdDocuments();
    let id = '';
    try {
      id = await askExport();
      await until('the export to wait for the lock', async () => ((await backendOf(id))?.wait_event_type === 'Lock' ? true : undefined));
      // Its hand-back waits on the export's row past pg-boss's stop timeout.
      const rowLock = await t.ctx.jobs.connect('exports-test-row-lock');
      await rowLock.query('begin');
      await rowLock.query('select 1 from exports where id = $1 for update', [id]);
      const closing = (async () => {
        await jobs.stop();
        await db.destroy();
      })();
      await sleep(2_500);
      await rowLock.query('rollback');
      await rowLock.end();
      await closing;
      await release();
      await sleep(1_000);
    } finally {
      process.off('unhandledRejection', onRejection);
      await release().catch(() => undefined);
    }
    expect(rejections).toEqual([]);
    expect((await job(id)).status).toBe('queued');
    await t.ctx.jobs.start();
    expect(await settled(id)).toMatchObject({ status: 'done', rows_done: 3 });
  });
});
