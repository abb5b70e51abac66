/**
 * The change log of forms, view lists, permission files and exports: each write a person makes
 * through the API leaves one row, under the action a reader of the log would expect, with the
 * actor, the program where there is one, and each changed field before and after — a form's
 * fields whole when they changed (500 of them stay well under a megabyte), a list's file name and
 * row count but never its rows, a permission file's name and size but never its bytes, an
 * export's request, cancel and download. A write refused or stale records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import type { ExportJob } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { insertProgram } from '../support/program-fixtures.ts';
import { insertDocument, publishedForm, typeWithForm } from '../support/export-documents.ts';
import { largeForm } from '../support/large-form.ts';
import { multipart, type FieldPart, type FilePart } from '../support/multipart.ts';
import { csvFile, nameField } from '../support/view-lists.ts';
import { tinyPng } from '../support/images.ts';
import { exportConnectionName } from '../../server/exports/export-runner.ts';

let t: TestServer;
let admin: Session;
let editor: Session;
const EDITOR_EMAIL = 'form-editor@example.com';
const call = caller(() => t.api.app);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Change {
  seq: string;
  resource: string;
  record_id: string;
  revision: number;
  action: string;
  actor_email: string;
  program_id: string | null;
  fields: Record<string, [unknown, unknown]>;
}

/** The record's changes, newest first, as the admin reads them. */
async function changesOf(record: string): Promise<Change[]> {
  const res = await call('GET', `/audit?record=${encodeURIComponent(record)}&limit=200`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Change[] }).data;
}

const text = (name: string, label: string): FormField => ({ field_label: label, field_name: name, field_type: 'text' });

function sendMultipart(method: 'POST' | 'PATCH', url: string, parts: Array<FilePart | FieldPart>, token = editor.token) {
  const { payload, headers } = multipart(parts);
  return call(method, url, { token, payload, headers });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // Every flag but reading the log: the one who writes is not the one who reads.
  const role = await insertRole(t.ctx.db, { permission: flags(true, { can_get_audit: false }) });
  await insertUser(t.ctx.db, { email: EDITOR_EMAIL, password: 'form editor passphrase 1', roleId: role.id });
  editor = await t.loginAs(EDITOR_EMAIL, 'form editor passphrase 1');
});
afterAll(() => t?.close());

