/**
 * A name made only of characters that show as nothing — zero-width space, joiners, word joiner,
 * byte order mark, soft hyphen, bidi marks and isolates (Unicode Cf) — is no name: refused as
 * missing wherever text is stored trimmed, through the real servers. Around a real name they are
 * trimmed off like spaces (so 'X' and 'X\u200B' are one name); inside it they stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { multipart, type FieldPart, type FilePart } from '../support/multipart.ts';
import { addProgram, programForm, sendForm, typeRecord } from '../support/programs.ts';
import { insertProgram } from '../support/program-fixtures.ts';

let t: TestServer;
let admin: Session;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

const onAuth = caller(() => t.auth.app);
const onApi = caller(() => t.api.app);
const auth = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => onAuth(method, url, { ...opts, token: admin.token });
const api = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => onApi(method, url, { ...opts, token: admin.token });

/** Names that show as nothing: each kind of format character alone, repeated, and mixed with spaces. */
const INVISIBLE_NAMES = [
  '\u200B\u200B\u200B',
  '\u200C',
  '\u200D\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD\u00AD',
  '\u200E\u200F',
  '\u202A\u202C',
  '\u2066\u2069',
  ' \u200B \u2060\t',
];

const label = (name: string) => JSON.stringify(name);

function expectRequired(res: LightMyRequestResponse, name: string, fields: Record<string, string>) {
  expect(res.statusCode, `${label(name)}: ${res.body}`).toBe(400);
  expect(res.json().fields, label(name)).toEqual(fields);
}

describe('names of only format characters are refused as missing', () => {
  it('a designation, on add and on rename', async () => {
    for (const name of INVISIBLE_NAMES)
      expectRequired(await auth('POST', '/designation', { payload: { name } }), name, { name: 'Name is required' });
    const kept = (await auth('POST', '/designation', { payload: { name: 'Enumerator' } })).json();
    for (const name of INVISIBLE_NAMES)
      expectRequired(await auth('PATCH', `/designation/${kept._id}`, { payload: { name } }), name, { name: 'Name is required' });
    expect((await auth('GET', `/designation/${kept._id}`)).json().name).toBe('Enumerator');
  });

  it('a role', async () => {
    for (const name of INVISIBLE_NAMES)
      expectRequired(await auth('POST', '/role', { payload: { role: name } }), name, { role: 'role name required' });
  });

  it("a user's first and last name", async () => {
    const designation = await anyDesignationId(t.ctx.db);
    const role = await roleIdBySlug(t.ctx.db, 'field-staff');
    for (const name of INVISIBLE_NAMES) {
      const res = await auth('POST', '/user', { payload: newUserBody(designation, role, { first_name: name, last_name: name }) });
      expectRequired(res, name, { first_name: 'First Name is required', last_name: 'Last Name is required' });
    }
  });

  it("a program's name and description", async () => {
    for (const name of INVISIBLE_NAMES) {
      const res = await sendForm(t, 'POST', '/program', admin.token, programForm({ name, description: name }));
      expectRequired(res, name, { name: 'Program name is required', description: 'Description is required' });
    }
  });

  it("a form's title and a field's label", async () => {
    for (const name of INVISIBLE_NAMES) {
      const structures = [{ field_label: name, field_name: 'visit_notes', field_type: 'text' }];
      const res = await api('POST', '/form', { payload: { name, structures } });
      expect(res.statusCode, label(name)).toBe(400);
      expect(res.json().fields, label(name)).toMatchObject({ name: 'add title', visit_notes: 'Field label is required.' });
    }
  });

  it("a view list's name", async () => {
    const file: FilePart = { name: 'excel_file', filename: 'towns.csv', contentType: 'text/csv', content: Buffer.from('Town\nKisumu\n') };
    for (const name of INVISIBLE_NAMES) {
      const body = multipart([{ name: 'name', value: name } satisfies FieldPart, file]);
      const res = await api('POST', '/listview', { payload: body.payload, headers: body.headers });
      expectRequired(res, name, { name: 'Name field required' });
    }
  });

  it("a type record's name and a notification's title", async () => {
    for (const name of INVISIBLE_NAMES) {
      const res = await api('POST', '/beneficiarytype', { payload: { name, plural_name: 'Households', description: 'Homes' } });
      expect(res.statusCode, label(name)).toBe(400);
      expect(res.json().fields.name, label(name)).toMatch(/required/);
    }
    const program = await insertProgram(t.ctx.db, { name: 'Format characters' });
    for (const name of INVISIBLE_NAMES) {
      const res = await api('POST', '/notification/add', { payload: { title: name, body: 'Meeting at ten', program: program.id } });
      expectRequired(res, name, { title: 'Notification Title is required' });
    }
  });
});

describe('around a real name they are trimmed off; inside it they stay', () => {
  it('is stored without them at its ends, and is then the same name as without them', async () => {
    const created = await auth('POST', '/designation', { payload: { name: '\u200B\uFEFFCounter\u2060\u00AD\u200F' } });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().name).toBe('Counter');
    const twin = await auth('POST', '/designation', { payload: { name: 'Counter\u200B' } });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().fields).toEqual({ name: 'Name is already taken' });
  });

  it('keeps an emoji sequence and a Persian word whole', async () => {
    const coder = await auth('POST', '/designation', { payload: { name: '\u200BCoder 👩\u200D💻' } });
    expect(coder.json().name).toBe('Coder 👩\u200D💻');
    const persian = await auth('POST', '/role', { payload: { role: ' می\u200Cخواهم\u200B' } });
    expect(persian.statusCode, persian.body).toBe(201);
    expect(persian.json().role).toBe('می\u200Cخواهم');
  });

  it('trims them off program, form, view list and user names as stored', async () => {
    const program = await addProgram(t, admin.token, { name: '\u2060Clean Water\u200B', description: '\uFEFFWells\u200E' });
    expect([program.name, program.description]).toEqual(['Clean Water', 'Wells']);
    const form = await api('POST', '/form', { payload: { name: '\u200BIntake\u200B', structures: [] } });
    expect(form.json().name).toBe('Intake');
    const type = await typeRecord(t, admin.token, 'beneficiarytype', '\u200BPupil\u2060');
    expect((await api('GET', `/beneficiarytype/${type}`)).json().name).toBe('Pupil');
    const file: FilePart = { name: 'excel_file', filename: 'towns.csv', contentType: 'text/csv', content: Buffer.from('Town\nKisumu\n') };
    const body = multipart([{ name: 'name', value: '\u200BTowns\u200B' }, file]);
    const list = await api('POST', '/listview', { payload: body.payload, headers: body.headers });
    expect(list.json().name).toBe('Towns');
    const designation = await anyDesignationId(t.ctx.db);
    const role = await roleIdBySlug(t.ctx.db, 'field-staff');
    const user = await auth('POST', '/user', {
      payload: newUserBody(designation, role, { first_name: '\u200BGrace\u200B', last_name: '\u2060Hopper', email: 'grace@example.com' }),
    });
    expect(user.statusCode, user.body).toBe(201);
    expect(user.json()).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
  });
});
