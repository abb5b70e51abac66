/**
 * Reading the audit log deep in a million rows, side by side in one run:
 *
 *   npm run bench:audit                  (or: BENCH_ONLY=audit npm run bench)
 *   DATABASE_URL=postgres://… npm run bench:audit
 *
 * Contenders, each a page of 50 newest first, page 1 and the page at depth BENCH_DEPTH
 * (1,000,000 rows: `before` the row there, as a reader paging by `next` asks for it):
 *   - the route, GET /audit (in-process inject: token check, permission, query, answer);
 *   - the yardstick: a minimal Fastify + pg handler doing the same token check, flag and
 *     statement and answering the same bytes (checked), in-process the same way;
 *   - auditPage(), the route's read (kysely, the rows made wire-shaped);
 *   - the bare SQL: the same statement text on a plain pg client, prepared as the route's is,
 *     rows as pg gives them.
 * Goals: the route at depth ≤ 2× its page 1; each page ≤ 1.5× its bare SQL — the read
 * (auditPage) against the statement alone, and the route against the yardstick, which pays the
 * same token check (a route cannot be cheaper than the bare SQL plus the session lookup).
 * Rounds take turns in a shuffled order; each figure is the median of all calls.
 * Knobs: BENCH_ROUNDS (20), BENCH_CALLS (10 per contender per round), BENCH_DEPTH (1000000).
 * No HTTP port: the calls are in-process injects. The database: DATABASE_URL's when set (its
 * log must hold BENCH_DEPTH + 50 rows: `npm run demo-data -- --documents 0 --changes N` fills
 * it), else the documents benches' seeded one (bench/support/seeded-documents.ts, its embedded
 * server on EMBEDDED_PG_PORT, default 54877), whose change log is filled here with the demo
 * users' changes up to that depth the first time (about 40 s for a million rows).
 */
import { benchContext } from './support/bench-apps.ts';
import pg from 'pg';
import { sql } from 'kysely';
import type { Db } from '../server/db/database.ts';
import { ensureDemoCatalogue } from '../server/demo/demo-setup.ts';
import { generateDemoChanges } from '../server/demo/demo-changes.ts';
import { benchDocumentsDatabase } from './support/seeded-documents.ts';
import { createApiServer } from '../server/api/app.ts';
import { openSession } from '../server/auth/sessions.ts';
import { auditPage, auditPageQuery } from '../server/changes/audit-store.ts';
import { minimalAuditServer } from './support/minimal-audit-server.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const CALLS = Number(process.env.BENCH_CALLS ?? 10);
const DEPTH = Number(process.env.BENCH_DEPTH ?? 1_000_000);
const LIMIT = 50;