describe('forms', () => {
  it('records the create, each save, publish, restore, deactivate, activate, copy and delete, field by field', async () => {
    const program = await insertProgram(t.ctx.db, { name: 'Forms program' });
    const first = [text('name', 'Name')];
    const second = [text('name', 'Name'), text('age', 'Age')];
    const made = await call('POST', '/form', {
      token: editor.token,
      payload: { name: 'Household', structures: first, program_ids: [program.id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    const stored = made.json().structures;

    const steps: Array<[string, string, Record<string, unknown>]> = [
      ['PATCH', `/form/${id}`, { name: 'Household visit', draft_version: 0 }],
      ['POST', '/form/publish', { _id: id, draft_version: 1 }],
      ['PATCH', `/form/${id}`, { structures: second, draft_version: 2 }],
      ['POST', '/form/publish', { _id: id, draft_version: 3 }],
    ];
    for (const [method, url, payload] of steps) {
      const res = await call(method as 'POST' | 'PATCH', url, { token: editor.token, payload });
      expect(res.statusCode, res.body).toBe(200);
    }
    const revisions = (await call('GET', `/form/rev/${id}`, { token: editor.token })).json() as Array<{ _id: string; version: number }>;
    const revision1 = revisions.find((r) => r.version === 1)!;
    expect(
      (await call('POST', '/form/restore', { token: editor.token, payload: { _id: revision1._id, draft_version: 4 } })).statusCode,
    ).toBe(200);
    // A stale save changes nothing and records nothing.
    const stale = await call('PATCH', `/form/${id}`, { token: editor.token, payload: { name: 'Lost', draft_version: 0 } });
    expect(stale.statusCode).toBe(409);
    expect((await call('DELETE', `/form/deactivate/${id}`, { token: editor.token })).json().status).toBe(false);
    expect((await call('DELETE', `/form/deactivate/${id}`, { token: editor.token })).json().status).toBe(true);

    const changes = await changesOf(id);
    expect(changes.map((c) => [c.action, c.revision])).toEqual([
      ['activate', 8],
      ['deactivate', 7],
      ['restore', 6],
      ['publish', 5],
      ['update', 4],
      ['publish', 3],
      ['update', 2],
      ['create', 1],
    ]);
    for (const c of changes) expect(c).toMatchObject({ resource: 'custom-form', record_id: id, actor_email: EDITOR_EMAIL });
    const [activated, deactivated, restored, published2, savedFields, published1, renamed, created] = changes as Change[];
    expect(created!.fields).toEqual({
      name: [null, 'Household'],
      program_ids: [null, [program.id]],
      structures: [null, stored],
      version: [null, 0],
      draft_version: [null, 0],
      status: [null, true],
    });
    expect(renamed!.fields).toEqual({ name: ['Household', 'Household visit'], draft_version: [0, 1] });
    // The new revision's number.
    expect(published1!.fields).toEqual({ version: [0, 1], draft_version: [1, 2] });
    expect(savedFields!.fields).toEqual({ structures: [stored, second], draft_version: [2, 3] });
    expect(published2!.fields).toEqual({ version: [1, 2], draft_version: [3, 4] });
    expect(restored!.fields).toEqual({
      structures: [second, stored],
      draft_version: [4, 5],
      restored_revision: [null, { _id: revision1._id, version: 1 }],
    });
    expect(deactivated!.fields).toEqual({ status: [true, false] });
    expect(activated!.fields).toEqual({ status: [false, true] });

    // A copy is the new form's create, naming the form it came from; its delete keeps what it was.
    const copy = await call('POST', '/form', {
      token: editor.token,
      payload: { name: 'Household copy', structures: first, parent_id: id },
    });
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json()._id as string;
    expect((await call('DELETE', `/form/${copyId}`, { token: editor.token })).statusCode).toBe(200);
    const [deleted, copied] = (await changesOf(copyId)) as [Change, Change];
    expect(copied).toMatchObject({ action: 'copy', revision: 1, actor_email: EDITOR_EMAIL });
    expect(copied.fields.parent_id).toEqual([null, id]);
    expect(copied.fields.name).toEqual([null, 'Household copy']);
    expect(deleted).toMatchObject({ action: 'delete', revision: 2 });
    expect(deleted.fields).toEqual({
      name: ['Household copy', null],
      parent_id: [id, null],
      program_ids: [[], null],
      structures: [stored, null],
      version: [0, null],
      draft_version: [0, null],
      status: [true, null],
    });
  });

  it('keeps a 500-field form’s fields whole when they change, in a row well under a megabyte', async () => {
    const fields = largeForm(500);
    const made = await call('POST', '/form', { token: editor.token, payload: { name: 'Census', structures: fields } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json()._id as string;
    const relabelled = fields.map((f, i) => (i === 250 ? { ...f, field_label: 'Relabelled' } : f));
    const saved = await call('PATCH', `/form/${id}`, { token: editor.token, payload: { structures: relabelled, draft_version: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);

    const [update] = await changesOf(id);
    expect(update!.action).toBe('update');
    expect(Object.keys(update!.fields).sort()).toEqual(['draft_version', 'structures']);
    const [before, after] = update!.fields.structures as [FormField[], FormField[]];
    expect(before).toHaveLength(500);
    expect(after[250]!.field_label).toBe('Relabelled');
    const { rows } = await sql<{ bytes: number }>`select octet_length(fields::text) as bytes from changes
      where seq = ${update!.seq}::bigint`.execute(t.ctx.db);
    // Both copies of 500 fields: about 0.2 MB.
    expect(rows[0]!.bytes).toBeLessThan(1024 * 1024);
  });
});

describe('view lists', () => {
  it('records the create, a rename, an import and the delete: file name, row count and fields, never the rows', async () => {
    const made = await sendMultipart('POST', '/listview', [
      nameField('Towns'),
      csvFile('town,region\nAccra,Greater Accra\nKumasi,Ashanti\n'),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const list = made.json() as { _id: string; excel_file: string };
    const renamed = await sendMultipart('PATCH', `/listview/${list._id}`, [nameField('Ghana towns')]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const replaced = await sendMultipart('PATCH', `/listview/${list._id}`, [csvFile('town,region\nAccra,GA\nKumasi,AS\nTamale,NR\n')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    // A refused file changes nothing and records nothing.
    const refused = await sendMultipart('PATCH', `/listview/${list._id}`, [csvFile('town,region\n')]);
    expect(refused.statusCode).toBe(400);
    expect((await call('DELETE', `/listview/${list._id}`, { token: editor.token })).statusCode).toBe(200);
    const newFile = replaced.json().excel_file as string;

    const changes = await changesOf(list._id);
    expect(changes.map((c) => [c.action, c.revision])).toEqual([
      ['delete', 4],
      ['import', 3],
      ['update', 2],
      ['create', 1],
    ]);
    for (const c of changes) expect(c).toMatchObject({ resource: 'listview', actor_email: EDITOR_EMAIL, program_id: null });
    const [deleted, imported, update, created] = changes as Change[];
    expect(created!.fields).toEqual({
      name: [null, 'Towns'],
      excel_file: [null, list.excel_file],
      file_name: [null, 'towns.csv'],
      columns: [null, ['town', 'region']],
      row_count: [null, 2],
    });
    expect(update!.fields).toEqual({ name: ['Towns', 'Ghana towns'] });
    // The same file name and header: the name and the count show all the same.
    expect(imported!.fields).toEqual({
      excel_file: [list.excel_file, newFile],
      file_name: ['towns.csv', 'towns.csv'],
      row_count: [2, 3],
    });
    expect(deleted!.fields).toEqual({
      name: ['Ghana towns', null],
      excel_file: [newFile, null],
      file_name: ['towns.csv', null],
      columns: [['town', 'region'], null],
      row_count: [3, null],
    });
    expect(JSON.stringify(changes)).not.toMatch(/Kumasi|Tamale/);
  });
});

describe('permission files', () => {
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const file = (content: Buffer, filename: string, contentType: string): FilePart => ({ name: 'file', filename, contentType, content });

  it('records the upload, a rename, a replacement and the delete with the file’s name, type and size, never its bytes', async () => {
    const made = await sendMultipart('POST', '/permission', [
      { name: 'name', value: 'Consent' },
      file(PDF, 'consent.pdf', 'application/pdf'),
    ]);
    expect(made.statusCode, made.body).toBe(201);
    const pdf = made.json() as { _id: string; file: string };
    expect((await sendMultipart('PATCH', `/permission/${pdf._id}`, [{ name: 'name', value: 'Signed consent' }])).statusCode).toBe(200);
    const replaced = await sendMultipart('PATCH', `/permission/${pdf._id}`, [file(tinyPng(), 'scan.png', 'image/png')]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const png = replaced.json() as { file: string; size: number };
    // A file of another kind is refused, and nothing is recorded.
    expect(
      (await sendMultipart('PATCH', `/permission/${pdf._id}`, [file(Buffer.from('<html></html>'), 'x.pdf', 'application/pdf')])).statusCode,
    ).toBe(415);
    expect((await call('DELETE', `/permission/${pdf._id}`, { token: editor.token })).statusCode).toBe(200);

    const changes = await changesOf(pdf._id);
    expect(changes.map((c) => [c.action, c.revision])).toEqual([
      ['delete', 4],
      ['update', 3],
      ['update', 2],
      ['create', 1],
    ]);
    for (const c of changes) expect(c).toMatchObject({ resource: 'permission_file', actor_email: EDITOR_EMAIL });
    const [deleted, replacement, rename, created] = changes as Change[];
    expect(created!.fields).toMatchObject({
      name: [null, 'Consent'],
      file: [null, pdf.file],
      file_name: [null, 'consent.pdf'],
      content_type: [null, 'application/pdf'],
      size: [null, PDF.length],
    });
    expect(rename!.fields).toEqual({ name: ['Consent', 'Signed consent'] });
    expect(replacement!.fields).toEqual({
      file: [pdf.file, png.file],
      file_name: ['consent.pdf', 'scan.png'],
      preview: [null, png.file],
      content_type: ['application/pdf', 'image/png'],
      size: [PDF.length, png.size],
    });
    expect(deleted!.fields).toMatchObject({ name: ['Signed consent', null], file_name: ['scan.png', null], size: [png.size, null] });
    expect(JSON.stringify(changes)).not.toContain('%PDF');
  });
});

describe('exports', () => {
  let program: { id: string; name_slug: string };
  let typeId: string;

  beforeAll(async () => {
    const form = await publishedForm(t, admin.token, 'Well survey', [
      [{ field_label: 'Depth', field_name: 'depth', field_type: 'number' }],
    ]);
    typeId = await typeWithForm(t, admin.token, 'surveytype', 'Well', form.formId);
    program = await insertProgram(t.ctx.db, { name: 'Wells audit', types: { survey_types: [typeId] } });
    for (let depth = 1; depth <= 2; depth++) {
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

  const job = async (id: string): Promise<ExportJob> => (await call('GET', `/export/${id}`, { token: admin.token })).json();
  const settled = (id: string) => until(`export ${id} to finish`, async () => ((await job(id)).status === 'done' ? true : undefined));

  it('records the request (what was asked, in the program) and each download, by the route or the spec’s GET aliases', async () => {
    const asked = await call('POST', '/export', {
      token: admin.token,
      payload: { program_slug: program.name_slug, doc_type: 'SURVEY', doc_id: typeId },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json()._id as string;
    const fileName = asked.json().file_name as string;
    await settled(id);
    const file = await call('GET', `/export/${id}/file`, { token: admin.token });
    expect(file.statusCode).toBe(200);
    const alias = await call('GET', '/extra/v2/report_download', { token: admin.token, query: { doc_type: 'SURVEY' } });
    expect(alias.statusCode).toBe(200);

    const changes = await changesOf(id);
    expect(changes.map((c) => [c.action, c.revision])).toEqual([
      ['export-download', 3],
      ['export-download', 2],
      ['export-request', 1],
    ]);
    for (const c of changes) expect(c).toMatchObject({ resource: 'export', actor_email: ADMIN_EMAIL, program_id: program.id });
    const [download, , request] = changes as Change[];
    expect(request!.fields).toEqual({
      program_id: [null, program.id],
      module: [null, 'surveys'],
      type_id: [null, typeId],
      scope: [null, 'all'],
      file_name: [null, fileName],
      rows_total: [null, 2],
      status: [null, 'queued'],
    });
    expect(download!.fields).toEqual({ file_name: [null, fileName], file_size: [null, Number(file.headers['content-length'])] });

    // The spec's GET that asks for an export records the request too.
    const viaGet = await call('GET', '/extra/v2/allReport', {
      token: admin.token,
      query: { program_slug: program.name_slug, doc_type: 'SURVEY' },
    });
    expect(viaGet.statusCode, viaGet.body).toBe(202);
    const second = viaGet.json().job._id as string;
    const [requested] = await changesOf(second);
    expect(requested).toMatchObject({ action: 'export-request', program_id: program.id, actor_email: ADMIN_EMAIL });
    expect(requested!.fields.type_id).toBeUndefined();
    await settled(second);
    // The program's history holds them.
    const history = await call('GET', `/audit?program=${program.id}&resource=export`, { token: admin.token });
    expect((history.json().data as Change[]).map((c) => c.record_id)).toEqual([second, id, id, id]);
  });

  it('records a cancel, and nothing for a cancel or a download that is refused', async () => {
    // Holds the documents table: the export's statement waits, so it is still running when cancelled.
    const client = await t.ctx.jobs.connect('changes-forms-test-lock');
    await client.query('begin');
    await client.query('lock table documents in access exclusive mode');
    let id: string;
    try {
      const asked = await call('POST', '/export', {
        token: admin.token,
        payload: { program_slug: program.name_slug, doc_type: 'SURVEY', doc_id: typeId },
      });
      expect(asked.statusCode, asked.body).toBe(202);
      id = asked.json()._id;
      await until('the export to wait for the lock', async () => {
        const { rows } = await sql<{ wait_event_type: string | null }>`select wait_event_type from pg_stat_activity
          where application_name = ${exportConnectionName(id)}`.execute(t.ctx.db);
        return rows[0]?.wait_event_type === 'Lock' ? true : undefined;
      });
      const cancelled = await call('POST', `/export/${id}/cancel`, { token: admin.token });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    } finally {
      await client.query('rollback');
      await client.end();
    }
    // Cancelled again: answered as it is. Its file: not ready.
    expect((await call('POST', `/export/${id}/cancel`, { token: admin.token })).statusCode).toBe(200);
    expect((await call('GET', `/export/${id}/file`, { token: admin.token })).statusCode).toBe(409);

    const changes = await changesOf(id);
    expect(changes.map((c) => c.action)).toEqual(['export-cancel', 'export-request']);
    expect(changes[0]).toMatchObject({ actor_email: ADMIN_EMAIL, program_id: program.id, revision: 2 });
    expect(changes[0]!.fields).toEqual({ status: ['running', 'cancelled'] });
  });
});
