/**
 * The console page keeps the session token in localStorage, so it carries a
 * Content-Security-Policy: its own scripts only, requests only to its two servers, never framed.
 * The /docs pages of both servers carry one too. (That the built console and Swagger UI run
 * under them without a violation is checked in Chromium: tests/browser/content-security-policy.spec.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config.ts';
import { createConsoleServer } from '../../server/console-server.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';

/** `{ directive: [sources] }` of a Content-Security-Policy header. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

let dist: string;
const consoles: FastifyInstance[] = [];
async function consoleServer(env: Record<string, string>) {
  const app = await createConsoleServer(loadConfig({ AUTH_PORT: '9081', API_PORT: '9082', ...env }, { logLevel: 'silent' }), dist);
  consoles.push(app);
  return app;
}

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-console-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Fieldbase</title>');
});
afterAll(async () => {
  for (const app of consoles) await app.close();
  await rm(dist, { recursive: true, force: true });
});

describe('the console page', () => {
  it('may run only its own scripts, talk only to its two servers and never be framed', async () => {
    const app = await consoleServer({});
    for (const url of ['/', '/login', '/index.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { host: 'localhost:8080' } });
      expect(res.statusCode).toBe(200);
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['connect-src']).toEqual(["'self'", 'http://localhost:9081', 'http://localhost:9082']);
      // User photos from the auth server, program images from the api server, map tiles from OpenStreetMap's tile server.
      expect(csp['img-src']).toEqual([
        "'self'",
        'data:',
        'blob:',
        'http://localhost:9081',
        'http://localhost:9082',
        'https://tile.openstreetmap.org',
      ]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['form-action']).toEqual(["'self'"]);
    }
  });

  it('names the servers on the host the page was opened on, as the page itself finds them', async () => {
    const app = await consoleServer({});
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: '127.0.0.1:8080' } });
    expect(directives(res.headers['content-security-policy'])['connect-src']).toEqual([
      "'self'",
      'http://127.0.0.1:9081',
      'http://127.0.0.1:9082',
    ]);
  });

  it('names AUTH_URL and API_URL when they are set', async () => {
    const app = await consoleServer({ AUTH_URL: 'https://auth.example.org/', API_URL: 'https://api.example.org/v1' });
    const csp = directives((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://auth.example.org', 'https://api.example.org']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://auth.example.org', 'https://api.example.org']));
  });

  it('lets in Google Maps, and hands the page its key, only when GOOGLE_MAPS_API_KEY is set', async () => {
    const without = await consoleServer({});
    const plain = String((await without.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(plain).not.toMatch(/google|gstatic/);
    expect((await without.inject({ method: 'GET', url: '/config.json' })).json()).not.toHaveProperty('googleMapsApiKey');

    const withKey = await consoleServer({ GOOGLE_MAPS_API_KEY: ' maps-key-1 ' });
    const csp = directives((await withKey.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'", 'https://maps.googleapis.com', 'https://maps.gstatic.com']);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", 'http://localhost:9081', 'https://*.googleapis.com']));
    expect(csp['img-src']).toEqual(expect.arrayContaining(['blob:', 'https://*.gstatic.com']));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect((await withKey.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({ googleMapsApiKey: 'maps-key-1' });
  });

  it("lets in map tiles from MAP_TILES_URL's host, images only, and none at all when it is none", async () => {
    const custom = await consoleServer({
      MAP_TILES_URL: 'https://{s}.tiles.example.org:8443/osm/{z}/{x}/{y}.png',
      MAP_TILES_ATTRIBUTION: '© Example',
    });
    const csp = directives((await custom.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:9081',
      'http://localhost:9082',
      'https://*.tiles.example.org:8443',
    ]);
    for (const directive of ['script-src', 'connect-src', 'style-src', 'font-src'])
      expect(csp[directive]!.join(' ')).not.toContain('example.org');
    expect(String((await custom.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).not.toContain('openstreetmap');
    expect((await custom.inject({ method: 'GET', url: '/config.json' })).json()).toMatchObject({
      mapTiles: {
        url: 'https://{s}.tiles.example.org:8443/osm/{z}/{x}/{y}.png',
        attribution: '© Example',
      },
    });

    // none: no tile host, no Google either (even with a key), and the page is told maps are off.
    const off = await consoleServer({
      MAP_TILES_URL: 'none',
      GOOGLE_MAPS_API_KEY: 'maps-key-1',
    });
    const header = String((await off.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(directives(header)['img-src']).toEqual(["'self'", 'data:', 'blob:', 'http://localhost:9081', 'http://localhost:9082']);
    expect(header).not.toMatch(/openstreetmap|google|gstatic/);
    const config = (await off.inject({ method: 'GET', url: '/config.json' })).json();
    expect(config.mapTiles).toBeNull();
    expect(config).not.toHaveProperty('googleMapsApiKey');
  });

  it('refuses to start on a MAP_TILES_URL that is no tile address, saying what it must be', () => {
    for (const url of [
      'tile.example.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'javascript:{z}{x}{y}',
      'https://exa mple/{z}/{x}/{y}',
    ]) {
      expect(() => loadConfig({ MAP_TILES_URL: url }), url).toThrow(
        /MAP_TILES_URL must be an http\(s\) tile address with \{z\}, \{x\} and \{y\}/,
      );
    }
  });

  it('never writes a forged Host header into the policy', async () => {
    const app = await consoleServer({});
    const res = await app.inject({ method: 'GET', url: '/', headers: { host: "evil.example; script-src 'unsafe-inline'" } });
    const header = String(res.headers['content-security-policy']);
    expect(header).not.toContain('evil');
    expect(directives(header)['script-src']).toEqual(["'self'"]);
  });
});

describe('the /docs pages', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  for (const server of ['auth', 'api'] as const) {
    it(`of the ${server} server run only their own scripts and are never framed`, async () => {
      for (const url of ['/docs', '/docs/static/index.html', '/docs/json']) {
        const res = await t[server].app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBeLessThan(400);
        const csp = directives(res.headers['content-security-policy']);
        expect(csp['default-src']).toEqual(["'self'"]);
        expect(csp['script-src']).toEqual(["'self'"]);
        expect(csp['connect-src']).toEqual(["'self'"]);
        expect(csp['frame-ancestors']).toEqual(["'none'"]);
        expect(csp['object-src']).toEqual(["'none'"]);
      }
    });
  }

  // helmet's set, worked out once (server/http/security-headers.ts): on answers, refusals and 404s alike.
  const API_SECURITY_HEADERS = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'cross-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  for (const server of ['auth', 'api'] as const) {
    it(`every answer of the ${server} server carries the security headers, a refusal and a 404 too`, async () => {
      const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
      const list = server === 'auth' ? '/role' : '/form';
      const answers = [
        await t[server].app.inject({ method: 'GET', url: '/health' }),
        await t[server].app.inject({ method: 'GET', url: list, headers: admin.headers }),
        await t[server].app.inject({ method: 'GET', url: list }),
        await t[server].app.inject({ method: 'GET', url: '/no-such-route', headers: admin.headers }),
      ];
      expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 401, 404]);
      for (const res of answers) expect(res.headers).toMatchObject(API_SECURITY_HEADERS);
    });
  }
});

describe('the console page', () => {
  it('carries the security headers, and may not be framed at all', async () => {
    const res = await (await consoleServer({})).inject({ method: 'GET', url: '/' });
    expect(res.headers).toMatchObject({ 'x-frame-options': 'DENY', 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer' });
    expect(res.headers).not.toHaveProperty('cross-origin-embedder-policy');
  });
});
