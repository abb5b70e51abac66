/**
 * The list route's cost, side by side in one run: GET /user?range=[0,49] (50 rows of 200, sorted
 * as the console asks) on the real auth server against a minimal Fastify + pg handler doing the
 * same work (bench/support/minimal-list-server.ts), both over HTTP, called by the same client
 * from a worker thread, 10 at once, in one-second turns so they share the machine's moods.
 *
 *   npx tsx bench/list-route.ts            (or: npm run bench:list)
 *
 * Then where the real server's time goes: per-request phases from timing hooks on a second,
 * instrumented instance (auth, validation, handler, serialization, write), the queries a request
 * runs and their wall time, the share of each field in the answer's bytes, and a CPU profile of
 * the server's thread summed by package and project file.
 *
 * The database is a throw-away one: on BENCH_DATABASE_URL (an admin connection that may CREATE
 * DATABASE) when set, otherwise on an embedded PostgreSQL in data/bench-list on port
 * EMBEDDED_PG_PORT (default 54389, apart from the test ports and bench:login's).
 * Knobs: BENCH_SECONDS (turns of one second per contender, default 10), BENCH_CONCURRENCY
 * (default 10), BENCH_USERS (default 200), BENCH_PROFILE_SECONDS (default 3).
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { loadConfig, projectRoot } from '../server/config.ts';
import type { AppContext } from '../server/context.ts';
import { createDb } from '../server/db/database.ts';
import { createJobSystem } from '../server/jobs/job-system.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { TokenService } from '../server/auth/tokens.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { startMinimalListServer } from './support/minimal-list-server.ts';
import { seedUsers } from './support/seed-users.ts';
import { mainThreadCpuMs, postgresCpuMs, profileMainThread } from './support/cpu-usage.ts';
import { instrument } from './support/request-phases.ts';
import { answerShares } from './support/answer-shares.ts';
import { startLoadClient } from './support/load-client.ts';
import { fileStoresFor } from '../server/files/file-stores.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const USERS = Number(process.env.BENCH_USERS ?? 200);
const PROFILE_SECONDS = Number(process.env.BENCH_PROFILE_SECONDS ?? 3);
const ADMIN_EMAIL = 'admin@bench.local';
const PASSWORD = 'bench-passphrase-for-everyone';
/** What the console's users page asks for its first page of 50 (ra-data-simple-rest style; no filter until one is chosen). */
const PAGE_QUERY = new URLSearchParams({ sort: JSON.stringify(['first_name', 'ASC']), range: JSON.stringify([0, 49]) }).toString();

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? NaN;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

interface Totals {
  done: number;
  failed: number;
  firstError?: string;
  ms: number;
  latencies: number[];
  /** Main-thread CPU milliseconds (the servers run there; the client runs in its worker). */
  nodeMs: number;
  postgresMs: number;
  bodyBytes: number;
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
    const ctx: AppContext = {
      db,
      config,
      tokens: await TokenService.create(db),
      mailer: createMailer(config, () => undefined),
      // Never started: these benches run no background jobs.
      jobs: createJobSystem({ db, databaseUrl: config.databaseUrl! }),
      ...fileStoresFor(config),
    };
    const real = (await createAuthServer(ctx)).app;
    closers.push(() => real.close());
    await real.listen({ host: '127.0.0.1', port: 0 });
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
    const minimal = await startMinimalListServer(database.url, secret);
    closers.push(
      () => minimal.pool.end(),
      () => minimal.app.close(),
    );

    // Both must answer the same: the same rows, fields and Content-Range.
    const fetchPage = async (base: string) => {
      const res = await fetch(`${base}/user?${PAGE_QUERY}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${base} answered ${res.status}: ${await res.text()}`);
      return { text: await res.text(), range: res.headers.get('content-range') };
    };
    const realPage = await fetchPage(realUrl);
    const realRows = JSON.parse(realPage.text) as Array<Record<string, unknown>>;
    minimal.rowShape = realRows[0];
    const minimalPage = await fetchPage(minimal.url);
    const sameAnswer = isDeepStrictEqual(JSON.parse(minimalPage.text), realRows) && minimalPage.range === realPage.range;

