/**
 * Sign-in and session for react-admin (spec 1 §4, §6, §8): what login sends and stores, the
 * login failure message, logout, checkAuth/checkError (renewing an expired token first) and
 * canAccess by the role's flags as the resource map names them.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { authProvider, loginFailureMessage } from '../../src/providers/auth-provider';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { translate } from '../../src/providers/i18n-provider';
import { makeUser, signIn, storeSession, stored } from './support/session';
import { fakeJwt } from './support/fake-rest-server';
import { CHROME_UA, GB, fakeBrowser, restoreBrowser } from './support/browser';

const AUTH = 'http://auth.test';
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  setRuntimeConfig({ authUrl: AUTH, apiUrl: 'http://api.test' });
});
afterEach(() => {
  server.resetHandlers();
  restoreBrowser();
});
afterAll(() => server.close());

describe('login', () => {
  it('POSTs /login with email, password, isKeepLogin and userAgent, stores the session and goes to /dashboard', async () => {
    fakeBrowser({ userAgent: CHROME_UA, estimate: async () => ({ quota: 100 * GB, usage: 0 }) });
    const user = makeUser({ can_access_dashboard: true });
    let sent: { body: unknown } | undefined;
    server.use(
      http.post(`${AUTH}/login`, async ({ request }) => {
        sent = { body: await request.json() };
        return HttpResponse.json({ user, token: 'tok-login' });
      }),
    );

    const result = await authProvider.login({ email: 'ada@example.test', password: 'S3cret!pass', keepLogin: true });

    expect(result).toEqual({ redirectTo: '/dashboard' });
    expect(sent?.body).toEqual({
      email: 'ada@example.test',
      password: 'S3cret!pass',
      isKeepLogin: true,
      userAgent: 'Chrome (Regular)',
    });
    expect(stored()).toEqual({ user, token: 'tok-login', isLoggedIn: true });
  });

  it('sends isKeepLogin false and an Incognito user agent when so', async () => {
    fakeBrowser({ userAgent: CHROME_UA, estimate: async () => ({ quota: 0.5 * GB, usage: 0 }) });
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post(`${AUTH}/login`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ user: makeUser(), token: 't' });
      }),
    );

    await authProvider.login({ email: 'a@b.test', password: 'x', keepLogin: false });

    expect(body).toMatchObject({ isKeepLogin: false, userAgent: 'Chrome (Incognito)' });
  });

  it("fails with the server's message and stores nothing (no dashboard permission, spec 1 §6)", async () => {
    server.use(
      http.post(`${AUTH}/login`, () => HttpResponse.json({ message: "You don't have permission to access dashboard" }, { status: 403 })),
    );

    await expect(authProvider.login({ email: 'a@b.test', password: 'x', keepLogin: true })).rejects.toThrow(
      "You don't have permission to access dashboard",
    );
    expect(stored()?.token).toBeUndefined();
    expect(stored()?.isLoggedIn).not.toBe(true);
  });

  it("a 401 from /login is a wrong password, not an expired session: no verify call, the server's message", async () => {
    signIn('old-token');
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => paths.push(new URL(request.url).pathname));
    server.use(http.post(`${AUTH}/login`, () => HttpResponse.json({ message: 'Invalid email or password' }, { status: 401 })));

    try {
      await expect(authProvider.login({ email: 'a@b.test', password: 'wrong', keepLogin: true })).rejects.toThrow(
        'Invalid email or password',
      );
      expect(paths).toEqual(['/login']);
    } finally {
      server.events.removeAllListeners();
    }
  });
});

describe('loginFailureMessage (spec 1 §8)', () => {
  it("prefers the server answer's message", () => {
    const error = new HttpError('Unauthorized', 401, { message: 'Invalid email or password' });
    expect(loginFailureMessage(error, translate)).toBe('Invalid email or password');
  });

  it("falls back to the error's own message when the answer has none", () => {
    expect(loginFailureMessage(new HttpError('Network down', 502, { code: 'BAD_GATEWAY' }), translate)).toBe('Network down');
    expect(loginFailureMessage(new TypeError('Failed to fetch'), translate)).toBe('Failed to fetch');
  });

  it("says 'Failed to login' when there is nothing else", () => {
    expect(loginFailureMessage({}, translate)).toBe('Failed to login');
    expect(loginFailureMessage(undefined, translate)).toBe('Failed to login');
    expect(loginFailureMessage(new Error(''), translate)).toBe('Failed to login');
  });
});

describe('logout', () => {
  it('calls GET /logout with the token and clears the stored session', async () => {
    signIn('tok-out');
    let authorization: string | null | undefined;
    server.use(
      http.get(`${AUTH}/logout`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );

    const redirect = await authProvider.logout({});

    expect(authorization).toBe('Bearer tok-out');
    expect(redirect).toBe('/login');
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it('still clears the session when the server cannot be reached', async () => {
    signIn('tok-out');
    server.use(http.get(`${AUTH}/logout`, () => HttpResponse.error()));

    await authProvider.logout({});

    expect(stored()).toEqual({ isLoggedIn: false });
  });
});

describe('checkAuth', () => {
  it('resolves with a token and the logged-in flag', async () => {
    signIn();
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('rejects without a token', async () => {
    storeSession({ user: makeUser(), isLoggedIn: true });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('rejects without the logged-in flag', async () => {
    storeSession({ user: makeUser(), token: 't', isLoggedIn: false });
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('rejects with nothing stored', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });
});

describe('renewal before checkAuth, getIdentity and getPermissions (spec 1 §4)', () => {
  it('renews a token past its expiry first: one verify, the new token and the user as the server has them are kept', async () => {
    const old = fakeJwt(-30, 'auth-old');
    const fresh = fakeJwt(900, 'auth-fresh');
    storeSession({ user: makeUser({ can_get_user: false }), token: old, isLoggedIn: true });
    const verified: unknown[] = [];
    server.use(
      http.post(`${AUTH}/user/verify`, async ({ request }) => {
        verified.push(await request.json());
        return HttpResponse.json({ user: makeUser({ can_get_user: true }, { first_name: 'Now' }), token: fresh }, { status: 401 });
      }),
    );

    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(await authProvider.getPermissions!({})).toEqual({ can_get_user: true });
    expect(await authProvider.getIdentity!()).toMatchObject({ fullName: 'Now Lovelace' });

    expect(verified).toEqual([{ token: old }]);
    expect(stored()).toMatchObject({ token: fresh, isLoggedIn: true });
  });

  it('checkAuth fails when the server will not renew the expired token', async () => {
    storeSession({ user: makeUser(), token: fakeJwt(-30, 'auth-dead'), isLoggedIn: true });
    server.use(
      http.post(`${AUTH}/user/verify`, () =>
        HttpResponse.json({ message: 'Your session has ended, please log in again', code: 'SESSION_ENDED' }, { status: 401 }),
      ),
    );

    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ status: 401 });
  });

  it('a token within its lifetime is not verified again', async () => {
    storeSession({ user: makeUser(), token: fakeJwt(600, 'auth-live'), isLoggedIn: true });
    // No handler for /user/verify: a call to it would fail the test (onUnhandledRequest: 'error').
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });
});

describe('checkError', () => {
  it('signs out on 401', async () => {
    signIn('tok-401');
    await expect(authProvider.checkError(new HttpError('Session ended', 401, {}))).rejects.toMatchObject({
      redirectTo: '/login',
    });
    expect(stored()?.token).toBeUndefined();
    expect(stored()?.isLoggedIn).toBe(false);
  });

  it('keeps the session on 403', async () => {
    signIn('tok-403');
    await expect(authProvider.checkError(new HttpError('Forbidden', 403, {}))).resolves.toBeUndefined();
    expect(stored()).toMatchObject({ token: 'tok-403', isLoggedIn: true });
  });

  it('signs out when the role no longer opens the console (403 NO_DASHBOARD_ACCESS), saying so', async () => {
    signIn('tok-no-dashboard');
    const message = "You don't have permission to access dashboard";
    await expect(authProvider.checkError(new HttpError(message, 403, { code: 'NO_DASHBOARD_ACCESS', message }))).rejects.toEqual({
      redirectTo: '/login',
      message,
    });
    expect(stored()?.token).toBeUndefined();
  });
});

describe('canAccess follows the role flags named in schemas/resources.json', () => {
  const can = (resource: string, action: string) => authProvider.canAccess!({ resource, action });

  it('designation create needs can_create_designation', async () => {
    signIn('t', { can_get_designation: true, can_create_designation: false });
    expect(await can('designation', 'create')).toBe(false);

    signIn('t', { can_get_designation: true, can_create_designation: true });
    expect(await can('designation', 'create')).toBe(true);
  });

  it('each action reads its own flag', async () => {
    signIn('t', { can_get_designation: true, can_edit_designation: true });
    expect(await can('designation', 'list')).toBe(true);
    expect(await can('designation', 'show')).toBe(true);
    expect(await can('designation', 'edit')).toBe(true);
    expect(await can('designation', 'delete')).toBe(false);
    expect(await can('role', 'list')).toBe(false);
    expect(await can('user', 'create')).toBe(false);
  });

  it('a screen that is no resource of the map guards itself', async () => {
    signIn('t', {});
    expect(await can('dashboard', 'list')).toBe(true);
  });

  it("a role's checklist ('permission', no resource of the map) needs the permission schema's own flags", async () => {
    signIn('t', { can_get_role: true, can_edit_role: true });
    expect(await can('permission', 'show')).toBe(false);
    expect(await can('permission', 'edit')).toBe(false);

    signIn('t', { can_get_role: true, can_get_permission: true });
    expect(await can('permission', 'show')).toBe(true);
    expect(await can('permission', 'edit')).toBe(false);

    signIn('t', { can_get_permission: true, can_edit_permission: true });
    expect(await can('permission', 'edit')).toBe(true);
  });

  it('nothing is allowed on mapped resources when signed out', async () => {
    expect(await can('designation', 'list')).toBe(false);
    expect(await can('designation', 'create')).toBe(false);
  });

  it('getPermissions answers the role flags', async () => {
    signIn('t', { can_get_user: true });
    expect(await authProvider.getPermissions!({})).toEqual({ can_get_user: true });
  });
});
