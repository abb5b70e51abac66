/**
 * Users on the auth server (spec 1 §3–§7): the list with its search, status filter and
 * pages, one user, add with every validation message, change (incl. the password dialog), and
 * the soft delete that ends the user's sessions at once. No answer ever carries a password hash.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer, type UserAnswer } from '../support/test-server.ts';
import { anyDesignationId, flags, insertRole, roleIdBySlug } from '../support/test-users.ts';
import { caller, secretsIn, type CallOptions, type Method } from '../support/http.ts';
import { permissionFlags } from '@model/schema-registry.ts';
import type { UserListRow } from '../../server/auth/user-store.ts';

let t: TestServer;
let admin: Session;
let designationId: string;
const roles: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  designationId = await anyDesignationId(t.ctx.db);
  for (const slug of ['admin', 'program-manager', 'field-staff']) roles[slug] = await roleIdBySlug(t.ctx.db, slug);
});
afterAll(() => t?.close());

/** Every answer of this file is checked for secrets, whatever the route. */
const answers: Array<{ what: string; body: unknown }> = [];
const raw = caller(() => t.auth.app);
async function call(method: Method, url: string, opts: CallOptions = {}) {
  const res = await raw(method, url, opts);
  if (res.headers['content-type']?.toString().startsWith('application/json')) answers.push({ what: `${method} ${url}`, body: res.json() });
  return res;
}
afterEach(() => {
  for (const a of answers.splice(0)) expect(secretsIn(a.body), a.what).toEqual([]);
});
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => call(method, url, { ...opts, token: admin.token });

const login = (email: string, password: string) => raw('POST', '/login', { payload: { email, password } });

let serial = 0;
/** A valid add-user body; every call gets its own e-mail and employee ID. */
function userBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  serial++;
  return {
    employeeId: `E-${serial}`,
    first_name: 'Test',
    last_name: `Person${serial}`,
    email: `user${serial}@example.com`,
    mobile: '9876543210',
    designation: designationId,
    role: roles['field-staff'],
    password: 'a sensible passphrase',
    ...overrides,
  };
}

