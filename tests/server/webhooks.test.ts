/**
 * Webhooks: each change a webhook asks for is POSTed to it from the change log, signed with its
 * secret, exactly once and in order per record; a refused delivery is tried again after pauses
 * that double, and the delivery log shows every attempt; a paused webhook keeps its events until
 * it is active again; "send again" and the test ping; and URLs to this machine are refused
 * unless WEBHOOK_ALLOW_PRIVATE says otherwise. The receiver is a real HTTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { addProgram, programForm, sendForm } from '../support/programs.ts';
import { WEBHOOK_TASK, pauseBefore } from '../../server/webhooks/webhook-deliveries.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';

const SECRET = 'a-long-enough-webhook-secret';
const RETRY_FIRST_MS = 150;

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: { id?: string; event: string; seq?: number; record_id?: string };
  at: number;
}

/** A receiver on loopback: each path answers as `answers` says (200 unless told), and keeps every request. */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const bodies = new Map<string, string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body, json: JSON.parse(body), at: Date.now() });
      const status = answers.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(bodies.get(path) ?? (status === 200 ? 'thanks' : 'not now'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    at: (path: string) => received.filter((r) => r.path === path),
    answers,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestServer;
let admin: Session;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const api = caller(() => t.api.app);

beforeAll(async () => {
  receiver = await startReceiver();
  t = await startTestServer({ config: { webhooks: { allowPrivate: true, retryFirstMs: RETRY_FIRST_MS } } });
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function addWebhook(name: string, path: string, events: string[]): Promise<string> {
  const res = await api('POST', '/webhook', {
    token: admin.token,
    payload: { name, url: receiver.url(path), secret: SECRET, events: Object.fromEntries(events.map((e) => [e, true])) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

/** Feeds and kicks until `done` holds: the work is bounded by count (each round reads what is there), never by a clock. */
async function deliverUntil(done: () => boolean, rounds = 400) {
  for (let i = 0; i < rounds && !done(); i++) {
    await t.ctx.jobs.runTask(WEBHOOK_TASK);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(done(), 'deliveries arrived').toBe(true);
}

const validSignature = (r: Received) =>
  r.headers['x-fieldbase-signature'] === `sha256=${createHmac('sha256', SECRET).update(r.body).digest('hex')}`;

async function patchProgram(id: string, fields: Record<string, string>) {
  const res = await sendForm(t, 'PATCH', `/program/${id}`, admin.token, programForm({ program_head: undefined, ...fields }));
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('delivery', () => {
  it('POSTs every event asked for exactly once, in order per record, each signed with the secret', async () => {
    const webhookId = await addWebhook('Every program change', '/programs', ['program.created', 'program.updated', 'program.locked']);
    const first = await addProgram(t, admin.token, { name: 'Hooked wells' });
    const second = await addProgram(t, admin.token, { name: 'Hooked latrines' });
    for (let i = 1; i <= 3; i++) {
      expect((await patchProgram(first._id, { description: `First, take ${i}` })).statusCode).toBe(200);
      expect((await patchProgram(second._id, { description: `Second, take ${i}` })).statusCode).toBe(200);
    }
    expect((await api('PATCH', `/program/change/lock/status/${first._id}`, { token: admin.token })).statusCode).toBe(200);
    const expected = 2 + 6 + 1;
    await deliverUntil(() => receiver.at('/programs').length >= expected);
    // Twice as many rounds again: nothing more comes (no event twice).
    for (let i = 0; i < 10; i++) await t.ctx.jobs.runTask(WEBHOOK_TASK);
    const got = receiver.at('/programs');
    expect(got).toHaveLength(expected);
    expect(got.every(validSignature)).toBe(true);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(expected);
    expect(got.every((r) => r.headers['x-fieldbase-event'] === r.json.event && r.headers['x-fieldbase-delivery'] === r.json.id)).toBe(true);

    // Per record: the change log's order, event by event.
    const ofRecord = (id: string) => got.filter((r) => r.json.record_id === id);
    expect(ofRecord(first._id).map((r) => r.json.event)).toEqual([
      'program.created',
      'program.updated',
      'program.updated',
      'program.updated',
      'program.locked',
    ]);
    expect(ofRecord(second._id).map((r) => r.json.event)).toEqual([
      'program.created',
      'program.updated',
      'program.updated',
      'program.updated',
    ]);
    for (const id of [first._id, second._id]) {
      const seqs = ofRecord(id).map((r) => r.json.seq!);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    const log = await api('GET', `/webhook/${webhookId}/deliveries`, { token: admin.token });
    expect(log.statusCode).toBe(200);
    expect(log.json()).toHaveLength(expected);
    expect(log.json().every((d: { status: string; attempts: number }) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    // Done with it: paused, it takes no part in the tests below.
    expect((await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(200);
  });

  it('tries a refused delivery again after pauses that double: 500, 500, 500, then 200 is four attempts in the log', async () => {
    receiver.answers.set('/flaky', [500, 500, 500]);
    const webhookId = await addWebhook('Flaky receiver', '/flaky', ['program.created']);
    const program = await addProgram(t, admin.token, { name: 'Hooked boreholes' });
    await deliverUntil(
      () =>
        receiver.at('/flaky').some((r) => r.json.record_id === program._id && receiver.answers.get('/flaky')!.length === 0) &&
        receiver.at('/flaky').length >= 4,
    );
    const got = receiver.at('/flaky');
    expect(got).toHaveLength(4);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
    // Each attempt waited at least its pause after the one before.
    for (let attempt = 1; attempt < 4; attempt++)
      expect(got[attempt]!.at - got[attempt - 1]!.at).toBeGreaterThanOrEqual(pauseBefore(attempt, RETRY_FIRST_MS));

    const [delivery] = (await api('GET', `/webhook/${webhookId}/deliveries`, { token: admin.token })).json();
    expect(delivery).toMatchObject({ event: 'program.created', status: 'delivered', attempts: 4, record_id: program._id });
    expect(delivery.tries.map((a: { status: number }) => a.status)).toEqual([500, 500, 500, 200]);
    expect(delivery.tries.map((a: { answer: string }) => a.answer)).toEqual(['not now', 'not now', 'not now', 'thanks']);

    // Sent again on request: one more attempt, the same delivery id.
    expect((await api('POST', `/webhook/delivery/${delivery.id}/resend`, { token: admin.token })).statusCode).toBe(204);
    await deliverUntil(() => receiver.at('/flaky').length === 5);
    expect(receiver.at('/flaky')[4]!.json.id).toBe(delivery.id);
    const [again] = (await api('GET', `/webhook/${webhookId}/deliveries`, { token: admin.token })).json();
    expect(again).toMatchObject({ status: 'delivered', attempts: 5 });
    expect((await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(200);
  });

  it('a paused webhook keeps its events and sends them, in order, once it is active again', async () => {
    const webhookId = await addWebhook('Paused for a while', '/paused', ['program.created', 'program.updated']);
    expect((await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(200);
    const program = await addProgram(t, admin.token, { name: 'Hooked clinics' });
    expect((await patchProgram(program._id, { description: 'While paused' })).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) await t.ctx.jobs.runTask(WEBHOOK_TASK);
    expect(receiver.at('/paused')).toHaveLength(0);
    expect((await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { status: true } })).statusCode).toBe(200);
    await deliverUntil(() => receiver.at('/paused').length === 2);
    expect(receiver.at('/paused').map((r) => r.json.event)).toEqual(['program.created', 'program.updated']);
  });

  it('a refused write is no event, and an answer with a NUL in it is logged (the delivery ends)', async () => {
    const webhookId = await addWebhook('Refusals and odd answers', '/odd', ['program.created', 'program.updated']);
    // A role without the flag tries to change a program: refused (403), logged as refused, told to nobody.
    const program = await addProgram(t, admin.token, { name: 'Hooked ponds' });
    const role = await insertRole(t.ctx.db, {
      role: 'Program reader',
      permission: flags(false, { can_access_dashboard: true, can_get_program: true }),
    });
    await insertUser(t.ctx.db, { email: 'reader@example.com', password: 'reader passphrase', roleId: role.id });
    const reader = await t.loginAs('reader@example.com', 'reader passphrase');
    const refused = await sendForm(
      t,
      'PATCH',
      `/program/${program._id}`,
      reader.token,
      programForm({ program_head: undefined, description: 'Not allowed' }),
    );
    expect(refused.statusCode).toBe(403);
    receiver.bodies.set('/odd', 'ok\u0000done');
    await deliverUntil(() => receiver.at('/odd').length >= 1);
    for (let i = 0; i < 10; i++) await t.ctx.jobs.runTask(WEBHOOK_TASK);
    expect(receiver.at('/odd').map((r) => r.json.event)).toEqual(['program.created']);
    const [delivery] = (await api('GET', `/webhook/${webhookId}/deliveries`, { token: admin.token })).json();
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivery.tries[0].answer).toBe('ok\uFFFDdone');
    expect((await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(200);
  });

  it('the test button sends a signed ping now and answers what came back', async () => {
    const webhookId = await addWebhook('Pinged', '/ping', ['form.published']);
    const res = await api('POST', `/webhook/${webhookId}/test`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, status: 200, answer: 'thanks' });
    const [ping] = receiver.at('/ping');
    expect(ping!.json.event).toBe('ping');
    expect(validSignature(ping!)).toBe(true);
  });

  it('never answers the secret; a new webhook needs one; an edit without one keeps it; deleting a webhook deletes its deliveries', async () => {
    const webhookId = await addWebhook('Kept secret', '/kept', ['program.created']);
    const shown = await api('GET', `/webhook/${webhookId}`, { token: admin.token });
    expect(shown.json()).not.toHaveProperty('secret');
    expect((await api('GET', '/webhook', { token: admin.token })).body).not.toContain(SECRET);
    const noSecret = await api('POST', '/webhook', {
      token: admin.token,
      payload: { name: 'No secret', url: receiver.url('/x'), events: {} },
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().fields).toEqual({ secret: 'Secret is required' });

    expect(
      (await api('PATCH', `/webhook/${webhookId}`, { token: admin.token, payload: { name: 'Kept secret, renamed' } })).statusCode,
    ).toBe(200);
    await addProgram(t, admin.token, { name: 'Hooked markets' });
    await deliverUntil(() => receiver.at('/kept').length === 1);
    expect(validSignature(receiver.at('/kept')[0]!)).toBe(true);

    expect((await api('DELETE', `/webhook/${webhookId}`, { token: admin.token })).statusCode).toBe(200);
    const left = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries where webhook_id = ${webhookId}`.execute(
      t.ctx.db,
    );
    expect(left.rows[0]!.n).toBe(0);
  });
});

describe('addresses (server-side request forgery)', () => {
  let strict: TestServer;
  let strictAdmin: Session;
  beforeAll(async () => {
    strict = await startTestServer({ sameDatabaseAs: t });
    strictAdmin = await strict.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(() => strict?.close());

  it.each([
    ['http://127.0.0.1:9/hook', '127.0.0.1'],
    ['http://127.8.9.10/hook', '127.8.9.10'],
    ['http://[::1]:8080/hook', '::1'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254'],
    ['http://[::ffff:127.0.0.1]/hook', '127.0.0.1'],
    ['http://0.0.0.0:8082/', '0.0.0.0'],
    ['http://localhost:8082/hook', 'localhost'],
  ])('refuses %s by default', async (url, named) => {
    const res = await caller(() => strict.api.app)('POST', '/webhook', {
      token: strictAdmin.token,
      payload: { name: `Refused ${url}`, url, secret: SECRET, events: { 'program.created': true } },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().fields.url).toMatch(/address of this server or its link/);
    expect(res.json().fields.url).toMatch(named === 'localhost' ? /127\.0\.0\.1|::1/ : new RegExp(named.replace(/[.[\]]/g, '\\$&')));
  });

  it('takes an address outside this machine, and refuses a URL that is not http(s)', async () => {
    const call = caller(() => strict.api.app);
    const ok = await call('POST', '/webhook', {
      token: strictAdmin.token,
      payload: { name: 'Outside', url: 'https://93.184.216.34/hooks/fieldbase', secret: SECRET, events: { 'document.created': true } },
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const ftp = await call('POST', '/webhook', {
      token: strictAdmin.token,
      payload: { name: 'Ftp', url: 'ftp://93.184.216.34/', secret: SECRET, events: {} },
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().fields.url).toBe('URL must start with http:// or https:// and name a host');
  });
});
