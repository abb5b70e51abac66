/**
 * @fastify/rate-limit's counts in PostgreSQL: in process memory, N instances of a server would
 * allow N times a limit. One statement per counted request, an upsert that starts a new window
 * once the last one has ended, on PostgreSQL's clock (one clock for every instance). The row's
 * lock orders two instances counting the same key at once. Ended windows are swept by a periodic
 * task of the api server.
 *
 * The plugin makes one store for the app and one per limited route (`child`), whose keys are kept
 * apart by the route, as its own stores do. `continueExceeding` and `exponentialBackoff` are not
 * offered: no route asks for them.
 */
import { sql } from 'kysely';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { runStatement } from '../db/prepared.ts';

type Done = Parameters<FastifyRateLimitStore['incr']>[1];
type Options = { continueExceeding?: boolean; exponentialBackoff?: boolean };
type RouteOptions = Options & { routeInfo?: { method?: string | string[]; url?: string } };

/** $1 the key, $2 the window in milliseconds. Answers the hits of the window and the milliseconds left of it. */
const COUNT = `/* prepared:rate_limit_count */
  insert into rate_limits as r (key, hits, window_ends) values ($1, 1, now() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when r.window_ends <= now() then 1 else r.hits + 1 end,
    window_ends = case when r.window_ends <= now() then excluded.window_ends else r.window_ends end
  returning hits, ceil(extract(epoch from r.window_ends - now()) * 1000)::int as ttl`;

/** $1 the key: the hits of its running window, without counting one. */
const READ = `/* prepared:rate_limit_read */
  select hits, ceil(extract(epoch from window_ends - now()) * 1000)::int as ttl from rate_limits where key = $1 and window_ends > now()`;

interface Window {
  hits: number;
  ttl: number;
}

export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const run = (statement: string, parameters: unknown[], done: Done) =>
    runStatement<Window>(db, statement, parameters).then(
      (rows) => done(null, rows[0] ? { current: rows[0].hits, ttl: rows[0].ttl } : { current: 0, ttl: 0 }),
      (err: Error) => done(err),
    );

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: Options,
      private readonly prefix = '',
    ) {
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('The PostgreSQL rate-limit store offers neither continueExceeding nor exponentialBackoff');
    }

    incr(key: string, done: Done, timeWindow: number): void {
      void run(COUNT, [this.prefix + key, timeWindow], done);
    }

    read(key: string, done: Done): void {
      void run(READ, [this.prefix + key], done);
    }

    // Typed as Fastify's route options; the plugin passes its own merged options, with `routeInfo`.
    child(route: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const options = route as unknown as RouteOptions;
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new PostgresRateLimitStore(options, `${this.prefix}${method} ${options.routeInfo?.url ?? ''} `);
    }
  }
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/** Removes the windows that have ended, every ten minutes, on the api server. */
export function sweepRateLimitsPeriodically(ctx: AppContext): void {
  ctx.jobs.every({
    name: 'rate-limit-sweep',
    everySeconds: 600,
    run: async () => {
      await sql`delete from rate_limits where window_ends <= now()`.execute(ctx.db);
    },
  });
}
