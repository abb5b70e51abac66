/**
 * The console is served from its own origin, so every verb the spec uses must pass the
 * browser's CORS preflight, and the list total (Content-Range) must be readable by it. No other
 * origin may read the answers unless CORS_ORIGINS says so, and `null` never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const preflight = (method: string, origin = 'http://localhost:8080', server = () => t) =>
  server().auth.app.inject({
    method: 'OPTIONS',
    url: '/designation/some-id',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('cross-origin calls from the console', () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    it(`lets the browser send ${method}`, async () => {
      const res = await preflight(method);
      expect(res.statusCode).toBe(204);
      expect(
        String(res.headers['access-control-allow-methods'])
          .split(',')
          .map((m) => m.trim()),
      ).toContain(method);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    });
  }

  it('exposes Content-Range, which the console reads for list totals', async () => {
    const res = await preflight('GET');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  });
});

describe('origins other than the console', () => {
  it('are allowed under each loopback name of the console (CONSOLE_URL is http://localhost:8080 here)', async () => {
    for (const origin of ['http://127.0.0.1:8080', 'http://[::1]:8080']) {
      expect((await preflight('GET', origin)).headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('may not read the answers: no Access-Control-Allow-Origin for another site or port', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:9999', 'null']) {
      expect((await preflight('POST', origin)).headers['access-control-allow-origin'], origin).toBeUndefined();
      const res = await t.api.app.inject({ method: 'GET', url: '/health', headers: { origin } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });

  it('CORS_ORIGINS=* allows any origin, still never null', async () => {
    const open = await startTestServer({ config: { corsOrigins: loadConfig({ CORS_ORIGINS: '*' }).corsOrigins } });
    try {
      expect((await preflight('GET', 'https://partner.example', () => open)).headers['access-control-allow-origin']).toBe(
        'https://partner.example',
      );
      expect((await preflight('GET', 'null', () => open)).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('the allowed origins in the configuration', () => {
  it('default to the console: CONSOLE_URL, or CONSOLE_PORT on this machine', () => {
    expect(loadConfig({ CONSOLE_URL: 'https://admin.example.org/' }).corsOrigins).toEqual(['https://admin.example.org']);
    expect(loadConfig({ CONSOLE_PORT: '18080' }).corsOrigins).toEqual([
      'http://localhost:18080',
      'http://127.0.0.1:18080',
      'http://[::1]:18080',
    ]);
  });

  it('are CORS_ORIGINS when set, without null', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, null ,https://b.example/' }).corsOrigins).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'null' }).corsOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
    ]);
  });
});
