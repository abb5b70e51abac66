/**
 * The dashboard's GET routes, side by side in one run: each route of the api server (the
 * dashboard's counts, documents per day, recently processed, one document by local id, and the
 * Data Explorer's programs, program, module types, submitters and search) against its baseline,
 * a minimal Fastify + pg handler doing the same work (bench/support/minimal-dashboard-server.ts):
 * the same token check, then the very SQL the route runs — recorded once from the server's own
 * read functions (server/documents/dashboard/*.ts) and run as pg prepared statements — and the
 * same answer, byte for byte (checked first: "same answer: NO" exits 1). Both over HTTP, called
 * by the same client from a worker thread, 10 at once, for one second each per turn, a route's
 * two contenders in half-second parts as A B B A (the order drawn), the routes in a fresh order
 * every turn; the figures are the median turn's and the ratio the median of the turns' ratios. Goal: the api server
 * answers at least 0.8× the minimal handler's requests/s, per route.
 *
 * The Data Explorer's page of documents and its Map view have benches of their own (list-like,
 * and bench/map-clusters.ts) and are not here.
 *
 *   npx tsx bench/dashboard.ts          (or: BENCH_ONLY=dashboard npm run bench)
 *
 * The database is a throw-away one, filled with the demo data set (server/demo: users, programs,
 * forms, BENCH_DOCUMENTS documents, their counters): on BENCH_DATABASE_URL when set, otherwise an
 * embedded PostgreSQL in data/bench-dashboard on EMBEDDED_PG_PORT (default 54797).
 * Knobs: BENCH_TURNS (one-second turns per contender and route, default 5), BENCH_CONCURRENCY
 * (default 10), BENCH_DOCUMENTS (default 3000: the counters make the routes independent of it).
 */
