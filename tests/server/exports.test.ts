/**
 * Document exports end to end (a small data set): asked for through the route, run by the
 * pg-boss job, written by COPY, downloaded by the requester. The CSV has a byte-order mark, a
 * header of labels, one column per field across both revisions of the form (latest label),
 * formula cells defused, accents and multi-line answers intact; the requester is e-mailed a
 * link; an own-sight requester exports only their own documents; nobody else sees or downloads
 * an export; files expire.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/parse-csv.ts';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import type { ExportJob } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith, insertProgram, type Caller } from '../support/program-fixtures.ts';
import { insertDocument, publishedForm, typeWithForm } from '../support/export-documents.ts';
import { readOutbox } from '../support/outbox.ts';
import { exportKey } from '../../server/exports/export-runner.ts';
import { FIXED_LABELS } from '../../server/documents/exports/export-columns.ts';
import { randomUUID } from 'node:crypto';

let t: TestServer;
let admin: Session;
let worker: Caller;
let outsider: Caller;
let program: { id: string; name: string; name_slug: string };
let typeId: string;
const call = caller(() => t.api.app);

const text = (name: string, label: string, type: FormField['field_type'] = 'text'): FormField => ({
  field_label: label,
  field_name: name,
  field_type: type,
});
const members: FormField = {
  field_label: 'Members',
  field_name: 'members',
  field_type: 'field-group',
  extra_details: { fields: [text('member_name', 'Member name')] },
};

const REVISION_1 = [text('name', 'Name'), text('age', 'Age'), text('notes', 'Notes', 'text-area'), members];
const REVISION_2 = [
  { field_label: 'About you', field_name: 'about', field_type: 'heading' } as FormField,
  text('full_name', 'Full name'),
  { ...text('age', 'Age (years)'), translations: { fr: { field_label: 'Âge (ans)' }, ar: { field_label: ' ' } } },
  text('phone', 'Phone'),
  members,
];

async function settled(token: string, id: string, timeoutMs = 60_000): Promise<ExportJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call('GET', `/export/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json() as ExportJob;
    if (!['queued', 'running'].includes(job.status)) return job;
    if (Date.now() > until) throw new Error(`export ${id} still ${job.status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function exportAll(token: string, body: Record<string, unknown> = {}): Promise<ExportJob> {
  const res = await call('POST', '/export', {
    token,
    payload: { program_slug: program.name_slug, doc_type: 'BENEFICIARY', doc_id: typeId, ...body },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json();
}

let adminId: string;
let adminName: string;
const docs: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminId = admin.user._id;
  adminName = `${admin.user.first_name} ${admin.user.last_name}`;
  // Sees documents in full only through the flag: off, so only their own.
  worker = await callerWith(t, 'Field worker', flags(false, { can_access_dashboard: true, can_explore_data: true }));
  outsider = await callerWith(t, 'Other explorer', flags(true));
  const form = await publishedForm(t, admin.token, 'Household', [REVISION_1, REVISION_2]);
  typeId = await typeWithForm(t, admin.token, 'beneficiarytype', 'Household', form.formId);
  program = await insertProgram(t.ctx.db, { name: 'Clean Wáter', types: { beneficiary_types: [typeId] }, teams: [worker.id] });
  // The worker is on the team, and the program shows each member their own documents only.
  await sql`update programs set document_visible = 'OWN' where id = ${program.id}`.execute(t.ctx.db);
  const [rev1, rev2] = form.revisionIds as [string, string];
  const base = { program_id: program.id, module: 'beneficiaries' as const, type_id: typeId };
  docs.first = await insertDocument(t.ctx.db, {
    ...base,
    form_revision_id: rev1,
    created_by: adminId,
    local_id: '=HYPERLINK("x")',
    form_data: {
      name: '=cmd()',
      age: '+1',
      notes: 'First line\nsecond "quoted" line',
      members: [{ member_name: 'Zoë' }, { member_name: 'Ana' }],
    },
    created_at: new Date('2026-03-01T08:00:00Z'),
    processed_at: new Date('2026-03-02T09:30:00Z'),
  });
  docs.second = await insertDocument(t.ctx.db, {
    ...base,
    form_revision_id: rev2,
    created_by: adminId,
    form_data: { full_name: 'José Ñúñez', age: '-2', phone: '@x' },
    created_at: new Date('2026-03-03T08:00:00Z'),
  });
  docs.workers = await insertDocument(t.ctx.db, {
    ...base,
    form_revision_id: rev2,
    created_by: worker.id,
    form_data: { full_name: 'Worker Doc', age: '30', phone: '0712345678' },
    created_at: new Date('2026-03-04T08:00:00Z'),
  });
  // Another program's document of the same type: never in this program's export.
  const other = await insertProgram(t.ctx.db, { name: 'Elsewhere', types: { beneficiary_types: [typeId] } });
  await insertDocument(t.ctx.db, {
    ...base,
    program_id: other.id,
    form_revision_id: rev2,
    created_by: adminId,
    form_data: { full_name: 'Not here' },
  });
});
afterAll(() => t?.close());

describe('an export of a program type', () => {
  let job: ExportJob;
  let rows: string[][];

  it('is queued (202), runs as a job and finishes with every document counted', async () => {
    const asked = await exportAll(admin.token);
    expect(asked).toMatchObject({
      status: expect.stringMatching(/queued|running/),
      program_name: 'Clean Wáter',
      module: 'beneficiaries',
      doc_type: 'BENEFICIARY',
      type_name: 'Household',
      rows_total: 3,
    });
    job = await settled(admin.token, asked._id);
    expect(job).toMatchObject({ status: 'done', rows_done: 3, rows_total: 3, error: null });
    expect(job.file_name).toBe('Clean_Wáter-Household-' + job.createdAt.slice(0, 10) + '.csv');
    expect(job.file_size).toBeGreaterThan(0);
    expect(new Date(job.expiresAt!).getTime() - new Date(job.finishedAt!).getTime()).toBe(72 * 3600 * 1000);
  });

  it('downloads as UTF-8 CSV with a byte-order mark and the header of labels, one column per field of every revision', async () => {
    const res = await call('GET', `/export/${job._id}/file`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(job.file_name!)}`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Clean_W_ter-Household-/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(Number(res.headers['content-length'])).toBe(job.file_size);
    rows = await parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    // Latest revision's fields in its order (Age under its new label, the heading asks nothing), then the older-only ones.
    expect(rows[0]).toEqual([
      'Document ID',
      'Local ID',
      'Document type',
      'Submitted by',
      'Submitted at',
      'Form revision',
      'Processed at',
      'Full name',
      'Age (years)',
      'Phone',
      'Members',
      'Name',
      'Notes',
    ]);
    expect(rows.length).toBe(4);
  });

  it('writes each document once, oldest first, with formula cells defused and accents and line breaks intact', () => {
    const [first, second, third] = rows.slice(1) as [string[], string[], string[]];
    expect(first).toEqual([
      docs.first,
      `'=HYPERLINK("x")`,
      'Household',
      adminName,
      '2026-03-01T08:00:00Z',
      '1',
      '2026-03-02T09:30:00Z',
      '',
      "'+1",
      '',
      JSON.stringify([{ member_name: 'Zoë' }, { member_name: 'Ana' }])
        .replace(/,/g, ', ')
        .replace(/":"/g, '": "'),
      "'=cmd()",
      'First line\nsecond "quoted" line',
    ]);
    expect(second).toEqual([
      docs.second,
      expect.stringMatching(/^local-/),
      'Household',
      adminName,
      '2026-03-03T08:00:00Z',
      '2',
      '',
      'José Ñúñez',
      "'-2",
      "'@x",
      '',
      '',
      '',
    ]);
    expect(third?.[0]).toBe(docs.workers);
    expect(third?.[3]).toBe('Field worker Person');
  });

  it('mails the requester a link to the export in the console', async () => {
    const mails = (await readOutbox(t.outboxDir)).filter((m) => m.to === ADMIN_EMAIL && m.subject === 'Your export is ready');
    expect(mails.length).toBe(1);
    expect(mails[0]!.text).toContain(`${t.ctx.config.consoleUrl}/data-explorer?export=${job._id}`);
    expect(mails[0]!.text).toContain('Clean Wáter');
  });

  it('of a whole module names each document’s type in the "Document type" column', async () => {
    const whole = await settled(admin.token, (await exportAll(admin.token, { doc_id: undefined }))._id);
    expect(whole).toMatchObject({ status: 'done', type_id: null });
    const csv = await parseCsv(
      (await call('GET', `/export/${whole._id}/file`, { token: admin.token })).rawPayload.subarray(3).toString('utf8'),
    );
    expect(csv[0]!.slice(0, 3)).toEqual(['Document ID', 'Local ID', 'Document type']);
    expect(csv.slice(1).map((r) => r[2])).toEqual(['Household', 'Household', 'Household']);
  });

  it('is listed among the requester’s exports, newest first, and nobody else’s', async () => {
    const mine = await call('GET', '/export', { token: admin.token });
    expect(mine.json().map((j: ExportJob) => j._id)).toContain(job._id);
    const theirs = await call('GET', '/export', { token: outsider.token });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
  });

  it('is the requester’s alone: another user, even one holding every flag, gets 404 for the job, its file and its cancel', async () => {
    for (const [method, url] of [
      ['GET', `/export/${job._id}`],
      ['GET', `/export/${job._id}/file`],
      ['POST', `/export/${job._id}/cancel`],
    ] as const) {
      const res = await call(method, url, { token: outsider.token });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });

  it('downloads the newest finished export of that kind through the spec’s report_download', async () => {
    const res = await call('GET', '/extra/v2/report_download', {
      token: admin.token,
      query: { doc_type: 'beneficiaries', module_type_name: 'Household' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('utf8')).toBe(
      (await call('GET', `/export/${job._id}/file`, { token: admin.token })).rawPayload.toString('utf8'),
    );
    const none = await call('GET', '/extra/v2/report_download', { token: outsider.token, query: { doc_type: 'BENEFICIARY' } });
    expect(none.statusCode).toBe(404);
  });
});

describe('scope', () => {
  it('an own-sight requester exports only their own documents', async () => {
    const asked = await exportAll(worker.token);
    const job = await settled(worker.token, asked._id);
    expect(job).toMatchObject({ status: 'done', rows_done: 1, rows_total: 1 });
    const res = await call('GET', `/export/${job._id}/file`, { token: worker.token });
    const rows = await parseCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows.slice(1).map((r) => r[0])).toEqual([docs.workers]);
  });

  it("writes the header in the requester's language: the fixed columns, and each label the form gives in it", async () => {
    await t.ctx.db.updateTable('users').set({ language: 'fr' }).where('id', '=', worker.id).execute();
    try {
      const job = await settled(worker.token, (await exportAll(worker.token, { doc_id: undefined }))._id);
      const res = await call('GET', `/export/${job._id}/file`, { token: worker.token });
      const [header] = await parseCsv(res.rawPayload.subarray(3).toString('utf8'));
      // The fixed columns' French words are checked in tests/unit/form-field-texts.test.ts.
      expect(header).toEqual([...FIXED_LABELS.fr, 'Full name', 'Âge (ans)', 'Phone', 'Members', 'Name', 'Notes']);
    } finally {
      await t.ctx.db.updateTable('users').set({ language: null }).where('id', '=', worker.id).execute();
    }
  });

  it('a program the caller may not explore is 404 as in the Data Explorer, even with can_explore_data; on its team, 202', async () => {
    const stranger = await callerWith(t, 'Stranger', flags(false, { can_access_dashboard: true, can_explore_data: true }));
    const refused = await call('POST', '/export', {
      token: stranger.token,
      payload: { program_slug: program.name_slug, doc_type: 'BENEFICIARY', doc_id: typeId },
    });
    expect(refused.statusCode, refused.body).toBe(404);
    expect(
      (
        await call('GET', `/dashboard/module/docs`, {
          token: stranger.token,
          query: { program_slug: program.name_slug, module_name: 'beneficiaries' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/export', {
          token: worker.token,
          payload: { program_slug: program.name_slug, doc_type: 'BENEFICIARY', doc_id: typeId },
        })
      ).statusCode,
    ).toBe(202);
  });

  it('one document: only one the caller may read; another’s document is 404 as if it did not exist', async () => {
    const refused = await call('GET', `/extra/v2/single/report/doc/${docs.first}`, {
      token: worker.token,
      query: { doc_type: 'BENEFICIARY' },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().code).toBe('DOCUMENT_NOT_FOUND');
    const res = await call('GET', `/extra/v2/single/report/doc/${docs.first}`, { token: admin.token, query: { doc_type: 'BENEFICIARY' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe('We have received your request, you will receive an email shortly to download the report.');
    const job = await settled(admin.token, res.json().job._id);
    expect(job).toMatchObject({ status: 'done', rows_done: 1, document_id: docs.first });
    const rows = await parseCsv(
      (await call('GET', `/export/${job._id}/file`, { token: admin.token })).rawPayload.subarray(3).toString('utf8'),
    );
    // Its own revision's fields only.
    expect(rows[0]!.slice(7)).toEqual(['Name', 'Age', 'Notes', 'Members']);
    expect(rows.slice(1).map((r) => r[0])).toEqual([docs.first]);
  });

  it('one document also as the spec words it: { doc_type, doc_id } without a program', async () => {
    const res = await call('POST', '/export', { token: admin.token, payload: { doc_type: 'BENEFICIARY', doc_id: docs.second } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ document_id: docs.second, type_id: typeId });
    expect(await settled(admin.token, res.json()._id)).toMatchObject({ status: 'done', rows_done: 1 });
  });

  it('refuses what it cannot export, naming the field', async () => {
    const noProgram = await call('POST', '/export', { token: admin.token, payload: { doc_type: 'BENEFICIARY' } });
    expect(noProgram.statusCode).toBe(400);
    expect(noProgram.json().fields).toEqual({ program_slug: 'Choose a program' });
    const wrongType = await call('POST', '/export', {
      token: admin.token,
      payload: { doc_type: 'EVENT', program_slug: program.name_slug, doc_id: typeId },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fields)).toEqual(['doc_id']);
    const unknown = await call('POST', '/export', {
      token: admin.token,
      payload: { doc_type: 'BENEFICIARY', program_slug: 'no-such-program' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

/** Whether the export store holds that export's file. */
async function isStored(exportId: string): Promise<boolean> {
  const file = await t.ctx.exportFiles.get(exportKey(exportId));
  file?.destroy();
  return file !== undefined;
}