async function main() {
  const opened = await benchDocumentsDatabase(Number(process.env.EMBEDDED_PG_PORT ?? 54877));
  const { db, url, config } = opened;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // A full page past the depth, and one row more: the bare SQL reads limit + 1 to tell whether a next page exists.
    const total = await changeLogFilled(db, DEPTH + LIMIT + 1, !process.env.DATABASE_URL);
    // `before` the row at that depth: the page a reader following `next` reaches there.
    const { rows: at } = await sql<{
      seq: string;
    }>`select seq::text as seq from changes order by changes.seq desc offset ${DEPTH - 1} limit 1`.execute(db);
    const before = BigInt(at[0]!.seq);

    const ctx = await benchContext(db, config, url);
    const api = (await createApiServer(ctx)).app;
    const admin = await db
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select('users.id')
      .where('roles.role_slug', '=', 'admin')
      .executeTakeFirstOrThrow();
    const sid = await openSession(db, config, admin.id, true, 'bench');
    const token = await ctx.tokens.sign({ sub: admin.id, sid }, config.clock.now(), config.accessTokenTtlSeconds);

    const secret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
    const minimal = await minimalAuditServer(db, url, secret);
    const get = async (app: typeof api, query: string) => {
      const res = await app.inject({ method: 'GET', url: `/audit?${query}`, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`GET /audit?${query} answered ${res.statusCode}: ${res.body}`);
      return res.body;
    };
    for (const query of [`limit=${LIMIT}`, `limit=${LIMIT}&before=${before}`]) {
      const same = (await get(api, query)) === (await get(minimal.app, query));
      console.log(`same answer (route and yardstick, ${query}): ${same ? 'yes' : 'NO'}`);
      if (!same) throw new Error(`the yardstick answers ${query} differently`);
    }
    const route =
      (query: string, app = api) =>
      async () =>
        (JSON.parse(await get(app, query)) as { data: unknown[] }).data.length;
    const bare = (depth?: bigint) => {
      const compiled = auditPageQuery({}, LIMIT, depth).compile(db);
      // Prepared, as the route's statement is (db/prepared.ts): the same work on both sides.
      const name = `bare_page_${depth === undefined ? 'first' : 'deep'}`;
      return async () => (await client.query({ name, text: compiled.sql, values: [...compiled.parameters] })).rows.length - 1;
    };
    const contenders: Record<string, () => Promise<number>> = {
      'route page 1': route(`limit=${LIMIT}`),
      'route at depth': route(`limit=${LIMIT}&before=${before}`),
      'yardstick page 1': route(`limit=${LIMIT}`, minimal.app),
      'yardstick at depth': route(`limit=${LIMIT}&before=${before}`, minimal.app),
      'auditPage page 1': async () => (await auditPage(db, {}, LIMIT)).data.length,
      'auditPage at depth': async () => (await auditPage(db, {}, LIMIT, before)).data.length,
      'bare SQL page 1': bare(),
      'bare SQL at depth': bare(before),
    };
    // The same rows from each: 50 per page.
    for (const [name, read] of Object.entries(contenders)) {
      const n = await read();
      if (n !== LIMIT) throw new Error(`${name} read ${n} rows, not ${LIMIT}`);
    }
    const times: Record<string, number[]> = {};
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of shuffled(Object.keys(contenders))) {
        for (let i = 0; i < CALLS; i++) {
          const started = performance.now();
          await contenders[name]!();
          (times[name] ??= []).push(performance.now() - started);
        }
      }
    }
    const p50 = (name: string) => median(times[name]!);
    const line = (name: string) => `${name.padEnd(20)} ${p50(name).toFixed(3).padStart(8)} ms`;
    console.log(
      `\nGET /audit, ${LIMIT} rows, page 1 and at depth ${DEPTH.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} (p50 of ${ROUNDS} × ${CALLS} calls)`,
    );
    for (const name of Object.keys(contenders)) console.log(line(name));
    const ratio = (a: string, b: string) => (p50(a) / p50(b)).toFixed(2);
    console.log('');
    console.log(`route at depth / route page 1          ${ratio('route at depth', 'route page 1')}×  (goal ≤ 2)`);
    console.log(`auditPage / bare SQL, page 1           ${ratio('auditPage page 1', 'bare SQL page 1')}×  (goal ≤ 1.5)`);
    console.log(`auditPage / bare SQL, at depth         ${ratio('auditPage at depth', 'bare SQL at depth')}×  (goal ≤ 1.5)`);
    console.log(
      `route / yardstick, page 1              ${ratio('route page 1', 'yardstick page 1')}×  (goal ≤ 1.5; same answer, byte for byte)`,
    );
    console.log(`route / yardstick, at depth            ${ratio('route at depth', 'yardstick at depth')}×  (goal ≤ 1.5)`);
    console.log(
      `route / bare SQL, page 1 and at depth  ${ratio('route page 1', 'bare SQL page 1')}×  ${ratio('route at depth', 'bare SQL at depth')}×  ` +
        '(for scale: the token check is in the route, not in the SQL)',
    );
    const report = (path: string, figure: string, baseline: string, goal?: number) => {
      const r = p50(figure) / p50(baseline);
      reportResult({
        path,
        figure: p50(figure),
        unit: 'ms',
        baseline: p50(baseline),
        baselineName: baseline,
        ratio: r,
        ...(goal === undefined ? {} : { goal: `≤ ${goal}×`, met: r <= goal }),
      });
    };
    report('GET /audit at depth vs its page 1', 'route at depth', 'route page 1', 2);
    report('auditPage() page 1 vs its bare SQL', 'auditPage page 1', 'bare SQL page 1', 1.5);
    report('auditPage() at depth vs its bare SQL', 'auditPage at depth', 'bare SQL at depth', 1.5);
    report('GET /audit page 1 vs a minimal Fastify + pg handler', 'route page 1', 'yardstick page 1', 1.5);
    report('GET /audit at depth vs a minimal Fastify + pg handler', 'route at depth', 'yardstick at depth', 1.5);
    report('GET /audit page 1 vs the bare SQL (for scale)', 'route page 1', 'bare SQL page 1');
    report('GET /audit at depth vs the bare SQL (for scale)', 'route at depth', 'bare SQL at depth');
    await api.close();
    await minimal.app.close();
    await minimal.pool.end();
  } finally {
    await client.end();
    await opened.stop();
  }
}

/** The change log's size, filled up to `wanted` rows first when `fill` (the seeded database is the bench's own). */
async function changeLogFilled(db: Db, wanted: number, fill: boolean): Promise<number> {
  const count = async () => Number((await sql<{ n: string }>`select count(*) as n from changes`.execute(db)).rows[0]!.n);
  const total = await count();
  if (total >= wanted) return total;
  if (!fill)
    throw new Error(
      `The change log holds ${total.toLocaleString('en-US')} rows; the bench reads at depth ${DEPTH.toLocaleString('en-US')}. ` +
        `Fill it first: npm run demo-data -- --documents 0 --changes ${wanted - total}`,
    );
  console.log(`filling the change log with ${(wanted - total).toLocaleString('en-US')} demo changes (kept for the next runs) …`);
  const started = performance.now();
  await generateDemoChanges(db, await ensureDemoCatalogue(db, new Date()), wanted - total, new Date());
  console.log(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return count();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
