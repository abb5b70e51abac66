/**
 * The sign-in rate limit (LOGIN_RATE_LIMIT attempts a minute from one address) holds across
 * instances: two auth servers on one database, each with a pool of its own, count the same
 * attempts (server/http/rate-limit-store.ts), where counts in process memory would let each
 * instance allow the limit again.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';

const LIMIT = 4;
const config = { loginRateLimit: { max: LIMIT, windowMs: 60_000 } };
let a: TestServer;
let b: TestServer;

beforeAll(async () => {
  a = await startTestServer({ config });
  b = await startTestServer({ config, sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const attempt = (server: TestServer, from: string, password = 'not the password') =>
  server.auth.app.inject({ method: 'POST', url: '/login', payload: { email: ADMIN_EMAIL, password }, remoteAddress: from });
const statusesOf = (answers: Array<{ statusCode: number }>) => answers.map((r) => r.statusCode);
const windows = async () =>
  (await sql<{ key: string; hits: number }>`select key, hits from rate_limits order by key`.execute(a.ctx.db)).rows;

describe('the sign-in rate limit on two instances', () => {
  it('refuses the attempt after the limit whichever instance gets it; another address is not held back', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await attempt(i % 2 ? b : a, '192.0.2.1'));
    expect(statusesOf(answers)).toEqual([401, 401, 401, 401, 429, 429]);
    expect(answers[5]!.json()).toEqual({ code: 'RATE_LIMITED', message: 'Too many requests, please wait a minute and try again' });
    expect((await attempt(b, '192.0.2.2', ADMIN_PASSWORD)).statusCode).toBe(200);
    expect(await windows()).toEqual([
      { key: 'POST /login 192.0.2.1', hits: LIMIT + 2 },
      { key: 'POST /login 192.0.2.2', hits: 1 },
    ]);
  });

  it('lets exactly the limit through when attempts reach both instances at once', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => attempt(i % 2 ? b : a, '192.0.2.3')));
    const statuses = statusesOf(answers).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12 - LIMIT);
  });

  it('starts a window again once it has ended, and the sweep removes the ended ones', async () => {
    // A minute passes for the address of the first test only.
    await sql`update rate_limits set window_ends = now() - interval '1 second' where key like '%192.0.2.1'`.execute(a.ctx.db);
    expect((await attempt(b, '192.0.2.1', ADMIN_PASSWORD)).statusCode).toBe(200);
    await sql`update rate_limits set window_ends = now() - interval '1 second' where key like '%192.0.2.2'`.execute(a.ctx.db);
    await a.ctx.jobs.runTask('rate-limit-sweep');
    expect(await windows()).toEqual([
      { key: 'POST /login 192.0.2.1', hits: 1 },
      { key: 'POST /login 192.0.2.3', hits: 12 },
    ]);
  });
});

describe('RATE_LIMIT_STORE=memory', () => {
  it('counts in each process: two instances allow the limit each (for one instance only)', async () => {
    const memory = { ...config, rateLimitStore: 'memory' as const };
    const first = await startTestServer({ config: memory });
    const second = await startTestServer({ config: memory, sameDatabaseAs: first });
    try {
      const answers = [];
      for (let i = 0; i < 2 * LIMIT; i++) answers.push(await attempt(i % 2 ? second : first, '192.0.2.4', ADMIN_PASSWORD));
      expect(statusesOf(answers)).toEqual(Array(2 * LIMIT).fill(200));
      expect((await attempt(first, '192.0.2.4', ADMIN_PASSWORD)).statusCode).toBe(429);
      expect(await sql`select 1 from rate_limits`.execute(first.ctx.db).then((r) => r.rows)).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
