/**
 * The audit log exported to CSV through the export jobs: the list as filtered (resource, a search
 * with a quote in it, a program, dates), newest first as the list shows it, each change one line
 * with its fields as JSON; the requester is e-mailed a link to the Audit log; the download is
 * recorded; nobody else sees the export; a bad bound is refused before anything is recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/parse-csv.ts';
import type { AuditLogExport } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith, type Caller } from '../support/program-fixtures.ts';
import { addProgram } from '../support/programs.ts';
import { readOutbox } from '../support/outbox.ts';
import { AUDIT_EXPORT_HEADER } from '../../server/changes/audit-export-sql.ts';

let t: TestServer;
let admin: Session;
let otherAuditor: Caller;
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);

async function exported(filter: Record<string, string>): Promise<{ job: AuditLogExport; rows: Record<string, string>[]; body: string }> {
  const asked = await api('POST', '/audit/export', { token: admin.token, payload: filter });
  expect(asked.statusCode, asked.body).toBe(202);
  let job = asked.json() as AuditLogExport;
  expect(job.filter).toEqual(filter);
  // A hang guard, not a speed check: the job system runs it within moments.
  for (let polls = 0; ['queued', 'running'].includes(job.status); polls++) {
    expect(polls, `export still ${job.status}`).toBeLessThan(1200);
    await new Promise((r) => setTimeout(r, 100));
    const res = await api('GET', `/audit/export/${job._id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    job = res.json();
  }
  expect(job.status).toBe('done');
  const file = await api('GET', `/audit/export/${job._id}/file`, { token: admin.token });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(file.body.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = await parseCsv(file.body.slice(1));
  expect(header).toEqual(AUDIT_EXPORT_HEADER);
  const rows = lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
  expect(job.rows_total).toBe(rows.length);
  return { job, rows, body: file.body };
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  otherAuditor = await callerWith(t, 'Other auditor', flags(true));
});
afterAll(() => t?.close());

describe('exporting the audit log', () => {
  it('writes the filtered list newest first, each change with its actor, action and fields, and mails a link', async () => {
    const made = await auth('POST', '/designation', { token: admin.token, payload: { name: "O'Brien office" } });
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json()._id);
    expect((await auth('PATCH', `/designation/${id}`, { token: admin.token, payload: { name: "O'Brien field office" } })).statusCode).toBe(
      200,
    );
    expect((await auth('POST', '/designation', { token: admin.token, payload: { name: 'Warehouse' } })).statusCode).toBe(201);

    // The search (in the fields' values too) carries a quote: the filter's values are written into the COPY as literals.
    const { job, rows } = await exported({ resource: 'designation', q: "O'Brien" });
    expect(rows.map((r) => [r.Action, r.Resource, r.Record, r.Revision, r.Actor, r['Actor role'], r.Client])).toEqual([
      ['update', 'designation', id, '2', ADMIN_EMAIL, 'admin', 'console'],
      ['create', 'designation', id, '1', ADMIN_EMAIL, 'admin', 'console'],
    ]);
    expect(JSON.parse(rows[0]!.Changes!)).toEqual({ name: ["O'Brien office", "O'Brien field office"] });
    expect(rows[0]!['When (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(Number(rows[0]!.Seq)).toBeGreaterThan(Number(rows[1]!.Seq));
    expect(job.file_name).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);

    const all = await exported({ resource: 'designation' });
    expect(all.rows.map((r) => r.Action)).toEqual(['create', 'update', 'create']);

    const mail = (await readOutbox(t.outboxDir)).find((m) => m.to === ADMIN_EMAIL && m.text.includes(`/audit?export=${job._id}`));
    expect(mail?.subject).toBe('Your export is ready');
    expect(mail?.text).toContain('Your export of the audit log (2 changes) is ready to download');

    // The request and the download are in the log, under the export's id.
    const log = await api('GET', `/audit?record=${job._id}`, { token: admin.token });
    expect((log.json() as { data: { action: string }[] }).data.map((c) => c.action)).toEqual(['export-download', 'export-request']);
  });

  it('keeps to a program and a date range, naming the program', async () => {
    const program = await addProgram(t, admin.token, { name: 'Audit export program' });
    expect((await api('PATCH', `/program/change/lock/status/${program._id}`, { token: admin.token })).statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    const { rows } = await exported({ program: program._id, from: today, to: today });
    expect(rows.map((r) => [r.Action, r.Resource, r.Program])).toEqual([
      ['lock', 'program', 'Audit export program'],
      ['create', 'program', 'Audit export program'],
    ]);
    expect((await exported({ program: program._id, to: '2001-01-01' })).rows).toEqual([]);
  });

  it('is its requester’s alone, and a bound that is not a date is refused before anything is recorded', async () => {
    const { job } = await exported({ action: 'create' });
    for (const url of [`/audit/export/${job._id}`, `/audit/export/${job._id}/file`]) {
      const res = await api('GET', url, { token: otherAuditor.token });
      expect(res.statusCode, url).toBe(404);
    }
    const count = async () =>
      ((await api('GET', '/audit?limit=200&action=export-request', { token: admin.token })).json() as { data: unknown[] }).data.length;
    const before = await count();
    const bad = await api('POST', '/audit/export', { token: admin.token, payload: { from: 'yesterday' } });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fields).toEqual({ from: 'from must be a date (YYYY-MM-DD) or an ISO date and time' });
    const unknown = await api('POST', '/audit/export', { token: admin.token, payload: { colour: 'red' } });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(await count()).toBe(before);
  });
});
