/**
 * The list route's cost, side by side in one run: GET /user?sort=["first_name","ASC"]&range=[0,49]
 * (the console's first page of 50 rows, with the total in Content-Range) on the real auth server
 * against its baseline, a minimal Fastify + pg handler doing the same work
 * (bench/support/minimal-list-server.ts: the same token check, the same count and page queries as
 * prepared statements, each row written straight to JSON). Both must answer the same body text,
 * byte for byte, and the same Content-Range: checked first ("same answer: yes/NO"; exit 1 on NO).
 * Both over HTTP, called by the same client from a worker thread, 10 at once, in one-second turns,
 * the two in a fresh random order every turn so they share the machine's moods.
 *
 *   npx tsx bench/list-route.ts            (or: npm run bench:list, or BENCH_ONLY=list npm run bench)
 *
 * The figure: the median over the turns of each turn's ratio, real req/s ÷ minimal req/s (goal
 * ≥ 0.8×); the req/s shown beside it are each contender's median over the turns.
 *
 * Then, unless BENCH_DIAGNOSE=0, where the real server's time goes: per-request phases from timing
 * hooks on a second, instrumented instance (auth, validation, handler, serialization, write), the
 * queries a request runs and their wall time, the share of each field in the answer's bytes, and a
 * CPU profile of the server's thread summed by package and project file.
 *
 * The database is a throw-away one: on BENCH_DATABASE_URL (an admin connection that may CREATE
 * DATABASE) when set, otherwise on an embedded PostgreSQL in data/bench-list on port
 * EMBEDDED_PG_PORT (default 54389, apart from the test ports and the other benches'). The servers
 * listen on BENCH_PORT (default 18710: the auth server), +1 (the minimal handler) and +2 (the
 * instrumented instance).
 * Knobs: BENCH_SECONDS (turns of one second per contender, default 10), BENCH_CONCURRENCY
 * (default 10), BENCH_USERS (default 200), BENCH_DIAGNOSE (default 1; 0 skips the diagnostics),
 * BENCH_PROFILE_SECONDS (default 3). With the defaults a run takes about a minute.
 */
import { benchContext } from './support/bench-apps.ts';
import path from 'node:path';
import { loadConfig, projectRoot } from '../server/config.ts';
import { createDb } from '../server/db/database.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { startMinimalListServer } from './support/minimal-list-server.ts';
import { seedUsers } from './support/seed-users.ts';
import { mainThreadCpuMs, postgresCpuMs } from './support/cpu-usage.ts';
import { startLoadClient } from './support/load-client.ts';
import { printListDiagnostics } from './support/list-diagnostics.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const DIAGNOSE = process.env.BENCH_DIAGNOSE !== '0';
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 18710);
const ADMIN_EMAIL = 'admin@bench.local';
const PASSWORD = 'bench-passphrase-for-everyone';
/** What the console's users page asks for its first page of 50 (ra-data-simple-rest style; no filter until one is chosen). */
const PAGE_QUERY = new URLSearchParams({ sort: JSON.stringify(['first_name', 'ASC']), range: JSON.stringify([0, 49]) }).toString();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface Totals {
  done: number;
  failed: number;
  firstError?: string;
  /** Requests per second of each turn. */
  rates: number[];
  latencies: number[];
  /** Main-thread CPU milliseconds (the servers run there; the client runs in its worker). */
  nodeMs: number;
  postgresMs: number;
  bodyBytes: number;
}

