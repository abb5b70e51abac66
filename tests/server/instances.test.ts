/**
 * Several instances of the servers on one database, as behind a load balancer: a session
 * signed out through one is refused by the other, two starting together migrate once, and a
 * job sent through either runs once, on one of them.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createTestDatabase } from '../support/test-database.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type TestServer } from '../support/test-server.ts';

let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances on one database', () => {
  it('a session opened through one serves on the other until it is signed out through either', async () => {
    const { token } = await a.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await b.auth.app.inject({ method: 'GET', url: '/user', headers: bearer(token) })).statusCode).toBe(200);
    expect((await b.auth.app.inject({ method: 'GET', url: '/logout', headers: bearer(token) })).statusCode).toBe(200);
    for (const server of [a, b]) {
      const refused = await server.auth.app.inject({ method: 'GET', url: '/user', headers: bearer(token) });
      expect(refused.statusCode).toBe(401);
    }
  });

  it('runs a job sent through either instance once, on one of them', async () => {
    const ran: Array<{ n: number; on: string }> = [];
    for (const [on, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      server.ctx.jobs.define<{ n: number }>({
        name: 'instances-test',
        concurrency: 2,
        retryLimit: 0,
        expireInSeconds: 60,
        handle: async ({ n }) => void ran.push({ n, on }),
      });
    }
    // Each instance makes the queue as it defines it (pg-boss's createQueue), a moment later.
    await expect
      .poll(async () => (await sql`select 1 from pgboss.queue where name = 'instances-test'`.execute(a.ctx.db)).rows.length, {
        timeout: 30_000,
      })
      .toBe(1);
    const sent = 20;
    for (let n = 0; n < sent; n++) await (n % 2 ? b : a).ctx.jobs.send('instances-test', { n });
    a.ctx.jobs.wake('instances-test');
    b.ctx.jobs.wake('instances-test');
    await expect.poll(() => ran.length, { timeout: 60_000 }).toBe(sent);
    expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: sent }, (_, n) => n));
    // pg-boss records a job's end a moment after its handler settles.
    const completed = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pgboss.job where name = 'instances-test' and state = 'completed'`.execute(
          a.ctx.db,
        )
      ).rows[0]!.n;
    await expect.poll(completed, { timeout: 60_000 }).toBe(sent);
    expect(ran).toHaveLength(sent);
  });
});

describe('instances starting together', () => {
  it('migrate an empty database once between them, and both find it complete', async () => {
    const database = await createTestDatabase(inject('pgAdminUrl'));
    const pools = [createDb(database.url), createDb(database.url), createDb(database.url)];
    try {
      await Promise.all(pools.map((db) => migrate(db)));
      const { rows } = await sql<{ name: string; n: number }>`
        select name, count(*)::int as n from kysely_migration group by name having count(*) > 1`.execute(pools[0]!);
      expect(rows).toEqual([]);
      const done = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(pools[0]!);
      expect(done.rows[0]!.n).toBeGreaterThanOrEqual(27);
    } finally {
      for (const db of pools) await db.destroy();
      await database.drop();
    }
  });
});