    const slice = (url: string, ms: number) => client.run({ urls: [url], token, concurrency: CONCURRENCY, ms });
    const contenders = [
      { name: 'minimal Fastify + pg handler', url: `${minimal.url}/user?${PAGE_QUERY}` },
      { name: 'auth server GET /user', url: `${realUrl}/user?${PAGE_QUERY}` },
    ];
    const totals: Totals[] = contenders.map(() => ({ done: 0, failed: 0, ms: 0, latencies: [], nodeMs: 0, postgresMs: 0, bodyBytes: 0 }));
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
      t.ms += r.elapsedMs;
      t.latencies.push(...r.latencies);
      t.nodeMs += nodeCpu;
      t.postgresMs += embedded ? postgresCpuMs(embedded.pid) - pgBefore : 0;
      t.bodyBytes = r.bodyBytes;
    };

    console.log(
      `list benchmark: GET /user?${decodeURIComponent(PAGE_QUERY)} (${USERS} users), ${CONCURRENCY} clients at once, ` +
        `${SECONDS} one-second turns each, taken in turns after a warm-up`,
    );
    for (const c of contenders.keys()) await measure(c, 1000, false);
    for (let turn = 0; turn < SECONDS; turn++) for (const c of contenders.keys()) await measure(c, 1000, true);

    const [base, subject] = totals.map((t) => {
      const sorted = [...t.latencies].sort((a, b) => a - b);
      return { ...t, rate: t.done / (t.ms / 1000), p50: median(sorted), p99: percentile(sorted, 0.99) };
    }) as [Totals & { rate: number; p50: number; p99: number }, Totals & { rate: number; p50: number; p99: number }];
    const row = (cells: string[]) =>
      console.log(
        cells[0]!.padEnd(30) +
          cells
            .slice(1)
            .map((c) => c.padStart(12))
            .join(''),
      );
    console.log('');
    row(['', 'requests/s', 'ratio', 'p50 ms', 'p99 ms', 'bytes', 'node CPU ms', 'pg CPU ms']);
    for (const [i, t] of [base, subject].entries()) {
      row([
        contenders[i]!.name,
        t.rate.toFixed(0),
        (t.rate / base.rate).toFixed(2),
        t.p50.toFixed(2),
        t.p99.toFixed(2),
        String(t.bodyBytes),
        (t.nodeMs / t.done).toFixed(2),
        embedded ? (t.postgresMs / t.done).toFixed(2) : 'n/a',
      ]);
    }
    const ratio = subject.rate / base.rate;
    console.log(`\nratio ${ratio.toFixed(2)} of the minimal handler (goal >= 0.80: ${ratio >= 0.8 ? 'ok' : 'MISSED'})`);
    console.log("(CPU per request: the servers' thread, and every PostgreSQL process of the run)");
    if (embedded) {
      // Steadier than requests/s on a shared machine: what each answer costs, whoever else is running.
      const cpu = (t: Totals) => (t.nodeMs + t.postgresMs) / t.done;
      console.log(
        `CPU per request, node + PostgreSQL: minimal ${cpu(base).toFixed(2)} ms, auth server ${cpu(subject).toFixed(2)} ms: ratio ${(cpu(base) / cpu(subject)).toFixed(2)}`,
      );
    }
    console.log(`same answer from both (rows, fields, Content-Range ${realPage.range}): ${sameAnswer ? 'yes' : 'NO'}`);
    for (const t of [base, subject]) if (t.failed) console.log(`  ${t.failed} calls failed, first: ${t.firstError}`);

    // Where the real server's time goes: a second instance with timing hooks (kept off the one measured above).
    const timed = (await createAuthServer(ctx)).app;
    closers.push(() => timed.close());
    const phases = instrument(timed);
    await timed.listen({ host: '127.0.0.1', port: 0 });
    const timedUrl = `http://127.0.0.1:${(timed.server.address() as { port: number }).port}/user?${PAGE_QUERY}`;
    await slice(timedUrl, 500);
    phases.start();
    const timedRun = await slice(timedUrl, 2000);
    const report = phases.stop();
    console.log(`\nreal server, per request (instrumented instance, ${timedRun.done} requests; wall time, ${CONCURRENCY} at once):`);
    for (const [phase, ms] of report.phases) console.log(`  ${phase.padEnd(58)}${ms.toFixed(3).padStart(8)} ms`);
    console.log(
      `  queries per request: ${report.queriesPerRequest.toFixed(2)}, their wall time ${report.queryMsPerRequest.toFixed(3)} ms per request`,
    );
    for (const [statement, perRequest] of report.statements) console.log(`    ${perRequest.toFixed(2)} x ${statement}`);

    console.log(`\nanswer: ${Buffer.byteLength(realPage.text)} bytes for ${realRows.length} rows; share of the bytes by field:`);
    for (const { field, bytes, share } of answerShares(realRows).slice(0, 8)) {
      console.log(`  ${field.padEnd(32)}${String(bytes).padStart(8)} bytes ${(share * 100).toFixed(1).padStart(6)} %`);
    }

    // The same profile of each contender: what the real server spends beyond the yardstick, by package or file.
    const profiles = [];
    for (const contender of contenders) {
      let requests = 0;
      const profile = await profileMainThread(async () => {
        requests = (await slice(contender.url, PROFILE_SECONDS * 1000)).done;
      }, projectRoot);
      profiles.push(new Map(profile.map(({ category, ms }) => [category, (ms * 1000) / requests])));
    }
    const [baseProfile, realProfile] = profiles as [Map<string, number>, Map<string, number>];
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(`\nCPU profile of the servers' thread (${PROFILE_SECONDS} s each), µs of busy time per request by package or file:`);
    console.log(`  ${'where'.padEnd(58)}${'auth server'.padStart(12)}${'minimal'.padStart(10)}${'extra'.padStart(8)}`);
    console.log(
      `  ${'all'.padEnd(58)}${sum(realProfile).toFixed(0).padStart(12)}${sum(baseProfile).toFixed(0).padStart(10)}${(sum(realProfile) - sum(baseProfile)).toFixed(0).padStart(8)}`,
    );
    const categories = [...new Set([...realProfile.keys(), ...baseProfile.keys()])].sort(
      (a, b) => (realProfile.get(b) ?? 0) - (realProfile.get(a) ?? 0),
    );
    for (const category of categories.slice(0, 18)) {
      const r = realProfile.get(category) ?? 0;
      const m = baseProfile.get(category) ?? 0;
      console.log(`  ${category.padEnd(58)}${r.toFixed(0).padStart(12)}${m.toFixed(0).padStart(10)}${(r - m).toFixed(0).padStart(8)}`);
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
