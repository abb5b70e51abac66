/** POST /login (spec 1 §4, §6, §7): who gets in, what they get back, and who is turned away. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';
import { insertUser, roleIdBySlug } from '../support/test-users.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const login = (payload: Record<string, unknown>, server = t) => server.auth.app.inject({ method: 'POST', url: '/login', payload });

/** Every key anywhere in a JSON value. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...allKeys(v)]);
  return [];
}

describe('POST /login', () => {
  it('signs the admin in and answers the user with role, permission and designation, and a token', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, isKeepLogin: true, userAgent: 'Chrome (Regular)' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      _id: expect.any(String),
      email: ADMIN_EMAIL,
      first_name: 'Admin',
      last_name: 'User',
      fullname: 'Admin User',
      status: true,
      designation: { _id: expect.any(String), name: 'Administrator' },
      role: { _id: expect.any(String), role: 'Admin', role_slug: 'admin' },
    });
    expect(body.user.role.permission).toMatchObject({ can_access_dashboard: true, can_get_designation: true });
  });

  it('never shows the password or its hash', async () => {
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const keys = allKeys(res.json());
    expect(keys.filter((k) => /password/i.test(k))).toEqual([]);
    expect(res.body).not.toContain('$argon2');
    expect(res.body).not.toContain(ADMIN_PASSWORD);
  });

  it('matches the e-mail case-insensitively, both ways', async () => {
    expect((await login({ email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD })).statusCode).toBe(200);
    expect((await login({ email: `  ${ADMIN_EMAIL}  `, password: ADMIN_PASSWORD })).statusCode).toBe(200);
    // Stored with capitals, typed in lower case.
    await insertUser(t.ctx.db, {
      email: 'Mixed.Case@Example.com',
      password: 'mixed-case-pass-1',
      roleId: await roleIdBySlug(t.ctx.db, 'admin'),
    });
    const res = await login({ email: 'mixed.case@example.com', password: 'mixed-case-pass-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('Mixed.Case@Example.com');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    await insertUser(t.ctx.db, {
      email: 'known@example.com',
      password: 'known-user-pass-1',
      roleId: await roleIdBySlug(t.ctx.db, 'admin'),
    });
    const wrongPassword = await login({ email: 'known@example.com', password: 'not-the-password' });
    const unknownEmail = await login({ email: 'nobody@example.com', password: 'not-the-password' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.json()).toEqual({ message: 'Invalid email or password', code: 'BAD_CREDENTIALS' });
  });

  it('locks the address after 5 wrong passwords, refuses even the right one, and unlocks when the lock runs out', async () => {
    const email = 'locked@example.com';
    const password = 'locked-user-pass-1';
    await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'admin') });
    for (let i = 0; i < 5; i++) {
      const res = await login({ email, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const refused = await login({ email, password });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({
      code: 'ACCOUNT_LOCKED',
      message: 'Too many failed attempts. Try again in 15 minutes.',
      params: { minutes: 15 },
    });

    t.clock.advance(t.ctx.config.lockout.lockSeconds - 60);
    expect((await login({ email, password })).json().message).toBe('Too many failed attempts. Try again in 1 minute.');

    t.clock.advance(61);
    const allowed = await login({ email, password });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().user.email).toBe(email);
  });

  it('starts a fresh count after a successful sign-in', async () => {
    const email = 'recovers@example.com';
    const password = 'recovers-pass-1';
    await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'admin') });
    for (let i = 0; i < 4; i++) expect((await login({ email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login({ email, password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ email, password: 'wrong' })).statusCode).toBe(401);
    expect((await login({ email, password })).statusCode).toBe(200);
  });

  it('refuses a role without can_access_dashboard with "You don\'t have permission to access dashboard"', async () => {
    const email = 'field.staff@example.com';
    const password = 'field-staff-pass-1';
    await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'field-staff') });
    const res = await login({ email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You don't have permission to access dashboard");
    expect(res.json()).not.toHaveProperty('token');
    // With a wrong password the same person learns only that the credentials are wrong.
    expect((await login({ email, password: 'wrong-password' })).json().code).toBe('BAD_CREDENTIALS');
  });

  it('refuses an inactive user with the right password', async () => {
    const email = 'inactive@example.com';
    const password = 'inactive-pass-1';
    await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'admin'), status: false });
    const res = await login({ email, password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'ACCOUNT_INACTIVE', message: 'Your account is inactive, please contact admin' });
  });

  it('answers 400 naming the missing field when a field is left out', async () => {
    const res = await login({ email: ADMIN_EMAIL });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ password: 'Password is required' });
  });
});

describe('POST /login rate limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ config: { loginRateLimit: { max: 3, windowMs: 60_000 } } });
  });
  afterAll(() => limited?.close());

  it('answers 429 once the configured number of attempts is used up', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await login({ email: 'someone@example.com', password: 'whatever' }, limited)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    const res = await login({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, limited);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please wait a minute and try again' });
  });
});