/** Where two answers part: the first differing character and a little of each around it. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `at character ${i}: real …${a.slice(Math.max(0, i - 40), i + 40)}… minimal …${b.slice(Math.max(0, i - 40), i + 40)}…`;
}

async function main() {
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(projectRoot, 'data', 'bench-list'),
        port: Number(process.env.EMBEDDED_PG_PORT ?? 54389),
      });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const database = await createTestDatabase(adminUrl);
  const config = loadConfig(
    { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD },
    {
      databaseUrl: database.url,
      dataDir: path.join(projectRoot, 'data', 'bench-list'),
      outboxDir: path.join(projectRoot, 'data', 'bench-list', 'outbox'),
      logLevel: 'silent',
    },
  );
  const db = createDb(config.databaseUrl!);
  const client = startLoadClient();
  const closers: Array<() => Promise<unknown>> = [];
  try {
    await migrate(db);
    await seed(db, config);
    const ctx = await benchContext(db, config);
    const real = (await createAuthServer(ctx)).app;
    closers.push(() => real.close());
    await real.listen({ host: '127.0.0.1', port: PORT });
    const realUrl = `http://127.0.0.1:${(real.server.address() as { port: number }).port}`;
    await seedUsers(db, USERS);

    const login = await real.inject({
      method: 'POST',
      url: '/login',
      payload: { email: ADMIN_EMAIL, password: PASSWORD, isKeepLogin: true },
    });
    if (login.statusCode !== 200) throw new Error(`POST /login answered ${login.statusCode}: ${login.body}`);
    const token = (login.json() as { token: string }).token;
    const secret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
    const minimal = await startMinimalListServer(database.url, secret, PORT + 1);
    closers.push(
      () => minimal.pool.end(),
      () => minimal.app.close(),
    );

    // Both must answer the same bytes: the body text and the Content-Range (page and total).
    const fetchPage = async (base: string) => {
      const res = await fetch(`${base}/user?${PAGE_QUERY}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${base} answered ${res.status}: ${await res.text()}`);
      return { text: await res.text(), range: res.headers.get('content-range') };
    };
    const realPage = await fetchPage(realUrl);
    const minimalPage = await fetchPage(minimal.url);
    const sameAnswer = minimalPage.text === realPage.text && minimalPage.range === realPage.range;
    console.log(
      `same answer (body text, ${Buffer.byteLength(realPage.text)} bytes, and Content-Range ${realPage.range}): ${sameAnswer ? 'yes' : 'NO'}`,
    );
    if (!sameAnswer) {
      if (minimalPage.range !== realPage.range) console.log(`  Content-Range: real ${realPage.range}, minimal ${minimalPage.range}`);
      if (minimalPage.text !== realPage.text) console.log(`  body ${firstDifference(realPage.text, minimalPage.text)}`);
      process.exitCode = 1;
      return;
    }

    const contenders = [
      { name: 'minimal Fastify + pg handler', url: `${minimal.url}/user?${PAGE_QUERY}` },
      { name: 'auth server GET /user', url: `${realUrl}/user?${PAGE_QUERY}` },
    ];
    const slice = (url: string, ms: number) => client.run({ urls: [url], token, concurrency: CONCURRENCY, ms });
    const totals: Totals[] = contenders.map(() => ({
      done: 0,
      failed: 0,
      rates: [],
      latencies: [],
      nodeMs: 0,
      postgresMs: 0,
      bodyBytes: 0,
    }));
    const measure = async (c: number, ms: number, count: boolean) => {
      const nodeBefore = mainThreadCpuMs();
      const pgBefore = embedded ? postgresCpuMs(embedded.pid) : 0;
      const r = await slice(contenders[c]!.url, ms);
      const nodeCpu = mainThreadCpuMs() - nodeBefore;
      if (!count) return;
      const t = totals[c]!;
      t.done += r.done;
      t.failed += r.failed;
      t.firstError ??= r.firstError;
      t.rates.push(r.done / (r.elapsedMs / 1000));
      t.latencies.push(...r.latencies);
      t.nodeMs += nodeCpu;
      t.postgresMs += embedded ? postgresCpuMs(embedded.pid) - pgBefore : 0;
      t.bodyBytes = r.bodyBytes;
    };

    console.log(
      `list benchmark: GET /user?${decodeURIComponent(PAGE_QUERY)} (${USERS} users), ${CONCURRENCY} clients at once, ` +
        `${SECONDS} one-second turns each in a fresh random order, after a warm-up`,
    );
    for (const c of shuffled([...contenders.keys()])) await measure(c, 1000, false);
    const turnRatios: number[] = [];
    for (let turn = 0; turn < SECONDS; turn++) {
      for (const c of shuffled([...contenders.keys()])) await measure(c, 1000, true);
      turnRatios.push(totals[1]!.rates[turn]! / totals[0]!.rates[turn]!);
    }

    const [base, subject] = totals.map((t) => {
      const sorted = [...t.latencies].sort((a, b) => a - b);
      return { ...t, rate: median(t.rates), p50: median(sorted), p99: percentile(sorted, 0.99) };
    }) as [Totals & { rate: number; p50: number; p99: number }, Totals & { rate: number; p50: number; p99: number }];
    const ratio = median(turnRatios);
    const row = (cells: string[]) =>
      console.log(
        cells[0]!.padEnd(30) +
          cells
            .slice(1)
            .map((c) => c.padStart(12))
            .join(''),
      );
    console.log('');
    row(['', 'requests/s', 'p50 ms', 'p99 ms', 'bytes', 'node CPU ms', 'pg CPU ms']);
    for (const [i, t] of [base, subject].entries()) {
      row([
        contenders[i]!.name,
        t.rate.toFixed(0),
        t.p50.toFixed(2),
        t.p99.toFixed(2),
        String(t.bodyBytes),
        (t.nodeMs / t.done).toFixed(2),
        embedded ? (t.postgresMs / t.done).toFixed(2) : 'n/a',
      ]);
    }
    console.log("(requests/s: median of the turns; CPU per request: the servers' thread, and every PostgreSQL process of the run)");
    console.log(`ratio of each turn: ${turnRatios.map((r) => r.toFixed(2)).join(' ')}`);
    console.log(`median ratio ${ratio.toFixed(2)} of the minimal handler (goal >= 0.80: ${ratio >= 0.8 ? 'ok' : 'MISSED'})`);
    if (embedded) {
      // Steadier than requests/s on a shared machine: what each answer costs, whoever else is running.
      const cpu = (t: Totals) => (t.nodeMs + t.postgresMs) / t.done;
      console.log(
        `CPU per request, node + PostgreSQL: minimal ${cpu(base).toFixed(2)} ms, auth server ${cpu(subject).toFixed(2)} ms: ratio ${(cpu(base) / cpu(subject)).toFixed(2)}`,
      );
    }
    for (const t of [base, subject]) if (t.failed) console.log(`  ${t.failed} calls failed, first: ${t.firstError}`);
    reportResult({
      path: 'users list, 50 rows with token check, page and total',
      figure: subject.rate,
      unit: 'req/s',
      baseline: base.rate,
      baselineName: 'minimal Fastify + pg handler',
      ratio,
      goal: '≥ 0.8×',
      met: ratio >= 0.8,
    });

    if (DIAGNOSE) {
      const timed = (await createAuthServer(ctx)).app;
      closers.push(() => timed.close());
      await printListDiagnostics({
        client,
        token,
        concurrency: CONCURRENCY,
        timed,
        timedPort: PORT + 2,
        pageQuery: PAGE_QUERY,
        answer: realPage.text,
        contenders,
        profileSeconds: PROFILE_SECONDS,
      });
    }
  } finally {
    await client.stop();
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await db.destroy();
    await database.drop();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
