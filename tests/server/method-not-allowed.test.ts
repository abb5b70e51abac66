/**
 * A method a path does not have answers 405 with an Allow header naming the methods it does
 * have and an error of the catalogue, on both servers; a path that does not exist stays 404,
 * and the CORS preflight (OPTIONS) still answers the browser.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { insertRole, flags } from '../support/test-users.ts';

let t: TestServer;
let roleId: string;
beforeAll(async () => {
  t = await startTestServer();
  roleId = (await insertRole(t.ctx.db, { role: 'Method Test Role', permission: flags(false) })).id;
});
afterAll(() => t?.close());

const send = (server: 'auth' | 'api', method: string, url: string) => t[server].app.inject({ method: method as never, url });

describe('a method the path does not have', () => {
  it.each([
    ['auth', 'PUT', '/role', 'GET, HEAD, POST'],
    ['auth', 'DELETE', '/role', 'GET, HEAD, POST'],
    ['auth', 'PUT', '/role/:id', 'GET, HEAD, PATCH, DELETE'],
    ['auth', 'GET', '/login', 'POST'],
    ['auth', 'POST', '/logout', 'GET, HEAD'],
    ['auth', 'DELETE', '/health', 'GET, HEAD'],
    ['api', 'POST', '/health', 'GET, HEAD'],
    ['auth', 'PATCH', '/docs/json', 'GET, HEAD'],
  ])('%s: %s %s answers 405 and names what the path allows', async (server, method, pattern, allow) => {
    const url = pattern.replace(':id', roleId);
    const res = await send(server as 'auth' | 'api', method, url);
    expect(res.statusCode, res.body).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.json()).toEqual({ code: 'METHOD_NOT_ALLOWED', message: `${method} is not allowed on ${url}; use ${allow}` });
  });

  it('answers before any token is checked, as for any path that exists', async () => {
    const res = await t.auth.app.inject({ method: 'PUT', url: `/user/${roleId}`, headers: { authorization: 'Bearer nonsense' } });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, PATCH, DELETE');
  });
});

describe('what stays as it was', () => {
  it('answers 404 for a path no method has', async () => {
    // "/login/" is another path than "/login".
    for (const [method, url] of [
      ['GET', '/no-such-path'],
      ['PUT', '/no-such-path'],
      ['DELETE', '/no-such-path'],
      ['POST', '/login/'],
    ]) {
      const res = await send('auth', method!, url!);
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.json()).toEqual({ code: 'NO_ROUTE', message: `No route ${method} ${url}` });
    }
  });

  it('answers 404 for a missing photo: the path is served, the file is not there', async () => {
    const res = await send('auth', 'GET', '/uploads/users/nobody.png');
    expect(res.statusCode).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });

  it('still lets the browser’s preflight through on a path with and without the method', async () => {
    for (const url of ['/role', `/role/${roleId}`]) {
      const res = await t.auth.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'PATCH' },
      });
      expect(res.statusCode, url).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    }
  });

  it('answers an OPTIONS that is no allowed preflight from the catalogue, not with a server error', async () => {
    const res = await t.auth.app.inject({ method: 'OPTIONS', url: '/role' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NO_ROUTE', message: 'No route OPTIONS /role' });
  });
});
