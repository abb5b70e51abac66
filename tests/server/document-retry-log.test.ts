/**
 * A retried submission (the same local_id again, by the same user) is normal traffic for the
 * mobile app: it answers 200 with the stored document and logs nothing at warning or error
 * level — one retry, and ten at once (where most lose the insert race and answer the winner).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersFor, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { captureLog } from '../support/capture-log.ts';
import { watchHandlers, type HandlerWatch } from '../support/handler-watch.ts';

let t: TestServer;
let world: DocumentWorld;
let serial = 0;
let log: string[];
/** The answer comes before the handler ends: a test waits for the handlers to finish before reading the log. */
let handlers: HandlerWatch;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  log = captureLog(t.api.app, 'warn');
  handlers = watchHandlers('POST', '/document');
}, 60_000);
afterAll(async () => {
  handlers?.stop();
  await t?.close();
});

function submission() {
  return {
    local_id: `retry-log-${++serial}`,
    program_id: world.program.id,
    module: 'beneficiaries',
    type_id: world.types.beneficiary,
    form_revision_id: world.revisions.household[1],
    form_data: answersFor('beneficiaries', 2, serial),
  };
}

const post = (payload: unknown) =>
  t.api.app.inject({ method: 'POST', url: '/document', headers: world.member.headers, payload: payload as never });

/** What was logged at warning level or above, one line per entry. */
const warnings = () => log.map((line) => JSON.parse(line) as { level: number; msg?: string }).filter((entry) => entry.level >= 40);

describe('a retried submission', () => {
  it('answers 200 with the stored document, and logs no warning or error', async () => {
    const body = submission();
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(201);
    log.length = 0;
    const finished = handlers.finished(1);
    const retry = await post(body);
    await finished;
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(warnings()).toEqual([]);
  });

  it('ten at once: one 201 and nine 200 with the same document, and no warning or error', async () => {
    const body = submission();
    log.length = 0;
    const finished = handlers.finished(10);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)));
    await finished;
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    for (const replay of answers.filter((a) => a.statusCode === 200)) expect(replay.headers['idempotent-replay']).toBe('true');
    expect(warnings()).toEqual([]);
  });

  it('the capture sees what the server logs at warning level (so a silent log is no accident)', async () => {
    log.length = 0;
    t.api.app.log.warn('probe');
    expect(warnings().map((entry) => entry.msg)).toEqual(['probe']);
  });
});
