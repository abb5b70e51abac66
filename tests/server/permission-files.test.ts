/**
 * Permission files (spec 2 §3, §7): a generic resource whose add and change are a multipart
 * upload (its named override), the file told by its content (PDF, PNG, JPEG, GIF), at most
 * 10 MB, stored under UPLOADS_DIR/permission-files/, answered back only to a reader holding
 * the flag, and removed from disk when replaced or deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { multipart, type FieldPart, type FilePart } from '../support/multipart.ts';
import { tinyGif, tinyJpeg, tinyPng } from '../support/images.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { isStored, storedKeys } from '../support/stored-files.ts';

let t: TestServer;
let admin: Session;
const without: Record<string, Session> = {};
const call = caller(() => t.api.app);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MB = 1024 * 1024;

const filePart = (content: Buffer, filename = 'consent.pdf', contentType = 'application/pdf'): FilePart => ({
  name: 'file',
  filename,
  contentType,
  content,
});
const namePart = (value: string): FieldPart => ({ name: 'name', value });

function send(method: 'POST' | 'PATCH', url: string, parts: Array<FilePart | FieldPart>, token = admin.token) {
  const { payload, headers } = multipart(parts);
  return call(method, url, { token, payload, headers });
}

let serial = 0;
async function add(content: Buffer = PDF, filename = 'consent.pdf') {
  const res = await send('POST', '/permission', [namePart(`Consent ${++serial}`), filePart(content, filename)]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    _id: string;
    name: string;
    file: string;
    file_name: string;
    preview: string | null;
    content_type: string;
    size: number;
  };
}

const storedFiles = () => storedKeys(t, 'permission-files');

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const flag of ['can_manage_program_types', 'can_get_program']) {
    const role = await insertRole(t.ctx.db, { role: `No ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `no-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'permission files passphrase', roleId: role.id });
    without[flag] = await t.loginAs(email, 'permission files passphrase');
  }
});
afterAll(() => t?.close());

describe('POST /permission', () => {
  it('stores a PDF under permission-files/, sets the file fields, and answers its bytes on GET /permission/{id}/file', async () => {
    const created = await add(PDF, 'signed consent.pdf');
    expect(created).toMatchObject({ file_name: 'signed consent.pdf', preview: null, content_type: 'application/pdf', size: PDF.length });
    expect(created.file).toMatch(/^permission-files\/[0-9a-f]{24}\.pdf$/);
    expect(await isStored(t, created.file)).toBe(true);

    const file = await call('GET', `/permission/${created._id}/file`, { token: admin.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="signed consent.pdf"; filename*=UTF-8''signed%20consent.pdf`);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });

  it('tells the file by its content: PNG bytes named .pdf are stored as a PNG with a preview; JPEG and GIF are taken too', async () => {
    const png = await add(tinyPng(), 'scan.pdf');
    expect(png).toMatchObject({ file_name: 'scan.png', content_type: 'image/png' });
    expect(png.file).toMatch(/\.png$/);
    expect(png.preview).toBe(png.file);
    const served = await call('GET', `/permission/${png._id}/file`, { token: admin.token });
    expect(served.headers['content-type']).toBe('image/png');
    // The size is the stored (re-encoded) file's.
    expect(png.size).toBe(served.rawPayload.length);

    expect(await add(tinyJpeg(), 'photo.jpeg')).toMatchObject({ content_type: 'image/jpeg', file_name: 'photo.jpeg' });
    expect(await add(tinyGif(), 'x.gif')).toMatchObject({ content_type: 'image/gif', file_name: 'x.gif' });
  });

  it('refuses a text file named .pdf (415) and keeps nothing of it', async () => {
    const before = await storedFiles();
    const res = await send('POST', '/permission', [namePart('Pretends'), filePart(Buffer.from('just some text, not a PDF'), 'fake.pdf')]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE', fields: { file: 'Choose a PDF, PNG, JPEG or GIF file' } });
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413 naming the file', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * MB)]);
    const res = await send('POST', '/permission', [namePart('Too big'), filePart(big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', fields: { file: 'The file must be at most 10 MB' } });
    expect(await storedFiles()).toEqual(before);
  });

  it('needs a name and a file', async () => {
    const none = await send('POST', '/permission', [namePart('  ')]);
    expect(none.statusCode).toBe(400);
    expect(none.json().fields).toEqual({ name: 'Name is required', file: 'File field required' });
    const json = await call('POST', '/permission', { token: admin.token, payload: { name: 'As JSON' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: 'Send the form as multipart/form-data', fields: { file: 'File field required' } });
  });

  it('refuses a name already taken (any case) and removes the file it had stored', async () => {
    const first = await add();
    const before = await storedFiles();
    const res = await send('POST', '/permission', [namePart(first.name.toUpperCase()), filePart(PDF)]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'DUPLICATE', fields: { name: 'Name is already taken' } });
    expect(await storedFiles()).toEqual(before);
  });
});

describe('PATCH /permission/{id}', () => {
  it('renames without touching the file', async () => {
    const created = await add();
    const res = await send('PATCH', `/permission/${created._id}`, [namePart('  Renamed consent  ')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Renamed consent', file: created.file });
    expect(await isStored(t, created.file)).toBe(true);
  });

  it('replaces the file and removes the old one from disk', async () => {
    const created = await add();
    const res = await send('PATCH', `/permission/${created._id}`, [filePart(tinyPng(), 'new.png', 'image/png')]);
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as typeof created;
    expect(changed).toMatchObject({ name: created.name, content_type: 'image/png', file_name: 'new.png' });
    expect(changed.file).not.toBe(created.file);
    expect(await isStored(t, changed.file)).toBe(true);
    expect(await isStored(t, created.file)).toBe(false);
  });

  it('needs a name or a file, refuses a wrong file and keeps the old one, answers 404 for an unknown id', async () => {
    const created = await add();
    const nothing = await send('PATCH', `/permission/${created._id}`, []);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().fields).toEqual({ file: 'Send a new name, a new file, or both' });

    const wrong = await send('PATCH', `/permission/${created._id}`, [filePart(Buffer.from('<html>'), 'x.pdf')]);
    expect(wrong.statusCode).toBe(415);
    expect(await isStored(t, created.file)).toBe(true);

    const before = await storedFiles();
    const missing = await send('PATCH', `/permission/${randomUUID()}`, [filePart(PDF)]);
    expect(missing.statusCode).toBe(404);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('list, show, delete (the generic plugin)', () => {
  it('lists and shows permission files, and deleting one removes its file', async () => {
    const created = await add();
    const list = await call('GET', '/permission', { token: admin.token, query: { filter: JSON.stringify({ q: created.name }) } });
    expect((list.json() as Array<{ _id: string }>).map((r) => r._id)).toEqual([created._id]);
    expect((await call('GET', `/permission/${created._id}`, { token: admin.token })).json()).toMatchObject({ file: created.file });

    const deleted = await call('DELETE', `/permission/${created._id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: created._id, file: created.file });
    expect(await isStored(t, created.file)).toBe(false);
    expect((await call('GET', `/permission/${created._id}/file`, { token: admin.token })).statusCode).toBe(404);
  });

  it('cannot be deleted while a program holds it, and keeps its file', async () => {
    const created = await add();
    const programId = randomUUID();
    await sql`insert into programs (id, name, name_slug, permission_files) values (${programId}, 'Holds a file', ${programId}, ${JSON.stringify([created._id])}::jsonb)`.execute(
      t.ctx.db,
    );
    const res = await call('DELETE', `/permission/${created._id}`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: '1 Program uses this Permission File' });
    expect(await isStored(t, created.file)).toBe(true);
  });
});

describe('who may', () => {
  it('answers 401 without a session and 403 naming the flag without it; the file is never public', async () => {
    const created = await add();
    expect((await call('GET', `/permission/${created._id}/file`)).statusCode).toBe(401);
    expect((await send('POST', '/permission', [namePart('Anonymous'), filePart(PDF)], '')).statusCode).toBe(401);

    const reader = without.can_get_program!.token;
    for (const url of ['/permission', `/permission/${created._id}`, `/permission/${created._id}/file`]) {
      const res = await call('GET', url, { token: reader });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ permission: 'can_get_program' });
    }
    const manager = without.can_manage_program_types!.token;
    for (const res of [
      await send('POST', '/permission', [namePart('Not allowed'), filePart(PDF)], manager),
      await send('PATCH', `/permission/${created._id}`, [namePart('Not allowed')], manager),
      await call('DELETE', `/permission/${created._id}`, { token: manager }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ permission: 'can_manage_program_types' });
    }
    // Neither server hands the stored file out as a static upload.
    for (const app of [t.auth.app, t.api.app]) {
      const res = await app.inject({ method: 'GET', url: `/uploads/${created.file}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('%PDF');
    }
  });
});
