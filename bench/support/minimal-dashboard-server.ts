/**
 * The dashboard benchmark's yardstick: the least a server can do to answer the dashboard's GET
 * routes as the api server does — Fastify with one route each, no plugins, plain pg. It does the
 * same work: the token check (minimal-session.ts, its session read prepared as the real one is),
 * the entry and route flags, then the very statements the api server runs (recorded once from
 * the server's own read functions, see `recordStatements`) as pg named prepared statements, and
 * the same mapping of rows to JSON.
 *
 * The statements are recorded for a caller who sees every document (the bench's admin): for
 * anyone else the SQL would differ, so the yardstick answers them 501 rather than something else.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import type { Database } from '../../server/db/database.ts';
import { minimalCallerFlags } from './minimal-session.ts';

/** One recorded statement: its text, and its values with the sentinels the recording used. */
export interface Statement {
  text: string;
  values: readonly unknown[];
}

/**
 * The statements `read` runs, in order, through a Kysely handle that runs them on `databaseUrl`
 * and writes each one down (the real read functions are called, so the SQL is theirs).
 */
export async function recordStatements(databaseUrl: string, read: (db: Kysely<Database>) => Promise<unknown>): Promise<Statement[]> {
  const recorded: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') recorded.push(event.query);
    },
  });
  try {
    await read(db).catch(() => undefined);
  } finally {
    await db.destroy();
  }
  return recorded.map((q) => ({ text: q.sql, values: q.parameters }));
}

type Request = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, string> }>;

/** The answer to send: JSON text, or a status with a message. */
export type Answer = { body: unknown } | { status: number; message: string; code: string };

export interface MinimalRoute {
  /** The route's pattern, as Fastify writes it ("/dashboard/program/:programId"). */
  path: string;
  /** The flag the route needs beyond the console's entry flag, if any. */
  flag?: string;
  /** Its statements: run together, or one after the other (a later one only when the earlier found a row). */
  statements: Statement[];
  parallel: boolean;
  /** A sentinel the recording used → its value in this request. */
  sentinels: (request: Request) => Map<unknown, unknown>;
  answer: (results: pg.QueryResult[], request: Request) => Answer;
}

let prepared = 0;

export async function startMinimalDashboardServer(
  databaseUrl: string,
  secret: string,
  routes: MinimalRoute[],
): Promise<{ app: FastifyInstance; pool: pg.Pool; url: string }> {
  const key = new TextEncoder().encode(secret);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();

  for (const route of routes) {
    const named = route.statements.map((s) => ({ ...s, name: `minimal_dashboard_${++prepared}` }));
    app.get(route.path, async (request: Request, reply: FastifyReply) => {
      const flags = await minimalCallerFlags(pool, key, request, reply, { prepared: true });
      if (!flags) return reply;
      if (flags.can_access_dashboard !== true || (route.flag && flags[route.flag] !== true))
        return reply.status(403).send({ message: "You don't have permission", code: 'FORBIDDEN' });
      if (flags.can_see_all_docs !== true)
        return reply.status(501).send({ message: 'This yardstick answers callers who see every document only', code: 'NOT_IMPLEMENTED' });
      const sentinels = route.sentinels(request);
      const run = (s: (typeof named)[number]) =>
        pool.query({ name: s.name, text: s.text, values: s.values.map((v) => (sentinels.has(v) ? sentinels.get(v) : v)) });
      let results: pg.QueryResult[];
      if (route.parallel) results = await Promise.all(named.map(run));
      else {
        results = [];
        for (const s of named) {
          const result = await run(s);
          results.push(result);
          if (!result.rows.length) break;
        }
      }
      const answer = route.answer(results, request);
      if ('status' in answer) return reply.status(answer.status).send({ message: answer.message, code: answer.code });
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(answer.body));
    });
  }

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return { app, pool, url: `http://127.0.0.1:${address.port}` };
}
