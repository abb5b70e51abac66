/**
 * What counting the sign-in rate limit in PostgreSQL (shared by every instance) costs a request,
 * against counting it in process memory (@fastify/rate-limit's own store), side by side in one
 * run: the same auth server code on the same database, built twice, one with each store
 * (RATE_LIMIT_STORE), listening on its own port and called over HTTP by the same client.
 *
 *   npx tsx bench/rate-limit.ts            (or: npm run bench:rate-limit)
 *
 * Routes: POST /login as the admin (200: the argon2 verify dominates) and POST
 * /user/change_password, the reset-link request, for an e-mail nobody has (200, no mail: the
 * cheapest limited request).
 * p50 of sequential calls, the contenders in a shuffled order each round; both stores answer
 * the same status and body shape (checked). Baseline: the in-memory store. Goal: PostgreSQL at
 * most 1.2× the in-memory p50.
 * Knobs: BENCH_SAMPLES (default 400), BENCH_ROUNDS (5), BENCH_PORT (18800: the PostgreSQL-store
 * server; the in-memory one listens on the next port), EMBEDDED_PG_PORT (54773), BENCH_DATABASE_URL.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { projectRoot } from '../server/config.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { BENCH_ADMIN, startBenchApps } from './support/bench-apps.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 400);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const GOAL = 1.2;
const PORT = Number(process.env.BENCH_PORT ?? 18800);

async function listen(app: FastifyInstance, port: number): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function post(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text}`);
  // The shape of the answer (keys), so two stores are seen to answer alike; tokens differ by design.
  return JSON.stringify(Object.keys(JSON.parse(text) as object).sort());
}

async function main() {
  const dataDir = path.join(projectRoot, 'data', 'bench-rate-limit');
  const apps = await startBenchApps(dataDir, 54773, { loginRateLimit: { max: 1_000_000_000, windowMs: 60_000 } });
  const memoryApp = (await createAuthServer({ ...apps.ctx, config: { ...apps.ctx.config, rateLimitStore: 'memory' } })).app;
  try {
    const stores = { postgres: await listen(apps.auth, PORT), memory: await listen(memoryApp, PORT + 1) };
    const routes = {
      'POST /login': { path: '/login', body: BENCH_ADMIN },
      'POST /user/change_password (a reset link for an unknown e-mail)': {
        path: '/user/change_password',
        body: { email: 'nobody@bench.local' },
      },
    };
    console.log(`rate-limit store: p50 of ${SAMPLES} sequential requests per round, median of ${ROUNDS} rounds, contenders shuffled`);
    console.log('| route | in memory | PostgreSQL | ratio | goal | met |');
    console.log('|---|---|---|---|---|---|');
    for (const [name, route] of Object.entries(routes)) {
      const shapes = new Set([await post(stores.postgres + route.path, route.body), await post(stores.memory + route.path, route.body)]);
      if (shapes.size !== 1) throw new Error(`${name}: the two stores answer differently`);
      const p50s = { postgres: [] as number[], memory: [] as number[] };
      for (let round = 0; round < ROUNDS; round++) {
        const times = { postgres: [] as number[], memory: [] as number[] };
        for (let i = 0; i < SAMPLES; i++) {
          for (const store of shuffled(['postgres', 'memory'] as const)) {
            const start = performance.now();
            await post(stores[store] + route.path, route.body);
            times[store].push(performance.now() - start);
          }
        }
        p50s.postgres.push(median(times.postgres));
        p50s.memory.push(median(times.memory));
      }
      const [memory, postgres] = [median(p50s.memory), median(p50s.postgres)];
      const ratio = postgres / memory;
      console.log(
        `| ${name} | ${memory.toFixed(2)} ms | ${postgres.toFixed(2)} ms | ${ratio.toFixed(2)}× | ≤ ${GOAL}× | ${ratio <= GOAL ? 'yes' : 'no'} |`,
      );
      reportResult({
        path: `${name}, p50, PostgreSQL rate-limit store`,
        figure: postgres,
        unit: 'ms',
        baseline: memory,
        baselineName: 'in-memory store',
        ratio,
        goal: `≤ ${GOAL}×`,
        met: ratio <= GOAL,
      });
    }
  } finally {
    await memoryApp.close();
    await apps.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
