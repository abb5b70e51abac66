/**
 * Sign-in cost, side by side in one run. The figure: POST /login over HTTP (validation, lockout
 * bookkeeping, the verify, the session and the token), 20 clients each signing in to their own
 * account, against its baseline, a bare verify server (Fastify, one route, no database: the
 * argon2id verify alone) called over HTTP by the same clients, which run in a thread of their
 * own (support/load-client.ts), off the servers' event loop. Goal: ≥ 0.85× in every run. A
 * run's ratio is the median of its rounds' ratios (each round's two figures taken in the same
 * turns), the req/s beside it each one's median over the rounds; the lowest round is printed too.
 * A single round of 3 s swings ±0.06 with the machine's pace (0.78–0.91 in one run), so the
 * lowest of five measures the machine's worst moment more than the sign-in. The bare server answers `{}`, not a session: it is the floor of the
 * work, not the same answer.
 *
 *   npx tsx bench/login.bench.ts            (or: npm run bench:login, or BENCH_ONLY=login npm run bench)
 *
 * Each round runs every contender for BENCH_SECONDS, in BENCH_SLICES turns each, every turn in a
 * fresh random order: the two above, the in-process verify loop (the stricter floor, no HTTP),
 * POST /login with every client on one account, and the sign-in's own work (the per-address
 * count, the reserved check and verify, the session with its change row, the token) in a bare
 * Fastify handler beside the bare verify: its gap to the verify is what that work costs, and
 * POST /login's gap to it what the server around the work costs. Before the rounds, one-after-another calls give p50s of the verify and of POST /login.
 *
 * The auth server runs in this process on a throw-away database: on BENCH_DATABASE_URL (an
 * admin connection that may CREATE DATABASE) when set, otherwise on an embedded PostgreSQL in
 * data/bench on port EMBEDDED_PG_PORT (default 54359, apart from the test ports). It listens on
 * BENCH_PORT (default 18720), the bare verify server on BENCH_PORT + 1. Both the bare verify and
 * the server's verify run on the libuv worker pool @node-rs/argon2 uses, so they compete for the
 * same threads.
 * Knobs: BENCH_ROUNDS (default 5), BENCH_SECONDS (per contender per round, default 3), BENCH_SLICES (3),
 * BENCH_SAMPLES (sequential, default 300), BENCH_CONCURRENCY (clients and accounts, default 20). With the
 * defaults a run takes about a minute and a half.
 */
import { benchContext } from './support/bench-apps.ts';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { verify } from '@node-rs/argon2';
import { loadConfig, projectRoot } from '../server/config.ts';
import { createDb } from '../server/db/database.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { createSignIn } from '../server/auth/sign-in.ts';
import { clientNetwork } from '../server/auth/login-failures.ts';
import { postgresRateLimitStore } from '../server/http/rate-limit-store.ts';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { insertUser, roleIdBySlug } from '../tests/support/test-users.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';
import { startLoadClient, type LoadClient } from './support/load-client.ts';
import { postgresCpuMs } from './support/cpu-usage.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const SLICES = Number(process.env.BENCH_SLICES ?? 3);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 18720);
const ADMIN_EMAIL = 'admin@bench.local';
const PASSWORD = 'bench-passphrase-for-everyone';
const GOAL = 0.85;

const ms = (ns: bigint) => Number(ns) / 1e6;

/**
 * p50s of one-after-another calls of each contender, taken in turns (one call of each per
 * sample, in a fresh random order) so that a machine getting busier or quieter meanwhile weighs
 * on all of them alike.
 */
async function sequentialP50s(samples: number, contenders: Array<() => Promise<number>>): Promise<number[]> {
  for (let i = 0; i < 20; i++) for (const run of contenders) await run();
  const times = contenders.map(() => [] as number[]);
  for (let i = 0; i < samples; i++) {
    for (const c of shuffled([...contenders.keys()])) times[c]!.push(await contenders[c]!());
  }
  return times.map(median);
}

/** In this process, one call of worker `w`; or over HTTP from the load client's thread, worker i POSTing `bodies[i]`. */
type Contender = { local: (worker: number) => Promise<void> } | { remote: { url: string; bodies: string[] } };

