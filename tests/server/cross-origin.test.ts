/**
 * The console is served from its own origin, so every verb the spec uses must pass the
 * browser's CORS preflight, and the list total (Content-Range) must be readable by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const preflight = (method: string) =>
  t.auth.app.inject({
    method: 'OPTIONS',
    url: '/designation/some-id',
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization,content-type',
    },
  });

describe('cross-origin calls from the console', () => {
  for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
    it(`lets the browser send ${method}`, async () => {
      const res = await preflight(method);
      expect(res.statusCode).toBe(204);
      expect(String(res.headers['access-control-allow-methods']).split(',').map((m) => m.trim())).toContain(method);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    });
  }

  it('exposes Content-Range, which the console reads for list totals', async () => {
    const res = await preflight('GET');
    expect(res.headers['access-control-expose-headers']).toContain('Content-Range');
  });
});
