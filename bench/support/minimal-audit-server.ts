/**
 * The audit bench's yardstick: the least a server can do to answer GET /audit?limit=50[&before=N]
 * as the api server does — Fastify with one route, no plugins, plain pg: the same token check
 * (minimal-session.ts) and flag, the same statement text (auditPageQuery, prepared), and the same JSON
 * (each row as pg gives it, `at` as an ISO instant; `next` the last row's seq when more follow).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../../server/db/database.ts';
import { auditPageQuery } from '../../server/changes/audit-store.ts';
import { minimalCallerFlags } from './minimal-session.ts';

export async function minimalAuditServer(db: Db, databaseUrl: string, secret: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const key = new TextEncoder().encode(secret);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  const statement = (before: boolean) => auditPageQuery({}, 0, before ? 1n : undefined).compile(db).sql;
  const [first, older] = [statement(false), statement(true)];
  app.get<{ Querystring: { limit?: string; before?: string } }>('/audit', async (request, reply) => {
    const flags = await minimalCallerFlags(pool, key, request, reply);
    if (!flags) return reply;
    if (flags.can_get_audit !== true) return reply.status(403).send({ message: "You don't have permission", code: 'FORBIDDEN' });
    const limit = Number(request.query.limit ?? 50);
    const { before } = request.query;
    // Prepared, as the api server's statement is.
    const { rows } = await pool.query<Record<string, unknown> & { seq: string; at: Date }>(
      before === undefined
        ? { name: 'audit_first', text: first, values: [limit + 1] }
        : { name: 'audit_older', text: older, values: [before, limit + 1] },
    );
    const data = rows.slice(0, limit).map((row) => ({ ...row, at: row.at.toISOString() }));
    return { data, next: rows.length > limit ? data[data.length - 1]!.seq : null };
  });
  await app.ready();
  return { app, pool };
}
