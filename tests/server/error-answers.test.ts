/**
 * What the framework refuses answers in the catalogue's { message, code } shape too: a broken
 * URL, a content type no route takes, a body too large or not JSON, a static file that is
 * hidden or missing, HTTP the server cannot parse (headers too large, garbage). A database
 * value error is a 400. A genuine fault is a 500 with a request id and nothing from the inside.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { createBaseApp, type ServerApp } from '../../server/http/create-app.ts';
import { isPublic } from '../../server/http/permissions.ts';

let t: TestServer;
let admin: Session;
let bare: ServerApp;
let port: number;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const { uploadsDir } = t.ctx.config;
  await mkdir(path.join(uploadsDir, 'users'), { recursive: true });
  await writeFile(path.join(uploadsDir, 'users', '.hidden.png'), 'hidden');

  // A server of the same make with routes that fail the ways a handler can.
  bare = await createBaseApp(t.ctx, 'api');
  const open = { config: { permission: isPublic('test') } };
  bare.app.get('/fault', open, async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 at /srv/app/server/secret-path.ts');
  });
  bare.app.get('/bad-cast', open, async () => sql`select 'not a number'::int`.execute(t.ctx.db));
  bare.app.get('/nul-in-sql', open, async () => sql`select ${'a\u0000b'}::text`.execute(t.ctx.db));
  // Writes no route of ours makes unasked: they document the database's 409 themselves.
  const writes = { ...open, schema: { response: { 409: { $ref: 'error' } } } };
  bare.app.post('/dangling-reference', writes, async () =>
    sql`insert into sessions (id, user_id, keep_login, refresh_until) values ('s-1', 'no-such-user', true, now())`.execute(t.ctx.db),
  );
  bare.app.post('/taken', writes, async () =>
    sql`insert into app_secrets (name, value) select name, value from app_secrets limit 1`.execute(t.ctx.db),
  );
  bare.app.get('/missing-table', open, async () => sql`select * from no_such_table`.execute(t.ctx.db));
  const address = await t.auth.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await bare?.app.close();
  await t?.close();
});

const call = caller(() => t.auth.app);
const asAdmin = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) => call(method, url, { ...opts, token: admin.token });
const json = (contentType: string, payload: string | Buffer) => ({ payload, headers: { 'content-type': contentType } });

describe('framework refusals answer from the catalogue', () => {
  it.each([
    ['a broken %-encoding in the path', () => asAdmin('GET', '/designation/%E0%A4%A'), 400, 'BAD_URL'],
    ['a broken %-encoding in a public path', () => call('GET', '/uploads/%E0%A4%A'), 400, 'BAD_URL'],
    ['a path segment over 100 characters', () => asAdmin('GET', `/designation/${'x'.repeat(101)}`), 414, 'URI_TOO_LONG'],
    [
      'a content type no route takes',
      () => asAdmin('POST', '/designation', json('application/xml', '<name/>')),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'no content type at all',
      () => asAdmin('POST', '/designation', { payload: '{"name":"x"}', headers: { 'content-type': '' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a body over 1 MB',
      () => asAdmin('POST', '/designation', json('application/json', `{"name":"${'x'.repeat(1024 * 1024)}"}`)),
      413,
      'TOO_LARGE',
    ],
    ['malformed JSON', () => asAdmin('POST', '/designation', json('application/json', '{"name":')), 400, 'INVALID_JSON'],
    [
      'a JSON body setting __proto__',
      () => asAdmin('POST', '/designation', json('application/json', '{"__proto__":{"admin":true}}')),
      400,
      'INVALID_JSON',
    ],
    [
      'an empty body with a JSON content type',
      () => asAdmin('POST', '/designation', json('application/json', '')),
      400,
      'VALIDATION_FAILED',
    ],
    ['a dotfile name under /uploads/', () => call('GET', '/uploads/users/.hidden.png'), 404, 'NOT_FOUND'],
    ['a NUL in a photo path', () => call('GET', '/uploads/users/%00.png'), 400, 'VALIDATION_FAILED'],
    ['a missing stored photo', () => call('GET', '/uploads/users/nobody.png'), 404, 'NOT_FOUND'],
    ['a path no route has', () => call('GET', '/no-such-path'), 404, 'NO_ROUTE'],
    ['a method the path does not have', () => call('PATCH', '/health'), 405, 'METHOD_NOT_ALLOWED'],
  ])('%s', async (_what, send, status, code) => {
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json();
    expect(body.code).toBe(code);
    expect(typeof body.message).toBe('string');
    expect(Object.keys(body).sort()).toEqual(body.fields ? ['code', 'fields', 'message'] : ['code', 'message']);
  });

  it('says what is missing when the body is empty, and that a hidden file is simply not there', async () => {
    expect((await asAdmin('POST', '/designation', json('application/json', ''))).json().message).toBe(
      'The request body is missing; send a JSON object',
    );
    expect((await call('GET', '/uploads/users/.hidden.png')).json()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    // The photo's name is the route's parameter: the answer names it.
    expect((await call('GET', '/uploads/users/%00.png')).json().fields).toEqual({
      name: 'name must not contain a NUL character (\\u0000)',
    });
  });
});

/** Raw HTTP over a socket: what a client gets when its request cannot even be parsed. */
function rawHttp(request: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), body: JSON.parse(rest.join('\r\n\r\n')) });
    });
  });
}

describe('HTTP the server cannot parse', () => {
  it('answers headers too large with 431 in the catalogue shape', async () => {
    const res = await rawHttp(`GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res).toEqual({ status: 431, body: { code: 'HEADERS_TOO_LARGE', message: 'The request headers are too large' } });
  });

  it('answers garbage with 400 in the catalogue shape', async () => {
    const res = await rawHttp('GARBAGE\r\n\r\n');
    expect(res).toEqual({ status: 400, body: { code: 'BAD_REQUEST', message: 'The request is not valid HTTP' } });
  });

  it('answers a broken %-encoding with 400 BAD_URL over a real connection too', async () => {
    const res = await rawHttp('GET /desig%E0%A4%Anation HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 'BAD_URL', message: 'The address is not valid: it contains a broken %-encoded character' });
  });
});

describe('database errors and genuine faults', () => {
  it('answers a value the database refuses with 400, naming no internals', async () => {
    for (const url of ['/bad-cast', '/nul-in-sql']) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        code: 'INVALID_VALUE',
        message: 'A value in the request cannot be stored; check the text for unusual characters',
      });
    }
  });

  it('answers a constraint no handler named with 409 from the catalogue', async () => {
    expect((await bare.app.inject({ method: 'POST', url: '/dangling-reference' })).json()).toEqual({
      code: 'REFERENCE_GONE',
      message: 'A record this refers to no longer exists',
    });
    expect((await bare.app.inject({ method: 'POST', url: '/taken' })).json()).toEqual({
      code: 'DUPLICATE',
      message: 'This value is already taken',
    });
  });

  it('answers a fault with 500, a request id and nothing from the inside', async () => {
    for (const url of ['/fault', '/missing-table']) {
      const res = await bare.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json(), url).toEqual({
        code: 'INTERNAL',
        message: 'Something went wrong on the server',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
      expect(res.body, url).not.toMatch(/ECONNREFUSED|secret-path|no_such_table|relation/);
    }
  });
});