describe('expiry', () => {
  it('answers 410 once the file is past EXPORT_TTL_HOURS, and the sweep deletes the file', async () => {
    const job = await settled(admin.token, (await exportAll(admin.token, { doc_id: undefined }))._id);
    expect(job).toMatchObject({ status: 'done', type_id: null, rows_done: 3 });
    expect(job.file_name).toMatch(/^Clean_Wáter-Beneficiaries-/);
    expect(await isStored(job._id)).toBe(true);
    const now = t.clock.now();
    try {
      t.clock.advance(72 * 3600 + 1);
      const later = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
      const gone = await call('GET', `/export/${job._id}/file`, { token: later.token });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().code).toBe('EXPORT_EXPIRED');
      // A file no export owns (its export went with its program) goes in the same sweep.
      const stray = randomUUID();
      await t.ctx.exportFiles.put(exportKey(stray), Buffer.from('x'));
      await t.ctx.jobs.runTask('export-expiry');
      expect(await isStored(job._id)).toBe(false);
      expect(await isStored(stray)).toBe(false);
      expect((await call('GET', `/export/${job._id}`, { token: later.token })).json().status).toBe('expired');
      expect((await call('GET', `/export/${job._id}/file`, { token: later.token })).statusCode).toBe(410);
    } finally {
      t.clock.set(now);
    }
  });
});
