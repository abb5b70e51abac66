/**
 * Bad input is a 4xx in the { message, code, fields? } shape, never a 500: a NUL byte anywhere
 * (PostgreSQL text cannot hold one), list parameters of the wrong shape, the users' computed
 * full name in a sort or filter, a malformed photo upload, and a user written while another
 * admin deletes the role or designation it names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { anyDesignationId, flags, insertRole, insertUser, newUserBody, roleIdBySlug } from '../support/test-users.ts';
import { untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';

let t: TestServer;
let admin: Session;
let designationId: string;
let fieldStaff: string;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  designationId = await anyDesignationId(t.ctx.db);
  fieldStaff = await roleIdBySlug(t.ctx.db, 'field-staff');
});
afterAll(() => t?.close());

const call = caller(() => t.auth.app);
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => call(method, url, { ...opts, token: admin.token });

describe('a NUL byte is refused wherever it is sent', () => {
  it('in a body text: 400 naming the field', async () => {
    const res = await asAdmin('POST', '/designation', { payload: { name: 'Field\u0000Officer' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Name must not contain a NUL character (\\u0000)',
      fields: { name: 'Name must not contain a NUL character (\\u0000)' },
    });
  });

  it('in the sign-in e-mail of an anonymous caller', async () => {
    const res = await call('POST', '/login', { payload: { email: 'admin@fieldbase.local\u0000', password: 'whatever' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: 'Email must not contain a NUL character (\\u0000)' } });
  });

  it('in a record id, for every method', async () => {
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      for (const path of ['/designation/a%00b', '/user/%00', '/role/x%00']) {
        const res = await asAdmin(method, path, method === 'PATCH' ? { payload: { status: true } } : {});
        expect(res.statusCode, `${method} ${path}`).toBe(400);
        expect(res.json(), `${method} ${path}`).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: { id: 'id must not contain a NUL character (\\u0000)' },
        });
      }
    }
  });

  it('in a list filter, raw or escaped inside the JSON', async () => {
    for (const filter of ['{"q":"ab\u0000"}', '{"q":"ab\\u0000"}', '{"name":"\\u0000"}']) {
      for (const path of ['/designation', '/user', '/role']) {
        const res = await asAdmin('GET', path, { query: { filter } });
        expect(res.statusCode, `${path} ${filter}`).toBe(400);
        expect(res.json().fields, `${path} ${filter}`).toEqual({ filter: 'filter must not contain a NUL character (\\u0000)' });
      }
    }
  });

  it('in the user fields and the photo route id', async () => {
    const body = newUserBody(designationId, fieldStaff, { last_name: 'Null\u0000Byte' });
    expect((await asAdmin('POST', '/user', { payload: body })).json().fields).toEqual({
      last_name: 'Last Name must not contain a NUL character (\\u0000)',
    });
    const upload = photoUpload(tinyPng());
    expect((await asAdmin('PATCH', '/user/upload/%00', upload)).statusCode).toBe(400);
  });
});

describe('list parameters are checked with messages that say what is allowed', () => {
  it.each([
    ['sort', '1', 'sort must be a list: ["field", "ASC" or "DESC"]'],
    ['sort', '"name"', 'sort must be a list: ["field", "ASC" or "DESC"]'],
    ['sort', '{"field":"name"}', 'sort must be a list: ["field", "ASC" or "DESC"]'],
    ['sort', 'null', 'sort must be a list: ["field", "ASC" or "DESC"]'],
    ['sort', '[]', 'sort must be a list: ["field", "ASC" or "DESC"]'],
    ['sort', '[1,"ASC"]', 'Cannot sort by 1; sort by one of: _id, name, status, createdAt, updatedAt'],
    ['sort', '["name","SIDEWAYS"]', 'Sort order must be ASC or DESC, not SIDEWAYS'],
    ['sort', 'name', 'sort must be JSON, e.g. ["name","ASC"]'],
    ['range', '{}', 'range must be [start, end]: whole numbers with 0 <= start <= end'],
    ['range', '[0,1e400]', 'range must be [start, end]: whole numbers with 0 <= start <= end'],
    ['filter', '1', 'filter must be a JSON object, e.g. {"q":"text"}'],
    ['filter', '{"q":5}', 'The search text (q) must be text'],
    ['filter', '{"colour":"red"}', 'Cannot filter by colour; filter by q (search) or one of: _id, name, status'],
    ['filter', '{"status":"yes"}', 'To filter by status, give true or false'],
  ])('GET /designation?%s=%s answers 400: %s', async (param, value, message) => {
    const res = await asAdmin('GET', '/designation', { query: { [param]: value } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message, fields: { [param]: message } });
  });

  it('takes sort order in any case and keeps answering a page', async () => {
    const res = await asAdmin('GET', '/designation', { query: { sort: '["name","desc"]', range: '[0,0]' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toMatch(/^designation 0-0\/\d+$/);
  });

  it('names the write-only password among nothing a user list sorts by', async () => {
    const res = await asAdmin('GET', '/user', { query: { sort: '["password","ASC"]' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Cannot sort by password; sort by one of: .*fullname/);
    expect(res.json().message).not.toMatch(/one of: .*password/);
  });
});

describe('users sort and filter by their full name (first and last name)', () => {
  beforeAll(async () => {
    for (const [first_name, last_name] of [
      ['Zed', 'Alpha'],
      ['Ann', 'Zulu'],
      ['ann', 'Beta'],
    ]) {
      await insertUser(t.ctx.db, {
        email: `${first_name}.${last_name}@fullname.test`.toLowerCase(),
        password: 'x',
        roleId: fieldStaff,
        first_name,
        last_name,
      });
    }
  });
  const fullnames = (rows: Array<{ fullname: string }>) => rows.map((r) => r.fullname).filter((n) => /Alpha|Zulu|Beta/.test(n));

  it('sorts by the full name, case-insensitively, both ways', async () => {
    const up = await asAdmin('GET', '/user', { query: { sort: '["fullname","ASC"]' } });
    expect(up.statusCode, up.body).toBe(200);
    expect(fullnames(up.json())).toEqual(['ann Beta', 'Ann Zulu', 'Zed Alpha']);
    const down = await asAdmin('GET', '/user', { query: { sort: '["fullname","DESC"]', range: '[0,99]' } });
    expect(fullnames(down.json())).toEqual(['Zed Alpha', 'Ann Zulu', 'ann Beta']);
  });

  it('filters by the exact full name', async () => {
    const res = await asAdmin('GET', '/user', { query: { filter: '{"fullname":"Ann Zulu"}' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((u: { email: string }) => u.email)).toEqual(['ann.zulu@fullname.test']);
  });
});

describe('a malformed photo upload is a 400, not a 500', () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await insertUser(t.ctx.db, { email: 'upload.target@example.com', password: 'x', roleId: fieldStaff })).id;
  });
  const upload = (payload: string | Buffer, contentType: string) =>
    asAdmin('PATCH', `/user/upload/${userId}`, { payload, headers: { 'content-type': contentType } });
  const valid = () => photoUpload(tinyPng());

  it.each([
    ['without a boundary', () => upload('hello', 'multipart/form-data')],
    ['with a boundary the body does not use', () => upload(valid().payload, 'multipart/form-data; boundary=not-the-one-used')],
    ['cut short', () => upload(valid().payload.subarray(0, 60), valid().headers['content-type'])],
    ['of random bytes', () => upload(Buffer.from([0x2d, 0x2d, 0x78, 0x0d, 0x0a, 0xff, 0x00]), 'multipart/form-data; boundary=x')],
  ])('%s', async (_what, send) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_UPLOAD',
      message: 'The upload is not a valid multipart/form-data body',
      fields: { photo: 'Choose the file again' },
    });
  });

  it('answers a part without a name as no photo at all', async () => {
    const res = await upload('--xyz\r\nContent-Disposition: garbage\r\n\r\nabc\r\n--xyz--\r\n', 'multipart/form-data; boundary=xyz');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Choose a photo (PNG, GIF or JPEG)', fields: { photo: 'Choose a photo' } });
  });

  it('answers too many parts with 413, and still takes a good photo afterwards', async () => {
    const parts = Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, value: 'v' }));
    const many = multipart(parts);
    expect((await asAdmin('PATCH', `/user/upload/${userId}`, many)).json()).toMatchObject({ code: 'TOO_LARGE' });
    expect((await asAdmin('PATCH', `/user/upload/${userId}`, valid())).statusCode).toBe(200);
  });
});

/**
 * Two admins at once: one adds a user with a role (or designation) while the other deletes it.
 * The delete is held open in a transaction until the user's insert is waiting on its row, then
 * committed, so the insert meets the foreign key exactly as in the race.
 */
