/**
 * The answer check (tests/support/answer-check.ts) that keeps /docs/json true: every answer a
 * server test receives is held against what its route documents. Here it is shown answers that
 * break the document on purpose, on a server of the same make, and must name each one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersChecked, takeMismatches } from '../support/answer-check.ts';
import { createBaseApp, type ServerApp } from '../../server/http/create-app.ts';
import { isPublic } from '../../server/http/permissions.ts';
import { problems } from '../../server/http/errors.ts';

let t: TestServer;
let bare: ServerApp;
beforeAll(async () => {
  t = await startTestServer();
  bare = await createBaseApp(t.ctx, 'api');
  const open = { config: { permission: isPublic('test') } };
  const counted = {
    response: { 200: { type: 'object', required: ['n'], additionalProperties: false, properties: { n: { type: 'integer' } } } },
  };
  bare.app.get('/as-documented', { ...open, schema: counted }, async () => ({ n: 1 }));
  bare.app.get('/wrong-shape', { ...open, schema: counted }, async () => ({ n: 'one' }));
  bare.app.get('/undocumented-status', { ...open, schema: counted }, async (_request, reply) =>
    reply.status(202 as never).send({ n: 1 } as never),
  );
  bare.app.get('/not-json', { ...open, schema: counted }, async (_request, reply) => reply.type('text/plain').send('n=1'));
  bare.app.get('/things/:id', { ...open, schema: counted }, async () => {
    throw problems.badRequest('A code no rule documents for this route');
  });
  await bare.app.ready();
});
afterAll(async () => {
  await bare?.app.close();
  await t?.close();
});

const get = (url: string) => bare.app.inject({ method: 'GET', url });

describe('the answer check', () => {
  it('lets answers that match their documentation pass', async () => {
    const before = answersChecked();
    expect((await get('/as-documented')).statusCode).toBe(200);
    expect((await get('/no-such-path')).statusCode).toBe(404);
    expect((await t.auth.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect(answersChecked() - before).toBe(3);
    expect(takeMismatches()).toEqual([]);
  });

  it('names a body that does not match, with the route, the status and what ajv found', async () => {
    await get('/wrong-shape');
    const [mismatch, ...more] = takeMismatches();
    expect(more).toEqual([]);
    expect(mismatch).toMatch(/^GET \/wrong-shape answered 200: the body does not match the documented schema: \/n must be integer/);
  });

  it('names a status the route does not document', async () => {
    await get('/undocumented-status');
    expect(takeMismatches()).toEqual([
      expect.stringMatching(
        /^GET \/undocumented-status answered 202, a status its documentation does not list \(documented: 200, 400, 500, 503\)/,
      ),
    ]);
  });

  it('names an answer that is not the documented JSON', async () => {
    await get('/not-json');
    expect(takeMismatches()).toEqual([expect.stringMatching(/^GET \/not-json answered 200 with text\/plain.*documented as JSON/)]);
  });

  it('names an error code its status does not list', async () => {
    const res = await get('/things/1');
    expect(res.statusCode).toBe(400);
    expect(takeMismatches()).toEqual([
      expect.stringMatching(
        /^GET \/things\/:id answered 400: code BAD_REQUEST is not among the codes documented for this status \(BAD_URL, INVALID_VALUE, VALIDATION_FAILED\)/,
      ),
    ]);
  });

  it('checks the servers the tests use, every answer', async () => {
    const before = answersChecked();
    await t.auth.app.inject({ method: 'GET', url: '/role' });
    await t.api.app.inject({ method: 'PUT', url: '/health' });
    expect(answersChecked() - before).toBe(2);
    expect(takeMismatches()).toEqual([]);
  });
});
