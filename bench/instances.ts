/**
 * Two instances against one: throughput of the users list (GET /user, 50 rows of 200 with the
 * total, on the auth servers) and of document submission (POST /document, on the api servers)
 * when the same clients' requests go to one `npm start` instance, or alternate between two
 * (as a load balancer spreads them), both instances on the same PostgreSQL. The two set-ups
 * take one-second turns in a shuffled order after a warm-up; the figure is requests/s over all
 * turns. Both instances run the whole time (in the one-instance turns, B idles, as a standby).
 *
 *   npm run bench:instances
 *
 * Each turn also reads where the CPU went (each instance's processes, PostgreSQL's, this
 * process: the load client), which says what bounds the throughput: on a machine of two cores,
 * a second instance adds no core, so the figure shows what splitting the work costs or saves.
 *
 * The database is a throw-away one on an embedded PostgreSQL in data/bench-instances
 * (EMBEDDED_PG_PORT, default 54831), or on BENCH_DATABASE_URL. Instances listen from
 * BENCH_PORT (default 18600) up. Knobs: BENCH_SECONDS (turns per set-up and route, default 10),
 * BENCH_CONCURRENCY (20). Baseline: the one-instance set-up; no goal (reported only).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { shuffled } from './support/stats.ts';
import { projectRoot } from '../server/config.ts';
import { buildConsoleIfStale } from '../server/cli/console-build.ts';
import { createDb } from '../server/db/database.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { killLeftovers, startApp, type App, type Started } from '../tests/support/npm-start.ts';
import { postgresCpuMs, processCpuMs } from './support/cpu-usage.ts';
import { startLoadClient } from './support/load-client.ts';
import { seedUsers } from './support/seed-users.ts';
import { makeSubmissionTarget } from './support/submission-target.ts';
import { BENCH_ADMIN } from './support/bench-apps.ts';
import { reportResult } from './support/report.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18600);
const CORES = os.availableParallelism();
const PAGE_QUERY = new URLSearchParams({ sort: JSON.stringify(['first_name', 'ASC']), range: JSON.stringify([0, 49]) }).toString();

interface Instance {
  app: App;
  auth: string;
  api: string;
}

/** CPU milliseconds so far of an instance: its supervisor and its workers. */
const instanceCpuMs = (instance: Instance) =>
  processCpuMs(instance.app.pid) + Object.values(instance.app.workers()).reduce((sum, pid) => sum + processCpuMs(pid!), 0);

async function main() {
  const dataDir = path.join(projectRoot, 'data', 'bench-instances');
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? 54831) });
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url);
  const db = createDb(database.url);
  const started: Started[] = [];
  const dirs: string[] = [];
  const client = startLoadClient();
  try {
    buildConsoleIfStale((line) => console.log(line));
    const env = {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOGIN_RATE_LIMIT: '1000000',
      LOG_LEVEL: 'warn',
    };
    const instances: Instance[] = [];
    // One after the other: the first migrates and seeds, the second finds it done.
    for (const n of [0, 1]) {
      const ports = { console: PORT + n * 10, auth: PORT + n * 10 + 1, api: PORT + n * 10 + 2, pg: 0 };
      const folder = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-bench-instance-'));
      dirs.push(folder);
      const app = await startApp({ ports, dataDir: folder, env, started });
      instances.push({ app, auth: `http://127.0.0.1:${ports.auth}`, api: `http://127.0.0.1:${ports.api}` });
    }
    const [a, b] = instances as [Instance, Instance];
    await seedUsers(db, 199);
    const login = await fetch(`${a.auth}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.status !== 200) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
    const token = ((await login.json()) as { token: string }).token;
    const target = await makeSubmissionTarget(a.api, token);

    const routes: Record<string, { path: string; server: 'auth' | 'api'; body?: string }> = {
      'users list (GET /user, 50 rows and the total)': { path: `/user?${PAGE_QUERY}`, server: 'auth' },
      'document submission (POST /document)': { path: '/document', server: 'api', body: JSON.stringify(target.body('{n}')) },
    };
    const setups = { 'one instance': [a], 'two instances': [a, b] };
    console.log(
      `two instances vs one on the same PostgreSQL: ${CONCURRENCY} clients, ${SECONDS} one-second turns per set-up, shuffled; ${CORES} cores`,
    );
    console.log(
      '| route | one instance, req/s | two instances, req/s | ratio | CPU busy, one → two | where the CPU went, one instance | two instances |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [name, route] of Object.entries(routes)) {
      const tally = Object.fromEntries(
        Object.keys(setups).map((s) => [s, { done: 0, failed: 0, firstError: '', ms: 0, cpu: { A: 0, B: 0, postgres: 0, client: 0 } }]),
      );
      const turn = async (setup: keyof typeof setups, count: boolean) => {
        const urls = setups[setup].map((instance) => instance[route.server] + route.path);
        const before = {
          A: instanceCpuMs(a),
          B: instanceCpuMs(b),
          postgres: postgresCpuMs(embedded?.pid ?? 0),
          client: processCpuMs(process.pid),
        };
        const result = await client.run({ urls, token, concurrency: CONCURRENCY, ms: 1000, ...(route.body ? { body: route.body } : {}) });
        if (!count) return;
        const t = tally[setup]!;
        t.done += result.done;
        t.failed += result.failed;
        t.firstError ||= result.firstError ?? '';
        t.ms += result.elapsedMs;
        t.cpu.A += instanceCpuMs(a) - before.A;
        t.cpu.B += instanceCpuMs(b) - before.B;
        t.cpu.postgres += postgresCpuMs(embedded?.pid ?? 0) - before.postgres;
        t.cpu.client += processCpuMs(process.pid) - before.client;
      };
      for (const setup of Object.keys(setups) as Array<keyof typeof setups>) await turn(setup, false);
      for (let i = 0; i < SECONDS; i++)
        for (const setup of shuffled(Object.keys(setups) as Array<keyof typeof setups>)) await turn(setup, true);

      const [one, two] = [tally['one instance']!, tally['two instances']!];
      for (const [setup, t] of Object.entries(tally))
        if (t.failed) throw new Error(`${name}, ${setup}: ${t.failed} calls failed, first: ${t.firstError}`);
      const rate = (t: typeof one) => t.done / (t.ms / 1000);
      const busy = (t: typeof one) => Object.values(t.cpu).reduce((x, y) => x + y, 0) / (t.ms * CORES);
      const share = (t: typeof one) =>
        Object.entries(t.cpu)
          .map(([who, ms]) => `${who} ${Math.round((ms / (t.ms * CORES)) * 100)}%`)
          .join(', ');
      console.log(
        `| ${name} | ${Math.round(rate(one))} | ${Math.round(rate(two))} | ${(rate(two) / rate(one)).toFixed(2)}× | ` +
          `${Math.round(busy(one) * 100)}% → ${Math.round(busy(two) * 100)}% | ${share(one)} | ${share(two)} |`,
      );
      reportResult({
        path: `${name}, two instances`,
        figure: rate(two),
        unit: 'req/s',
        baseline: rate(one),
        baselineName: 'one instance',
        ratio: rate(two) / rate(one),
      });
    }
    console.log("(CPU busy: all the processes above, as a share of every core for the turns' wall time; the client is this process.)");
  } finally {
    await client.stop();
    killLeftovers(started);
    await db.destroy();
    await database.drop().catch(() => undefined);
    await embedded?.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