/** One call over HTTP, timed from its start to its answer's last byte (the p50s' sign-in). */
function postJson(url: string, body: string): Promise<{ status: number; text: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', agent, headers: JSON_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }),
      );
      response.on('error', reject);
    });
    request.on('error', reject).end(body);
  });
}

interface Rates {
  /** Successful calls per second in each round. */
  rounds: number[];
  failed: number;
  firstError?: string;
  /** Over the counted turns: calls, and CPU ms of this process (servers, hashing pool, clients) and of PostgreSQL's. */
  calls: number;
  processMs: number;
  postgresMs: number;
}

/**
 * Successful calls per second of each contender with `workers` loops running at once, in
 * `rounds` rounds of `seconds` each, taken in turns (so they share the machine's moods); a call
 * that fails (a refused sign-in) is counted apart and reported.
 */
async function throughputs(
  client: LoadClient,
  workers: number,
  rounds: number,
  seconds: number,
  contenders: Contender[],
  postmasterPid?: number,
): Promise<Rates[]> {
  const results: Rates[] = contenders.map(() => ({ rounds: [], failed: 0, calls: 0, processMs: 0, postgresMs: 0 }));
  const cpuMs = () => {
    const used = process.cpuUsage();
    return { process: (used.user + used.system) / 1000, postgres: postmasterPid ? postgresCpuMs(postmasterPid) : 0 };
  };
  /** Runs contender `c` for `sliceMs`, its CPU counted when `count`; answers its successful calls and the time they took (ms). */
  const slice = async (c: number, sliceMs: number, count: boolean) => {
    const before = cpuMs();
    const ran = await runSlice(c, sliceMs, count);
    if (count) {
      const after = cpuMs();
      const result = results[c]!;
      result.calls += ran.done;
      result.processMs += after.process - before.process;
      result.postgresMs += after.postgres - before.postgres;
    }
    return ran;
  };
  const runSlice = async (c: number, sliceMs: number, count: boolean) => {
    const result = results[c]!;
    const contender = contenders[c]!;
    if ('remote' in contender) {
      const { url, bodies } = contender.remote;
      const ran = await client.run({ urls: [url], bodies, concurrency: workers, ms: sliceMs });
      if (count) result.failed += ran.failed;
      result.firstError ??= ran.firstError;
      return { done: ran.done, elapsed: ran.elapsedMs };
    }
    let done = 0;
    const start = process.hrtime.bigint();
    const until = Date.now() + sliceMs;
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        while (Date.now() < until) {
          try {
            await contender.local(w);
            done++;
          } catch (err) {
            if (count) result.failed++;
            result.firstError ??= (err as Error).message;
          }
        }
      }),
    );
    return { done, elapsed: ms(process.hrtime.bigint() - start) };
  };
  for (const c of shuffled([...contenders.keys()])) await slice(c, 500, false);
  for (let round = 0; round < rounds; round++) {
    // A round's time goes to the contenders in SLICES turns each, in a fresh order every turn:
    // the machine's pace drifts over seconds, and contenders a turn apart meet it alike.
    const done = contenders.map(() => 0);
    const elapsed = contenders.map(() => 0);
    for (let turn = 0; turn < SLICES; turn++) {
      for (const c of shuffled([...contenders.keys()])) {
        const ran = await slice(c, (seconds * 1000) / SLICES, true);
        done[c]! += ran.done;
        elapsed[c]! += ran.elapsed;
      }
    }
    contenders.forEach((_, c) => results[c]!.rounds.push(done[c]! / (elapsed[c]! / 1000)));
  }
  return results;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function main() {
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(projectRoot, 'data', 'bench'),
        port: Number(process.env.EMBEDDED_PG_PORT ?? 54359),
      });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? embedded!.url;
  const database = await createTestDatabase(adminUrl);

  const config = loadConfig(
    { ADMIN_EMAIL, ADMIN_PASSWORD: PASSWORD },
    {
      databaseUrl: database.url,
      dataDir: path.join(projectRoot, 'data', 'bench'),
      outboxDir: path.join(projectRoot, 'data', 'bench', 'outbox'),
      logLevel: 'silent',
      // The per-address request limit would stop a benchmark from one address after 30 calls.
      loginRateLimit: { max: 1_000_000_000, windowMs: 60_000 },
    },
  );
  const db = createDb(config.databaseUrl!);
  // The concurrent clients run in a thread of their own: on the servers' event loop they would take its time.
  const client = startLoadClient();
  let app: Awaited<ReturnType<typeof createAuthServer>>['app'] | undefined;
  const bareServer = Fastify();
  try {
    await migrate(db);
    await seed(db, config);
    const ctx = await benchContext(db, config);
    app = (await createAuthServer(ctx)).app;
    await app.listen({ host: '127.0.0.1', port: PORT });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // One account per concurrent client too: real concurrent sign-ins are different people.
    const adminRole = await roleIdBySlug(db, 'admin');
    const emails: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      emails.push((await insertUser(db, { email: `client-${i}@bench.local`, password: PASSWORD, roleId: adminRole })).email);
    }

    const passwordHash = await hashPassword(PASSWORD);
    const bareVerify = async () => {
      if (!(await verify(passwordHash, PASSWORD))) throw new Error('verify failed');
    };
    bareServer.post<{ Body: { password: string } }>('/verify', async (request, reply) => {
      if (!(await verify(passwordHash, request.body.password))) return reply.status(401).send({});
      return {};
    });
    // The sign-in's own work with none of the server's plumbing (plugins, hooks, schemas): the
    // per-address count, the reserved check with the verify, the session with its change row, the
    // token. Its gap to the bare verify is what the database work costs; POST /login's gap to it,
    // what the server around that work costs.
    const signInWork = createSignIn(ctx);
    const addressCount = new (postgresRateLimitStore(db) as unknown as new (options: object) => FastifyRateLimitStore)({});
    bareServer.post<{ Body: { email: string; password: string } }>('/sign-in', async (request) => {
      await new Promise((resolve, reject) =>
        addressCount.incr(`POST /login ${request.ip}`, (err, result) => (err ? reject(err) : resolve(result)), 60_000, 1_000_000_000),
      );
      const { user, sessionId } = await signInWork({
        email: request.body.email,
        password: request.body.password,
        address: clientNetwork(request.ip),
        keepLogin: true,
        userAgent: 'bench',
        client: 'console',
        context: { address: request.ip, requestId: String(request.id), action: 'sign-in' },
      });
      return {
        user,
        token: await ctx.tokens.sign({ sub: String(user._id), sid: sessionId }, config.clock.now(), config.accessTokenTtlSeconds),
      };
    });
    await bareServer.listen({ host: '127.0.0.1', port: PORT + 1 });
    const bareBase = `http://127.0.0.1:${(bareServer.server.address() as AddressInfo).port}`;
    const bareBody = JSON.stringify({ email: ADMIN_EMAIL, password: PASSWORD });
    const loginBody = (email: string) => JSON.stringify({ email, password: PASSWORD, isKeepLogin: true, userAgent: 'bench' });
    const timedBareVerify = async () => {
      const start = process.hrtime.bigint();
      await bareVerify();
      return ms(process.hrtime.bigint() - start);
    };
    const timedSignIn = async () => {
      const res = await postJson(`${base}/login`, loginBody(ADMIN_EMAIL));
      if (res.status !== 200) throw new Error(`POST /login answered ${res.status}: ${res.text}`);
      return res.ms;
    };

    console.log(
      `sign-in benchmark: ${SAMPLES} sequential samples each, then ${ROUNDS} rounds of ${CONCURRENCY} clients at once ` +
        `for ${SECONDS} s per contender, in a fresh random order every round`,
    );
    const [verifyP50, loginP50] = (await sequentialP50s(SAMPLES, [timedBareVerify, timedSignIn])) as [number, number];
    const [verifyRates, bareServerRates, loginOneAccount, loginOwnAccounts, bareSignIns] = (await throughputs(
      client,
      CONCURRENCY,
      ROUNDS,
      SECONDS,
      [
        { local: bareVerify },
        { remote: { url: `${bareBase}/verify`, bodies: emails.map(() => bareBody) } },
        { remote: { url: `${base}/login`, bodies: emails.map(() => loginBody(ADMIN_EMAIL)) } },
        { remote: { url: `${base}/login`, bodies: emails.map(loginBody) } },
        { remote: { url: `${bareBase}/sign-in`, bodies: emails.map(loginBody) } },
      ],
      embedded?.pid,
    )) as [Rates, Rates, Rates, Rates, Rates];

    const row = (label: string, value: string, ratio: string, note: string) =>
      console.log(`${label.padEnd(44)}${value.padStart(12)}${ratio.padStart(8)}  ${note}`);
    const ratiosTo = (r: Rates, base: Rates) => r.rounds.map((rate, i) => rate / base.rounds[i]!);
    const rateRow = (label: string, r: Rates) => {
      const ratios = ratiosTo(r, bareServerRates);
      const refused = r.failed ? `  (${r.failed} refused, first: ${r.firstError})` : '';
      const floor = `${median(ratiosTo(r, verifyRates)).toFixed(2)} of the in-process verify`;
      row(
        label,
        `${median(r.rounds).toFixed(0)} /s`,
        median(ratios).toFixed(2),
        `rounds ${ratios.map((x) => x.toFixed(2)).join(' ')} (${r.rounds.map((x) => x.toFixed(0)).join(' ')} /s); ${floor}${refused}`,
      );
    };
    console.log('');
    row('', 'value', 'ratio', '');
    row('argon2id verify, p50 sequential', `${verifyP50.toFixed(2)} ms`, '1.00', '');
    row('POST /login over HTTP, p50 sequential', `${loginP50.toFixed(2)} ms`, (loginP50 / verifyP50).toFixed(2), '');
    row(`argon2id verify in-process, ${CONCURRENCY} at once`, `${median(verifyRates.rounds).toFixed(0)} /s`, '', '');
    row(
      `bare verify server, ${CONCURRENCY} clients`,
      `${median(bareServerRates.rounds).toFixed(0)} /s`,
      '1.00',
      `rounds ${bareServerRates.rounds.map((x) => x.toFixed(0)).join(' ')} /s`,
    );
    rateRow(`POST /login, ${CONCURRENCY} clients, one account`, loginOneAccount);
    rateRow(`POST /login, ${CONCURRENCY} clients, own accounts`, loginOwnAccounts);
    rateRow(`its work in a bare handler, own accounts`, bareSignIns);
    console.log("(req/s: median of the rounds; ratio: median of the rounds' ratios to the bare verify server of the same round)");
    // Where a sign-in's time goes on a machine its hashing keeps busy: every CPU ms it adds to the verify's is throughput lost.
    const cpuRow = (label: string, r: Rates) =>
      console.log(
        `CPU per call, ${label.padEnd(34)}${(r.processMs / r.calls).toFixed(1).padStart(6)} ms this process` +
          (embedded ? `, ${(r.postgresMs / r.calls).toFixed(1)} ms PostgreSQL` : ''),
      );
    cpuRow('bare verify server', bareServerRates);
    cpuRow('POST /login, own accounts', loginOwnAccounts);
    cpuRow('its work in a bare handler', bareSignIns);
    console.log(
      `POST /login vs its work in a bare handler: ${median(ratiosTo(loginOwnAccounts, bareSignIns)).toFixed(2)} (median of the rounds' ratios)`,
    );

    const ratios = ratiosTo(loginOwnAccounts, bareServerRates);
    const ratio = median(ratios);
    reportResult({
      path: `sign-in, ${CONCURRENCY} clients on ${CONCURRENCY} accounts (median of ${ROUNDS} rounds)`,
      figure: median(loginOwnAccounts.rounds),
      unit: 'req/s',
      baseline: median(bareServerRates.rounds),
      baselineName: `bare verify server; lowest round ${Math.min(...ratios).toFixed(2)}×`,
      ratio,
      goal: `≥ ${GOAL}× in every run`,
      met: ratio >= GOAL,
    });
    // A refused sign-in with the right password is a wrong answer, not a slow one.
    const refusals = [verifyRates, bareServerRates, loginOneAccount, loginOwnAccounts, bareSignIns].filter((r) => r.failed);
    if (refusals.length) {
      console.log(`calls failed: ${refusals.map((r) => `${r.failed} (first: ${r.firstError})`).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    agent.destroy();
    await client.stop();
    await bareServer.close();
    await app?.close();
    await db.destroy();
    await database.drop();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
