/**
 * Behind a reverse proxy, sign-in failures count under the client address the trusted proxy
 * saw, never under one the client wrote itself in X-Forwarded-For: a client cannot spread its
 * guesses over invented addresses, nor lock the owner out by claiming the owner's address.
 * TRUST_PROXY takes the proxies' addresses or networks; `true` (believe anyone) and a hop count
 * (which Fastify ignores, as it cannot tell a proxy from a direct client) are refused at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { insertUser, roleIdBySlug } from '../support/test-users.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { createAuthServer } from '../../server/auth/app.ts';
import type { ServerApp } from '../../server/http/create-app.ts';

const LOCKED = { code: 'ACCOUNT_LOCKED', message: 'Too many failed attempts. Try again in 15 minutes.', params: { minutes: 15 } };
const PROXY = '10.0.0.2';

let t: TestServer;
let adminRole: string;
const servers: ServerApp[] = [];
beforeAll(async () => {
  t = await startTestServer();
  adminRole = await roleIdBySlug(t.ctx.db, 'admin');
});
afterAll(async () => {
  for (const s of servers) await s.app.close();
  await t?.close();
});

/** An auth server on the shared database, with TRUST_PROXY read as `npm start` reads it. */
async function authServerWith(TRUST_PROXY: string) {
  const trustProxy: Config['trustProxy'] = loadConfig({ TRUST_PROXY }).trustProxy;
  const server = await createAuthServer({ ...t.ctx, config: { ...t.ctx.config, trustProxy } });
  servers.push(server);
  return server.app;
}

let serial = 0;
async function owner() {
  const email = `proxied-${++serial}@example.com`;
  const password = `proxied passphrase ${serial}`;
  await insertUser(t.ctx.db, { email, password, roleId: adminRole });
  return { email, password };
}

type App = Awaited<ReturnType<typeof authServerWith>>;
const login = (app: App, email: string, password: string, from: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/login',
    payload: { email, password },
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('TRUST_PROXY naming one reverse proxy', () => {
  it('counts failures under the address the proxy saw, whatever the client forged before it', async () => {
    const app = await authServerWith(PROXY);
    const { email, password } = await owner();
    // The client writes a new address each time; the proxy appends the one it really saw.
    for (let i = 1; i <= 5; i++) expect((await login(app, email, 'guess', PROXY, `192.0.2.${i}, 203.0.113.9`)).statusCode).toBe(401);
    expect((await login(app, email, password, PROXY, '192.0.2.99, 203.0.113.9')).json()).toEqual(LOCKED);

    // Claiming the owner's address locked nothing for the owner.
    for (let i = 0; i < 5; i++) await login(app, email, 'guess', PROXY, '198.51.100.20, 203.0.113.10');
    expect((await login(app, email, password, PROXY, '198.51.100.20')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  it('believes X-Forwarded-For only from those proxies', async () => {
    const app = await authServerWith('10.0.0.0/8, 127.0.0.1');
    const { email, password } = await owner();
    // Straight from the client, not through a listed proxy: its header is ignored.
    for (let i = 1; i <= 5; i++) await login(app, email, 'guess', '203.0.113.50', `192.0.2.${i}`);
    expect((await login(app, email, password, '203.0.113.50', '192.0.2.77')).json()).toEqual(LOCKED);
    // Through the proxies (a chain of two listed ones), the client's own address counts.
    for (let i = 1; i <= 5; i++) await login(app, email, 'guess', PROXY, `192.0.2.${i}, 203.0.113.51, 10.1.1.1`);
    expect((await login(app, email, password, PROXY, '203.0.113.51, 10.1.1.1')).json()).toEqual(LOCKED);
    expect((await login(app, email, password, PROXY, '203.0.113.52, 10.1.1.1')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY setting', () => {
  it('is off when unset, else a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1, ::1,fd00::/8,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses `true` and hop counts, saying what to give instead', () => {
    for (const TRUST_PROXY of ['true', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY })).toThrow(
        /Give the addresses or networks of your reverse proxies instead, e\.g\. TRUST_PROXY=127\.0\.0\.1/,
      );
    }
  });

  it('refuses what is neither an address nor a network', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/8,proxy.example.com' })).toThrow(/"proxy\.example\.com" is neither/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/"10\.0\.0\.0\/33" is neither/);
  });
});