import path from 'node:path';
import { sql } from 'kysely';
import { DOCUMENT_MODULES, MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import { projectRoot } from '../server/config.ts';
import { generateDemoData } from '../server/demo/demo-data.ts';
import { dashboardCounts, documentByLocalId, documentsPerDay, recentlyProcessed } from '../server/documents/dashboard/dashboard-read.ts';
import {
  documentByIdOrLocalId,
  moduleTypes,
  programSubmitters,
  programsToExplore,
  programToExplore,
} from '../server/documents/dashboard/explorer-read.ts';
import { DAYS_DEFAULT } from '../server/documents/dashboard/dashboard-schemas.ts';
import { EXPLORE_FLAG } from '../server/documents/dashboard/explorer-options.ts';
import { toWireDocument, type DocumentRow } from '../server/documents/document-wire.ts';
import { listenAndSignIn, startBenchApps, BENCH_ADMIN } from './support/bench-apps.ts';
import { startLoadClient } from './support/load-client.ts';
import { recordStatements, startMinimalDashboardServer, type Answer, type MinimalRoute } from './support/minimal-dashboard-server.ts';
import { reportResult } from './support/report.ts';
import { median, shuffled } from './support/stats.ts';

const TURNS = Number(process.env.BENCH_TURNS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 3000);
const dataDir = path.join(projectRoot, 'data', 'bench-dashboard');

// What the recording passes where a request's own value goes (none of them occurs otherwise; a program's
// routes are recorded with the sample program's id, which is unique too).
const TODAY = '2001-02-03';
const DAYS = 297;
const ID = 'sentinel-id';
const LOCAL_ID = 'sentinel-local-id';

const notFound = (what: string, code: string): Answer => ({ status: 404, message: `${what} not found`, code });
const modules = (stored: Partial<Record<string, boolean>>) => Object.fromEntries(DOCUMENT_MODULES.map((m) => [m, stored[m] !== false]));
const explorerProgram = (row: { id: string; name: string; name_slug: string; active_module: Partial<Record<string, boolean>> }) => ({
  _id: row.id,
  name: row.name,
  name_slug: row.name_slug,
  active_module: modules(row.active_module),
});
const oneDocument = (results: Array<{ rows: unknown[] }>): Answer => {
  const row = results[0]!.rows[0] as DocumentRow | undefined;
  return row ? { body: toWireDocument(row, { full: true }) } : notFound('Document', 'DOCUMENT_NOT_FOUND');
};

async function main() {
  const apps = await startBenchApps(dataDir, 54797);
  const client = startLoadClient();
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const { db, ctx, databaseUrl } = apps;
    const seeded = await generateDemoData(db, { documents: DOCUMENTS, files: ctx.files, databaseUrl, log: () => undefined });
    const { apiUrl, token } = await listenAndSignIn(apps);

    // The caller the statements are recorded for: the admin, who sees every document.
    const admin = await db
      .selectFrom('users as u')
      .innerJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'r.permission'])
      .where('u.email', '=', BENCH_ADMIN.email)
      .executeTakeFirstOrThrow();
    const caller = { id: admin.id, permission: admin.permission as Record<string, boolean> };
    const sample = (
      await sql<{ id: string; local_id: string; program_id: string; module: DocumentModule }>`
        select id, local_id, program_id, module from documents where processed_at is not null order by seq limit 1`.execute(db)
    ).rows[0]!;
    const record = (read: Parameters<typeof recordStatements>[1]) => recordStatements(databaseUrl, read);
    const today = () => new Date().toISOString().slice(0, 10);
    const module = sample.module;

    const endpoints: Array<{ name: string; url: string; route: MinimalRoute }> = [
      {
        name: 'GET /dashboard/static',
        url: '/dashboard/static',
        route: {
          path: '/dashboard/static',
          statements: await record((rdb) => dashboardCounts(rdb, caller)),
          parallel: true,
          sentinels: () => new Map(),
          answer: (results) => {
            const row = Object.assign({}, ...results.map((r) => r.rows[0])) as { programs: string; forms: string; n: string | null };
            return { body: { programsCount: Number(row.programs), formsCount: Number(row.forms), totalDocumentCount: Number(row.n ?? 0) } };
          },
        },
      },
      {
        name: 'GET /dashboard/lastupdated',
        url: '/dashboard/lastupdated',
        route: {
          path: '/dashboard/lastupdated',
          statements: await record((rdb) => recentlyProcessed(rdb, caller)),
          parallel: true,
          sentinels: () => new Map(),
          answer: ([result]) => ({ body: (result!.rows as DocumentRow[]).map((row) => toWireDocument(row, { full: false })) }),
        },
      },
      {
        name: 'GET /dashboard/daily',
        url: '/dashboard/daily',
        route: {
          path: '/dashboard/daily',
          statements: await record((rdb) => documentsPerDay(rdb, caller, DAYS, new Date(`${TODAY}T12:00:00Z`))),
          parallel: true,
          sentinels: (request) =>
            new Map<unknown, unknown>([
              [TODAY, today()],
              [DAYS - 1, Number(request.query.days ?? DAYS_DEFAULT) - 1],
            ]),
          answer: ([result]) => ({
            body: (result!.rows as Array<{ day: string; count: string }>).map((r) => ({ day: r.day, count: Number(r.count) })),
          }),
        },
      },
      {
        name: 'GET /dashboard/document?local_id',
        url: `/dashboard/document?local_id=${encodeURIComponent(sample.local_id)}`,
        route: {
          path: '/dashboard/document',
          statements: await record((rdb) => documentByLocalId(rdb, caller, LOCAL_ID)),
          parallel: true,
          sentinels: (request) => new Map([[LOCAL_ID, request.query.local_id]]),
          answer: oneDocument,
        },
      },
      {
        name: 'GET /dashboard/document/:id',
        url: `/dashboard/document/${encodeURIComponent(sample.id)}`,
        route: {
          path: '/dashboard/document/:id',
          flag: EXPLORE_FLAG,
          statements: await record((rdb) => documentByIdOrLocalId(rdb, caller, ID)),
          parallel: true,
          sentinels: (request) => new Map([[ID, request.params.id]]),
          answer: oneDocument,
        },
      },
      {
        name: 'GET /dashboard/programs',
        url: '/dashboard/programs',
        route: {
          path: '/dashboard/programs',
          flag: EXPLORE_FLAG,
          statements: await record((rdb) => programsToExplore(rdb, caller)),
          parallel: true,
          sentinels: () => new Map(),
          answer: ([result]) => ({ body: (result!.rows as Array<Parameters<typeof explorerProgram>[0]>).map(explorerProgram) }),
        },
      },
      {
        name: 'GET /dashboard/program/:programId',
        url: `/dashboard/program/${sample.program_id}`,
        route: {
          path: '/dashboard/program/:programId',
          flag: EXPLORE_FLAG,
          statements: await record((rdb) => programToExplore(rdb, caller, { id: sample.program_id })),
          parallel: false,
          sentinels: (request) => new Map([[sample.program_id, request.params.programId]]),
          answer: ([result]) => {
            const row = result!.rows[0] as Parameters<typeof explorerProgram>[0] | undefined;
            return row ? { body: explorerProgram(row) } : notFound('Program', 'NOT_FOUND');
          },
        },
      },
      {
        name: 'GET /dashboard/program/:programId/module/:module',
        url: `/dashboard/program/${sample.program_id}/module/${module}`,
        route: {
          // The statement names the module's column: recorded for the module asked, the others are not served.
          path: `/dashboard/program/:programId/module/${module}`,
          flag: EXPLORE_FLAG,
          statements: await record(async (rdb) =>
            moduleTypes(rdb, (await programToExplore(rdb, caller, { id: sample.program_id }))._id, module),
          ),
          parallel: false,
          sentinels: (request) => new Map([[sample.program_id, request.params.programId]]),
          answer: (results) =>
            results.length < 2 ? notFound('Program', 'NOT_FOUND') : { body: { [MODULE_KINDS[module].typeList]: results[1]!.rows } },
        },
      },
      {
        name: 'GET /dashboard/program/:programId/submitters',
        url: `/dashboard/program/${sample.program_id}/submitters`,
        route: {
          path: '/dashboard/program/:programId/submitters',
          flag: EXPLORE_FLAG,
          statements: await record(async (rdb) =>
            programSubmitters(rdb, caller, (await programToExplore(rdb, caller, { id: sample.program_id }))._id),
          ),
          parallel: false,
          sentinels: (request) => new Map([[sample.program_id, request.params.programId]]),
          answer: (results) => (results.length < 2 ? notFound('Program', 'NOT_FOUND') : { body: results[1]!.rows }),
        },
      },
    ];

    const secret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
    const minimal = await startMinimalDashboardServer(
      databaseUrl,
      secret,
      endpoints.map((e) => e.route),
    );
    closers.push(
      () => minimal.app.close(),
      () => minimal.pool.end(),
    );

    console.log(
      `dashboard benchmark: ${endpoints.length} routes on ${seeded.documents} demo documents, ${CONCURRENCY} clients at once, ` +
        `${TURNS} one-second turns per contender and route (after a warm-up), contenders shuffled every turn`,
    );

    // The same answer, byte for byte, before anything is timed.
    let allSame = true;
    for (const e of endpoints) {
      const fetchText = async (base: string) => {
        const res = await fetch(`${base}${e.url}`, { headers: { authorization: `Bearer ${token}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${base}${e.url} answered ${res.status}: ${text}`);
        return text;
      };
      const [real, mini] = [await fetchText(apiUrl), await fetchText(minimal.url)];
      const same = real === mini;
      allSame &&= same;
      console.log(`same answer: ${same ? 'yes' : 'NO'}  ${e.name} (${Buffer.byteLength(real)} bytes)`);
      if (!same) console.log(`  api server: ${real.slice(0, 400)}\n  minimal:    ${mini.slice(0, 400)}`);
    }
    if (!allSame) {
      process.exitCode = 1;
      return;
    }

    const rates = new Map<string, number[]>();
    const ratios = new Map<string, number[]>();
    /** Calls `url` for `ms`: the calls answered and the time they took. */
    const slice = async (url: string, ms: number) => {
      const r = await client.run({ urls: [url], token, concurrency: CONCURRENCY, ms });
      if (r.failed) throw new Error(`${url}: ${r.failed} calls failed, first: ${r.firstError}`);
      return { done: r.done, ms: r.elapsedMs };
    };
    const push = (map: Map<string, number[]>, key: string, value: number) => map.set(key, [...(map.get(key) ?? []), value]);
    // A route's two contenders share a turn's two seconds as A B B A (or B A A B, drawn), half a
    // second each, so a pace that drifts steadily over the turn weighs on both alike; the routes
    // come in a fresh order every turn. A route's ratio is the median of its turns' ratios.
    const turn = async (count: boolean) => {
      for (const e of shuffled(endpoints)) {
        const [first, second] = shuffled(['real', 'minimal'] as const);
        const ran = { real: { done: 0, ms: 0 }, minimal: { done: 0, ms: 0 } };
        for (const side of [first, second, second, first]) {
          const part = await slice(`${side === 'real' ? apiUrl : minimal.url}${e.url}`, 500);
          ran[side].done += part.done;
          ran[side].ms += part.ms;
        }
        if (!count) continue;
        const [real, base] = [ran.real.done / (ran.real.ms / 1000), ran.minimal.done / (ran.minimal.ms / 1000)];
        push(rates, `${e.name} true`, real);
        push(rates, `${e.name} false`, base);
        push(ratios, e.name, real / base);
      }
    };
    await turn(false);
    for (let i = 0; i < TURNS; i++) await turn(true);

    console.log(`\n${'route'.padEnd(52)}${'api req/s'.padStart(11)}${'minimal'.padStart(11)}${'ratio'.padStart(8)}`);
    for (const e of endpoints) {
      const real = median(rates.get(`${e.name} true`)!);
      const base = median(rates.get(`${e.name} false`)!);
      console.log(
        `${e.name.padEnd(52)}${real.toFixed(0).padStart(11)}${base.toFixed(0).padStart(11)}${median(ratios.get(e.name)!).toFixed(2).padStart(8)}` +
          `  turns ${ratios
            .get(e.name)!
            .map((r) => r.toFixed(2))
            .join(' ')}`,
      );
    }
    console.log('');
    for (const e of endpoints) {
      const real = median(rates.get(`${e.name} true`)!);
      const base = median(rates.get(`${e.name} false`)!);
      const ratio = median(ratios.get(e.name)!);
      reportResult({
        path: `dashboard ${e.name}`,
        figure: real,
        unit: 'req/s',
        baseline: base,
        baselineName: 'minimal handler, same SQL',
        ratio,
        goal: '≥ 0.8×',
        met: ratio >= 0.8,
      });
    }
  } finally {
    await client.stop();
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await apps.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
