/**
 * The session (spec 1 §4, §7): POST /user/verify at start-up, the 401-with-a-new-token refresh
 * inside the keep-login window, and GET /logout revoking the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const verify = (token: string) => t.auth.app.inject({ method: 'POST', url: '/user/verify', payload: { token } });
const designations = (token: string) => t.auth.app.inject({ method: 'GET', url: '/designation', headers: bearer(token) });
const SESSION_ENDED = { code: 'SESSION_ENDED', message: 'Your session has ended, please log in again' };

describe('POST /user/verify', () => {
  it('answers 200 with the user and the same token while the token is live', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const res = await verify(session.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: session.user, token: session.token });
  });

  it('answers an expired keep-me-logged-in token with 401 carrying the user and a new token that works', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: true });
    t.clock.advance(t.ctx.config.accessTokenTtlSeconds + 1);
    expect((await designations(session.token)).statusCode).toBe(401);

    const res = await verify(session.token);
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.user).toMatchObject({ email: ADMIN_EMAIL, role: { role_slug: 'admin' } });
    expect(body.token).toEqual(expect.any(String));
    expect(body.token).not.toBe(session.token);

    const list = await designations(body.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'Administrator' })]));
  });

  it('keeps refreshing a keep-me-logged-in session past the shorter session window', async () => {
    const { keepLogin, session: short } = t.ctx.config.refreshWindowSeconds;
    expect(keepLogin).toBeGreaterThan(short);
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: true });
    t.clock.advance(short + 60);
    const res = await verify(session.token);
    expect(res.statusCode).toBe(401);
    expect(res.json().token).toEqual(expect.any(String));
  });

  it('refreshes a plain session inside its window, but not once the window is past', async () => {
    const { session: window } = t.ctx.config.refreshWindowSeconds;
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: false });

    t.clock.advance(t.ctx.config.accessTokenTtlSeconds + 1);
    const refreshed = await verify(session.token);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().token).toEqual(expect.any(String));

    // A refresh does not slide a plain session's end: it still ends `window` after sign-in
    // (one second past it here, well inside a window that a refresh would have moved).
    t.clock.advance(window - t.ctx.config.accessTokenTtlSeconds);
    for (const token of [session.token, refreshed.json().token as string]) {
      const res = await verify(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SESSION_ENDED);
    }
  });

  it('ends a keep-me-logged-in session once its own window is past', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: true });
    t.clock.advance(t.ctx.config.refreshWindowSeconds.keepLogin + 1);
    const res = await verify(session.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_ENDED);
  });

  it('ends a keep-me-logged-in session 90 days after sign-in, however often it was refreshed', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: true });
    let token = session.token;
    // Refresh every 20 days: each refresh slides the 30-day window, but never past day 90.
    for (let day = 20; day <= 80; day += 20) {
      t.clock.advance(20 * 24 * 3600);
      const res = await verify(token);
      expect(res.statusCode, `refresh on day ${day}`).toBe(401);
      token = res.json().token;
      expect(token, `a new token on day ${day}`).toBeTruthy();
    }
    t.clock.advance(11 * 24 * 3600); // day 91
    const res = await verify(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_ENDED);
  });

  it('answers a garbage token with 401 and no token', async () => {
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.c2lnbmF0dXJl']) {
      const res = await verify(token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(SESSION_ENDED);
    }
  });

  it('answers 400 when the body has no token', async () => {
    const res = await t.auth.app.inject({ method: 'POST', url: '/user/verify', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ token: 'Token is required' });
  });
});

describe('GET /logout', () => {
  it('revokes the session: the old token no longer works anywhere and cannot be refreshed', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const other = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await designations(session.token)).statusCode).toBe(200);

    const res = await t.auth.app.inject({ method: 'GET', url: '/logout', headers: session.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out' });

    const after = await designations(session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(SESSION_ENDED);
    const verified = await verify(session.token);
    expect(verified.statusCode).toBe(401);
    expect(verified.json()).toEqual(SESSION_ENDED);

    // Only that session: another sign-in of the same user goes on.
    expect((await designations(other.token)).statusCode).toBe(200);
  });

  it('signs out with an expired token too', async () => {
    const session = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD, { isKeepLogin: true });
    t.clock.advance(t.ctx.config.accessTokenTtlSeconds + 1);
    expect((await t.auth.app.inject({ method: 'GET', url: '/logout', headers: session.headers })).statusCode).toBe(200);
    const res = await verify(session.token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(SESSION_ENDED);
  });

  it('answers 200 without any token', async () => {
    const res = await t.auth.app.inject({ method: 'GET', url: '/logout' });
    expect(res.statusCode).toBe(200);
  });
});