describe('a role or designation deleted while a user is written with it', () => {
  async function whileDeleting<T>(table: 'roles' | 'designation', id: string, write: () => Promise<T>): Promise<T> {
    const trx = await t.ctx.db.startTransaction().execute();
    await trx.deleteFrom(table).where('id', '=', id).execute();
    const answer = write();
    await untilSomeoneWaitsOnALock(t.ctx.db, 'the write');
    await trx.commit().execute();
    return answer;
  }

  it('adding a user whose role is being deleted answers 409 naming the role, and adds nobody', async () => {
    const role = await insertRole(t.ctx.db, { role: 'Doomed Role', permission: flags(false) });
    const body = newUserBody(designationId, role.id);
    const res = await whileDeleting('roles', role.id, () => asAdmin('POST', '/user', { payload: body }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ code: 'REFERENCE_GONE', message: 'Role no longer exists', fields: { role: 'Choose an existing role' } });
    expect(await t.ctx.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toEqual([]);
  });

  it('adding a user whose designation is being deleted answers 409 naming the designation', async () => {
    const designation = (await asAdmin('POST', '/designation', { payload: { name: 'Doomed Post' } })).json();
    const body = newUserBody(designation._id, fieldStaff);
    const res = await whileDeleting('designation', designation._id, () => asAdmin('POST', '/user', { payload: body }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      code: 'REFERENCE_GONE',
      message: 'Designation no longer exists',
      fields: { designation: 'Choose an existing designation' },
    });
  });

  it('giving a user a role that is being deleted answers 409 and leaves the user as it was', async () => {
    const user = await insertUser(t.ctx.db, { email: 'role.change@example.com', password: 'x', roleId: fieldStaff });
    const role = await insertRole(t.ctx.db, { role: 'Doomed Role Two', permission: flags(false) });
    const res = await whileDeleting('roles', role.id, () => asAdmin('PATCH', `/user/${user.id}`, { payload: { role: role.id } }));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'REFERENCE_GONE', fields: { role: 'Choose an existing role' } });
    expect((await t.ctx.db.selectFrom('users').select('role_id').where('id', '=', user.id).executeTakeFirstOrThrow()).role_id).toBe(
      fieldStaff,
    );
  });
});
