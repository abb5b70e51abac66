/**
 * The session check at app start (spec 1 §4), where the console finds its servers
 * (runtime config) and how it describes the browser at login (spec 1 §3, §9).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkSessionAtStart } from '../../src/session/session-check';
import { resolveConfig } from '@model/server-addresses';
import { browserMode, browserName, describeUserAgent } from '../../src/session/user-agent';
import { makeUser, signIn, storeSession, stored } from './support/session';
import { CHROME_UA, GB, fakeBrowser, restoreBrowser } from './support/browser';

const AUTH = 'http://auth.test';

const answer = (status: number, body?: unknown) =>
  vi.fn<typeof fetch>(async () =>
    body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

beforeEach(() => localStorage.clear());
afterEach(() => restoreBrowser());

describe('checkSessionAtStart', () => {
  it("with no stored token clears what is stored and is 'signed-out', without calling the server", async () => {
    storeSession({ user: makeUser(), isLoggedIn: true });
    const fetchImpl = answer(200, {});

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('signed-out');

    expect(fetchImpl).not.toHaveBeenCalled();
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it("with a token but no logged-in flag is 'signed-out' and clears the token", async () => {
    storeSession({ user: makeUser(), token: 'tok', isLoggedIn: false });
    const fetchImpl = answer(200, {});

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('signed-out');

    expect(fetchImpl).not.toHaveBeenCalled();
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it("POSTs the token to /user/verify; 200 with user and token is 'signed-in' with the user as the server sees them", async () => {
    signIn('tok-ok');
    const current = makeUser({ can_access_dashboard: true }, { first_name: 'Renamed' });
    const fetchImpl = answer(200, { user: current, token: 'tok-ok' });

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('signed-in');

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe(`${AUTH}/user/verify`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'tok-ok' });
    expect(stored()).toEqual({ user: current, token: 'tok-ok', isLoggedIn: true });
  });

  it("401 carrying user and token stores them, keeps the flag and is 'refreshed'", async () => {
    storeSession({ user: makeUser(), token: 'tok-old', isLoggedIn: true });
    const user = makeUser({}, { first_name: 'Fresh' });
    const fetchImpl = answer(401, { user, token: 'tok-new' });

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('refreshed');

    expect(stored()).toEqual({ user, token: 'tok-new', isLoggedIn: true });
  });

  it("401 without a token clears everything and is 'signed-out'", async () => {
    signIn('tok-dead');
    const fetchImpl = answer(401, { message: 'Your session has ended', code: 'SESSION_ENDED' });

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('signed-out');

    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it("any other failure (500, empty body) is 'signed-out'", async () => {
    signIn('tok');
    expect(await checkSessionAtStart(AUTH, answer(500))).toBe('signed-out');
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it("a network failure is 'signed-out'", async () => {
    signIn('tok');
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('signed-out');

    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it('a check cut off because the page is being left keeps the session for the next page to check', async () => {
    signIn('tok-kept');
    const before = stored();
    // The browser cuts the request off as it leaves the page: the rejection comes after the page is hidden.
    const fetchImpl = vi.fn<typeof fetch>(async () => {
      window.dispatchEvent(new Event('pagehide'));
      throw new TypeError('Failed to fetch');
    });

    expect(await checkSessionAtStart(AUTH, fetchImpl)).toBe('left unchecked');
    expect(stored()).toEqual(before);

    // Cut off after the answer's status, in the middle of its body: no word on the session either.
    const cutBody = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"user":{"_id":'));
        window.dispatchEvent(new Event('pagehide'));
        controller.error(new TypeError('network error'));
      },
    });
    expect(
      await checkSessionAtStart(
        AUTH,
        vi.fn<typeof fetch>(async () => new Response(cutBody, { status: 200 })),
      ),
    ).toBe('left unchecked');
    expect(stored()).toEqual(before);
    // A refusal needs no body to be read: the session is over even as the page is left.
    expect(await checkSessionAtStart(AUTH, answer(403))).toBe('signed-out');
    expect(stored()).toEqual({ isLoggedIn: false });
    signIn('tok-kept');

    // Shown again from the browser's page cache, the page is in use: a failure signs out as before.
    window.dispatchEvent(new Event('pageshow'));
    expect(
      await checkSessionAtStart(
        AUTH,
        vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
      ),
    ).toBe('signed-out');
    expect(stored()).toEqual({ isLoggedIn: false });
  });
});

describe('resolveConfig', () => {
  const page = { protocol: 'https:', hostname: 'console.example.org' };

  it('uses explicit server addresses as given', () => {
    expect(
      resolveConfig({ authUrl: 'https://auth.example.org', apiUrl: 'https://api.example.org/v1', authPort: 1, apiPort: 2 }, page),
    ).toEqual({
      authUrl: 'https://auth.example.org',
      apiUrl: 'https://api.example.org/v1',
    });
  });

  it("otherwise uses the page's protocol and hostname with the configured ports", () => {
    expect(resolveConfig({ authPort: 9001, apiPort: 9002 }, page)).toEqual({
      authUrl: 'https://console.example.org:9001',
      apiUrl: 'https://console.example.org:9002',
    });
  });

  it("falls back to the servers' default ports (8081 auth, 8082 api)", () => {
    expect(resolveConfig({}, { protocol: 'http:', hostname: 'localhost' })).toEqual({
      authUrl: 'http://localhost:8081',
      apiUrl: 'http://localhost:8082',
    });
  });

  it('mixes an explicit address for one server with the same host for the other', () => {
    expect(resolveConfig({ apiUrl: 'https://api.example.org', authPort: 7000 }, page)).toEqual({
      authUrl: 'https://console.example.org:7000',
      apiUrl: 'https://api.example.org',
    });
  });

  it('removes a trailing slash', () => {
    expect(resolveConfig({ authUrl: 'https://auth.example.org/', apiUrl: 'https://api.example.org/base/' }, page)).toEqual({
      authUrl: 'https://auth.example.org',
      apiUrl: 'https://api.example.org/base',
    });
  });
});

describe('browserName', () => {
  const agents: Array<[string, string]> = [
    [CHROME_UA, 'Chrome'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.56',
      'Edge',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0',
      'Opera',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari'],
    ['curl/8.5.0', 'Unknown browser'],
  ];

  it.each(agents)('%s → %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });
});

describe('browserMode (spec 1 §9: a storage estimate below 1.2 GB is Incognito)', () => {
  it.each([
    [0.12 * GB, 'Incognito'],
    [1.19 * GB, 'Incognito'],
    [1.2 * GB, 'Regular'],
    [60 * GB, 'Regular'],
  ])('quota %d bytes → %s', async (quota, mode) => {
    fakeBrowser({ estimate: async () => ({ quota, usage: 0 }) });
    expect(await browserMode()).toBe(mode);
  });

  it('is Regular when the browser gives no quota or no estimate', async () => {
    fakeBrowser({ estimate: async () => ({ usage: 0 }) });
    expect(await browserMode()).toBe('Regular');

    fakeBrowser({
      estimate: async () => {
        throw new Error('not allowed');
      },
    });
    expect(await browserMode()).toBe('Regular');
  });

  it("describes the browser as 'Name (Mode)'", async () => {
    fakeBrowser({ userAgent: CHROME_UA, estimate: async () => ({ quota: 0.5 * GB, usage: 0 }) });
    expect(await describeUserAgent()).toBe('Chrome (Incognito)');
  });
});