async function addUser(overrides: Record<string, unknown> = {}): Promise<UserAnswer> {
  const res = await asAdmin('POST', '/user', { payload: userBody(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A user whose role may use the dashboard, signed in. */
async function signedInUser(overrides: Record<string, unknown> = {}) {
  const body = userBody({ role: roles['program-manager'], ...overrides });
  const user = await addUser(body);
  const session = await t.loginAs(body.email as string, body.password as string);
  return { user, session, password: body.password as string, email: body.email as string };
}

const firstNames = (rows: Array<{ first_name: string }>) => rows.map((r) => r.first_name);
const byName = (a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase());
const canReach = async (s: Session) => (await call('GET', '/user/' + s.user._id, { token: s.token })).statusCode;

describe('GET /user', () => {
  beforeAll(async () => {
    await addUser({ first_name: 'zoe', last_name: 'Adams' });
    await addUser({ first_name: 'Bob', last_name: 'Zimmer' });
    await addUser({ first_name: 'alice', last_name: 'Brown' });
    await addUser({ first_name: 'Vantaa', last_name: 'Lee' });
    await addUser({ first_name: 'Kim', last_name: 'VANTAGE' });
    await addUser({ first_name: 'Noor', last_name: 'Other', email: 'vanta@example.com' });
    await addUser({ first_name: 'Idle', last_name: 'Vantablack', status: false });
  });

  it('answers the whole list, sorted by first name case-insensitively, without Content-Range', async () => {
    const res = await asAdmin('GET', '/user');
    expect(res.statusCode).toBe(200);
    const names = firstNames(res.json());
    expect(names).toEqual([...names].sort(byName));
    expect(names).toEqual(expect.arrayContaining(['Admin', 'alice', 'Bob', 'zoe', 'Idle']));
    expect(names.indexOf('alice')).toBeLessThan(names.indexOf('Bob'));
    expect(names.indexOf('Bob')).toBeLessThan(names.indexOf('zoe'));
    expect(res.headers['content-range']).toBeUndefined();
  });

  it('pages with sort and range, saying where the page is in Content-Range', async () => {
    const all = (await asAdmin('GET', '/user')).json();
    const first = await asAdmin('GET', '/user', { query: { sort: '["first_name","ASC"]', range: '[0,2]' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-range']).toBe(`user 0-2/${all.length}`);
    expect(first.json()).toEqual(all.slice(0, 3));

    const second = await asAdmin('GET', '/user', { query: { sort: '["first_name","ASC"]', range: '[3,5]' } });
    expect(second.headers['content-range']).toBe(`user 3-5/${all.length}`);
    expect(second.json()).toEqual(all.slice(3, 6));

    const descending = await asAdmin('GET', '/user', { query: { sort: '["first_name","DESC"]', range: '[0,0]' } });
    expect(firstNames(descending.json())).toEqual(['zoe']);
  });

  it('searches first OR last name case-insensitively with filter q (not the e-mail)', async () => {
    const res = await asAdmin('GET', '/user', { query: { filter: '{"q":"VANTA"}' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: UserListRow) => u.fullname)).toEqual(['Idle Vantablack', 'Kim VANTAGE', 'Vantaa Lee']);

    const paged = await asAdmin('GET', '/user', { query: { filter: '{"q":"vanta"}', range: '[0,1]', sort: '["first_name","ASC"]' } });
    expect(paged.headers['content-range']).toBe('user 0-1/3');
    expect(firstNames(paged.json())).toEqual(['Idle', 'Kim']);

    expect((await asAdmin('GET', '/user', { query: { filter: '{"q":"nobody-has-this-name"}' } })).json()).toEqual([]);
  });

  it('hides inactive users with filter status true, and shows them without it', async () => {
    const active = (await asAdmin('GET', '/user', { query: { filter: '{"status":true}' } })).json();
    expect(active.length).toBeGreaterThan(0);
    expect(active.every((u: UserListRow) => u.status === true)).toBe(true);
    expect(firstNames(active)).not.toContain('Idle');

    const searched = await asAdmin('GET', '/user', { query: { filter: '{"q":"vanta","status":true}', range: '[0,9]' } });
    expect(firstNames(searched.json())).toEqual(['Kim', 'Vantaa']);
    expect(searched.headers['content-range']).toBe('user 0-1/2');
  });

  it('refuses a sort or filter on the password with 400', async () => {
    expect((await asAdmin('GET', '/user', { query: { sort: '["password","ASC"]' } })).statusCode).toBe(400);
    expect((await asAdmin('GET', '/user', { query: { filter: '{"password":"x"}' } })).statusCode).toBe(400);
  });
});

describe('GET /user/{id}', () => {
  it('answers the user with role and designation objects and no password', async () => {
    const created = await addUser({ first_name: 'Olu', last_name: 'Ade', role: roles['program-manager'] });
    const res = await asAdmin('GET', `/user/${created._id}`);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user).toEqual(created);
    expect(user).toMatchObject({
      _id: created._id,
      first_name: 'Olu',
      last_name: 'Ade',
      fullname: 'Olu Ade',
      mobile: '9876543210',
      photo: null,
      status: true,
      designation: { _id: designationId, name: 'Administrator' },
      role: { _id: roles['program-manager'], role: 'Program Manager', role_slug: 'program-manager' },
    });
    expect(Object.keys(user.role.permission).sort()).toEqual(permissionFlags.map((f) => f.name).sort());
    expect(user.role.permission.can_get_user).toBe(true);
    expect(user.role.permission.can_delete_user).toBe(false);
    expect(Object.keys(user)).not.toContain('password');
  });

  it('answers 404 for an unknown user', async () => {
    const res = await asAdmin('GET', '/user/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
  });
});

describe('POST /user', () => {
  const count = async () => (await asAdmin('GET', '/user')).json().length;

  it('adds a user with 201, who can then sign in with the password', async () => {
    const body = userBody({ first_name: ' Padded ', email: 'New.Person@Example.com', role: roles['program-manager'] });
    const res = await asAdmin('POST', '/user', { payload: body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      _id: expect.any(String),
      employeeId: body.employeeId,
      first_name: 'Padded',
      email: 'new.person@example.com',
      status: true,
      photo: null,
      role: { _id: roles['program-manager'], role_slug: 'program-manager' },
      designation: { _id: designationId },
    });
    expect((await asAdmin('GET', `/user/${res.json()._id}`)).json()).toEqual(res.json());
    expect((await login('new.person@example.com', body.password as string)).statusCode).toBe(200);
  });

  const required: Array<[string, string]> = [
    ['first_name', 'First Name is required'],
    ['last_name', 'Last Name is required'],
    ['email', 'Email is required'],
    ['mobile', 'Mobile No. is required'],
    ['employeeId', 'Employee ID is required'],
    ['designation', 'Designation is required'],
    ['role', 'Role is required'],
    ['password', 'Password is required'],
  ];
  for (const [field, message] of required) {
    it(`refuses a missing ${field} with 400 naming it, and adds nobody`, async () => {
      const before = await count();
      const body = userBody();
      delete body[field];
      const res = await asAdmin('POST', '/user', { payload: body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
      expect(await count()).toBe(before);
    });
  }

  it('names every missing field at once', async () => {
    const res = await asAdmin('POST', '/user', { payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual(Object.fromEntries(required));
  });

  const invalid: Array<[string, Record<string, unknown>, Record<string, string>]> = [
    ['an invalid e-mail', { email: 'not-an-email' }, { email: 'Email must be a valid e-mail address' }],
    ['a mobile of 9 digits', { mobile: '987654321' }, { mobile: 'Mobile No. must be 10 digits' }],
    ['a mobile of 11 digits', { mobile: '98765432101' }, { mobile: 'Mobile No. must be 10 digits' }],
    ['a mobile of 10 characters with letters', { mobile: '98765abcde' }, { mobile: 'Mobile No. must be 10 digits' }],
    ['a mobile written with a plus and spaces', { mobile: '+91 987654' }, { mobile: 'Mobile No. must be 10 digits' }],
    ['an empty first name', { first_name: '' }, { first_name: 'First Name is required' }],
    ['a blank first name', { first_name: '   ' }, { first_name: 'First Name is required' }],
    ['a blank employee ID', { employeeId: ' ' }, { employeeId: 'Employee ID is required' }],
    ['a blank mobile of 10 spaces', { mobile: ' '.repeat(10) }, { mobile: 'Mobile No. must be 10 digits' }],
    ['a password of 7 characters', { password: 'abc1234' }, { password: 'Password must be at least 8 characters' }],
    ['a common password', { password: 'password123' }, { password: 'This password is too common, choose another' }],
    ['a common password in capitals', { password: 'PASSWORD123' }, { password: 'This password is too common, choose another' }],
    ['an unknown field', { nickname: 'Bobby' }, { nickname: 'nickname is not a field that can be set here' }],
    [
      'a photo path (photos go through PATCH /user/upload/{id})',
      { photo: 'uploads/users/x.png' },
      { photo: 'Photo is set with PATCH /user/upload/{id}' },
    ],
    ['a designation that does not exist', { designation: 'no-such-designation' }, { designation: 'Choose an existing designation' }],
    ['a role that does not exist', { role: 'no-such-role' }, { role: 'Choose an existing role' }],
  ];
  for (const [what, change, fields] of invalid) {
    it(`refuses ${what} with 400 naming the field, and adds nobody`, async () => {
      const before = await count();
      const res = await asAdmin('POST', '/user', { payload: userBody(change) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual(fields);
      expect(res.json().message).toEqual(expect.any(String));
      expect(await count()).toBe(before);
    });
  }

  it('accepts a long passphrase', async () => {
    const res = await asAdmin('POST', '/user', { payload: userBody({ password: 'correct horse battery staple '.repeat(6) }) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses an e-mail already taken, in any case, with 409 naming the field', async () => {
    const taken = await addUser({ email: 'taken@example.com' });
    for (const email of ['taken@example.com', 'TAKEN@Example.COM']) {
      const res = await asAdmin('POST', '/user', { payload: userBody({ email }) });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({
        code: 'DUPLICATE',
        message: 'A user with this email already exists',
        fields: { email: 'This email is already taken' },
      });
    }
    // The same rule on a change of e-mail.
    const other = await addUser();
    const res = await asAdmin('PATCH', `/user/${other._id}`, { payload: { email: 'Taken@example.com' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: 'This email is already taken' });
    expect((await asAdmin('GET', `/user/${taken._id}`)).json().email).toBe('taken@example.com');
  });
});

describe('PATCH /user/{id}', () => {
  it('renames, touching nothing else', async () => {
    const user = await addUser({ first_name: 'Before', last_name: 'Rename' });
    const res = await asAdmin('PATCH', `/user/${user._id}`, { payload: { first_name: 'After' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...user, first_name: 'After', fullname: 'After Rename', updatedAt: expect.any(String) });
    expect((await asAdmin('GET', `/user/${user._id}`)).json()).toEqual(res.json());
  });

  it('deactivates (ending the user’s sessions) and activates again', async () => {
    const { user, session, email, password } = await signedInUser();
    expect(await canReach(session)).toBe(200);

    const off = await asAdmin('PATCH', `/user/${user._id}`, { payload: { status: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ _id: user._id, status: false });
    expect(await canReach(session)).toBe(401);
    const refused = await login(email, password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is inactive, please contact admin');

    const on = await asAdmin('PATCH', `/user/${user._id}`, { payload: { status: true } });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ _id: user._id, status: true, first_name: user.first_name });
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('changes the role of another user', async () => {
    const user = await addUser({ role: roles['field-staff'] });
    const res = await asAdmin('PATCH', `/user/${user._id}`, { payload: { role: roles['program-manager'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toMatchObject({ _id: roles['program-manager'], role: 'Program Manager', role_slug: 'program-manager' });
    expect((await asAdmin('GET', `/user/${user._id}`)).json().role._id).toBe(roles['program-manager']);
  });

  it('refuses bad fields with 400 and changes nothing', async () => {
    const user = await addUser();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ email: 'nope' }, 'email'],
      [{ mobile: '123' }, 'mobile'],
      [{ mobile: '98765o4321' }, 'mobile'],
      [{ first_name: '' }, 'first_name'],
      [{ last_name: '  ' }, 'last_name'],
      [{ role: 'no-such-role' }, 'role'],
      [{ designation: 'no-such-designation' }, 'designation'],
      [{ fullname: 'Some One' }, 'fullname'],
      [{ _id: 'someone-else' }, '_id'],
    ];
    for (const [payload, field] of bad) {
      const res = await asAdmin('PATCH', `/user/${user._id}`, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await asAdmin('GET', `/user/${user._id}`)).json()).toEqual(user);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await asAdmin('PATCH', '/user/00000000-0000-4000-8000-000000000000', { payload: { first_name: 'Ghost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});

describe('the change-password dialog (PATCH /user/{id} with _id, email, password, confirm_password)', () => {
  const dialog = (user: Pick<UserAnswer, '_id' | 'email'>, password: string, confirm = password) => ({
    _id: user._id,
    email: user.email,
    password,
    confirm_password: confirm,
  });

  it('refuses two entries that differ with 400 "Password not match", changing nothing', async () => {
    const { user, email, password } = await signedInUser();
    const res = await asAdmin('PATCH', `/user/${user._id}`, { payload: dialog(user, 'a brand new passphrase', 'a brand new passphrasE') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Password not match', fields: { confirm_password: 'Password not match' } });
    const missing = await asAdmin('PATCH', `/user/${user._id}`, { payload: { _id: user._id, password: 'a brand new passphrase' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Password not match');
    expect((await login(email, password)).statusCode).toBe(200);
  });

  it('refuses a weak new password with 400', async () => {
    const { user } = await signedInUser();
    const res = await asAdmin('PATCH', `/user/${user._id}`, { payload: dialog(user, 'password123') });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'This password is too common, choose another' });
  });

  it("lets the Admin role change anyone's password: the old one fails and their sessions end, the Admin's stays", async () => {
    const { user, session, email, password } = await signedInUser();
    expect(await canReach(session)).toBe(200);
    const res = await asAdmin('PATCH', `/user/${user._id}`, { payload: dialog(user, 'set by the admin 2024') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: user._id, email: user.email });

    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'set by the admin 2024')).statusCode).toBe(200);
    expect(await canReach(session)).toBe(401);
    expect((await asAdmin('GET', '/user')).statusCode).toBe(200);
  });

  describe('a role not named Admin (even one with every flag)', () => {
    let supervisor: Awaited<ReturnType<typeof signedInUser>>;
    beforeAll(async () => {
      const role = await insertRole(t.ctx.db, { role: 'Supervisor', permission: flags(true) });
      supervisor = await signedInUser({ role: role.id });
    });

    it("may not change someone else's password: 403, and that password still works", async () => {
      const { user, email, password } = await signedInUser();
      const res = await call('PATCH', `/user/${user._id}`, {
        token: supervisor.session.token,
        payload: dialog(user, 'hijacked passphrase 1'),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'PASSWORD_CHANGE_FORBIDDEN', message: "Only the Admin role may change another user's password" });
      expect((await login(email, password)).statusCode).toBe(200);
      expect((await login(email, 'hijacked passphrase 1')).statusCode).toBe(401);
    });

    it('may change their own: this session stays, their other sessions end', async () => {
      const other = await t.loginAs(supervisor.email, supervisor.password);
      expect(await canReach(other)).toBe(200);
      const res = await call('PATCH', `/user/${supervisor.user._id}`, {
        token: supervisor.session.token,
        payload: { ...dialog(supervisor.user, 'my own new passphrase'), current_password: supervisor.password },
      });
      expect(res.statusCode).toBe(200);
      expect(await canReach(supervisor.session)).toBe(200);
      expect(await canReach(other)).toBe(401);
      expect((await login(supervisor.email, supervisor.password)).statusCode).toBe(401);
      expect((await login(supervisor.email, 'my own new passphrase')).statusCode).toBe(200);
    });
  });
});

describe('DELETE /user/{id} (soft)', () => {
  it('answers the updated user with status false; the user leaves the list, is signed out at once and cannot sign in', async () => {
    const { user, session, email, password } = await signedInUser({ first_name: 'Leaving' });
    expect(await canReach(session)).toBe(200);

    const res = await asAdmin('DELETE', `/user/${user._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...user, status: false, updatedAt: expect.any(String) });

    expect((await asAdmin('GET', '/user')).json().map((u: UserListRow) => u._id)).not.toContain(user._id);
    expect((await asAdmin('GET', '/user', { query: { filter: '{"status":false}' } })).json().map((u: UserListRow) => u._id)).not.toContain(
      user._id,
    );
    expect((await asAdmin('GET', `/user/${user._id}`)).statusCode).toBe(404);
    const signedOut = await call('GET', '/designation', { token: session.token });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ code: 'SESSION_ENDED', message: 'Your session has ended, please log in again' });

    const again = await login(email, password);
    expect(again.statusCode).not.toBe(200);
    expect(again.json().token).toBeUndefined();

    // Gone for good: it cannot be deleted twice or brought back.
    expect((await asAdmin('DELETE', `/user/${user._id}`)).statusCode).toBe(404);
    expect((await asAdmin('PATCH', `/user/${user._id}`, { payload: { status: true } })).statusCode).toBe(404);
  });

  it('refuses to delete yourself with 403, leaving you signed in', async () => {
    const res = await asAdmin('DELETE', `/user/${admin.user._id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'SELF_CHANGE', message: 'You cannot delete your own account' });
    expect((await asAdmin('GET', `/user/${admin.user._id}`)).json().status).toBe(true);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await asAdmin('DELETE', '/user/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the secret check itself', () => {
  it('finds a hash or a password wherever it hides', () => {
    expect(secretsIn([{ role: { password_hash: 'x' } }, { a: '$argon2id$v=19$m=1' }, { password: '' }])).toEqual([
      '[0].role.password_hash',
      '[1].a',
      '[2].password',
    ]);
    expect(secretsIn({ first_name: 'Pat', role: { permission: { can_get_user: true } } })).toEqual([]);
    expect(secretsIn({ message: 'Password not match', fields: { confirm_password: 'Password not match' } })).toEqual([]);
    expect(secretsIn({ fields: { password: '$argon2id$v=19' } })).toEqual(['fields.password']);
  });
});
