/**
 * GET /ready, which a load balancer asks before sending an instance requests: ready once the
 * database answers and has every migration the server's code needs; 503 NOT_READY otherwise.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const ready = (server: TestServer, kind: 'auth' | 'api') => server[kind].app.inject({ method: 'GET', url: '/ready' });

describe('GET /ready', () => {
  it('answers ready on both servers of a migrated database', async () => {
    for (const kind of ['auth', 'api'] as const) {
      const res = await ready(t, kind);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ready: true, server: kind });
    }
  });

  it('answers 503 while a migration the code needs has not run', async () => {
    const [last] = (
      await sql<{
        name: string;
      }>`delete from kysely_migration where name = (select max(name) from kysely_migration) returning name`.execute(t.ctx.db)
    ).rows;
    try {
      const res = await ready(t, 'api');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'NOT_READY', message: 'This server is not ready: its database is not migrated yet' });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last!.name}, now())`.execute(t.ctx.db);
    }
    expect((await ready(t, 'api')).statusCode).toBe(200);
  });

  it('answers 503 when its database does not answer', async () => {
    const other = await startTestServer({ sameDatabaseAs: t });
    try {
      await other.ctx.db.destroy();
      const res = await ready(other, 'auth');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 'NOT_READY', message: 'This server is not ready: its database does not answer' });
    } finally {
      await other.close();
    }
  });
});
