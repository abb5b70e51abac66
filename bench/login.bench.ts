/**
 * Sign-in cost, side by side in one run: a bare argon2id verify against the whole POST /login
 * over HTTP (validation, lockout bookkeeping, the verify, the session and the token).
 *
 *   npx tsx bench/login.bench.ts            (or: npm run bench:login)
 *
 * The auth server runs in this process on a throw-away database: on BENCH_DATABASE_URL (an
 * admin connection that may CREATE DATABASE) when set, otherwise on an embedded PostgreSQL in
 * data/bench on port EMBEDDED_PG_PORT (default 54359, apart from the test ports). Both the bare verify and the server's
 * verify run on the libuv worker pool @node-rs/argon2 uses, so they compete for the same threads.
 * Throughput is compared, as the goal is set, with a bare server doing only the verify (Fastify,
 * one route, no database) called over HTTP by the same client; the in-process verify loop is
 * printed beside it as the stricter floor.
 * Knobs: BENCH_SECONDS (per throughput run, default 5), BENCH_SAMPLES (sequential, default 300),
 * BENCH_CONCURRENCY (default 20).
 */
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { verify } from '@node-rs/argon2';
import { loadConfig, projectRoot } from '../server/config.ts';
import type { AppContext } from '../server/context.ts';
import { createDb } from '../server/db/database.ts';
import { createJobSystem } from '../server/jobs/job-system.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { migrate } from '../server/db/migrate.ts';
import { seed } from '../server/db/seed.ts';
import { TokenService } from '../server/auth/tokens.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { createMailer } from '../server/mail/mailer.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { insertUser, roleIdBySlug } from '../tests/support/test-users.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { fileStoresFor } from '../server/files/file-stores.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const ADMIN_EMAIL = 'admin@bench.local';
const PASSWORD = 'bench-passphrase-for-everyone';

const ms = (ns: bigint) => Number(ns) / 1e6;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * p50s of one-after-another calls of each contender, taken in turns (one call of each per
 * round) so that a machine getting busier or quieter meanwhile weighs on all of them alike.
 */
async function sequentialP50s(samples: number, contenders: Array<() => Promise<void>>): Promise<number[]> {
  for (let i = 0; i < 20; i++) for (const run of contenders) await run();
  const times = contenders.map(() => [] as number[]);
  for (let i = 0; i < samples; i++) {
    for (const [c, run] of contenders.entries()) {
      const start = process.hrtime.bigint();
      await run();
      times[c]!.push(ms(process.hrtime.bigint() - start));
    }
  }
  return times.map(median);
}

interface Rate {
  rate: number;
  failed: number;
  firstError?: string;
}

/**
 * Successful calls per second of each contender with `workers` loops running at once, in
 * one-second turns for `seconds` turns each (as above, so they share the machine's moods); a
 * call that fails (a refused sign-in) is counted apart and reported.
 */
async function throughputs(workers: number, seconds: number, contenders: Array<(worker: number) => Promise<void>>): Promise<Rate[]> {
  const results = contenders.map(() => ({ done: 0, failed: 0, ms: 0, firstError: undefined as string | undefined }));
  const slice = async (c: number, sliceMs: number, count: boolean) => {
    const result = results[c]!;
    const start = process.hrtime.bigint();
    const until = Date.now() + sliceMs;
    await Promise.all(
      Array.from({ length: workers }, async (_, w) => {
        while (Date.now() < until) {
          try {
            await contenders[c]!(w);
            if (count) result.done++;
          } catch (err) {
            if (count) result.failed++;
            result.firstError ??= (err as Error).message;
          }
        }
      }),
    );
    if (count) result.ms += ms(process.hrtime.bigint() - start);
  };
  for (const c of contenders.keys()) await slice(c, 500, false);
  for (let turn = 0; turn < seconds; turn++) for (const c of contenders.keys()) await slice(c, 1000, true);
  return results.map((r) => ({ rate: r.done / (r.ms / 1000), failed: r.failed, firstError: r.firstError }));
}

/**
 * A lean keep-alive HTTP client (node:http): the client shares the machine with the server, so
 * its own cost should weigh as little as a browser's would.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function postJson(url: string, body: unknown): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

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
  let app: Awaited<ReturnType<typeof createAuthServer>>['app'] | undefined;
  const bareServer = Fastify();
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
    app = (await createAuthServer(ctx)).app;
    await app.listen({ host: '127.0.0.1', port: 0 });
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
    await bareServer.listen({ host: '127.0.0.1', port: 0 });
    const bareBase = `http://127.0.0.1:${(bareServer.server.address() as AddressInfo).port}`;
    const bareServerVerify = async () => {
      const res = await postJson(`${bareBase}/verify`, { email: ADMIN_EMAIL, password: PASSWORD });
      if (res.status !== 200) throw new Error(`bare verify answered ${res.status}`);
    };
    const signIn = async (email: string) => {
      const res = await postJson(`${base}/login`, { email, password: PASSWORD, isKeepLogin: true, userAgent: 'bench' });
      if (res.status !== 200) throw new Error(`POST /login answered ${res.status}: ${res.text}`);
    };

    console.log(`sign-in benchmark: ${SAMPLES} sequential samples each, ${CONCURRENCY} at once for ${SECONDS} s each (taken in turns)`);
    const [verifyP50, loginP50] = (await sequentialP50s(SAMPLES, [bareVerify, () => signIn(ADMIN_EMAIL)])) as [number, number];
    const [verifyRate, bareServerRate, loginRateOneAccount, loginRateManyAccounts] = (await throughputs(CONCURRENCY, SECONDS, [
      bareVerify,
      bareServerVerify,
      () => signIn(ADMIN_EMAIL),
      (w) => signIn(emails[w]!),
    ])) as [Rate, Rate, Rate, Rate];

    const row = (label: string, value: string, ratio: string, goal: string) =>
      console.log(`${label.padEnd(44)}${value.padStart(12)}${ratio.padStart(8)}  ${goal}`);
    const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
    const rateRow = (label: string, r: Rate) => {
      const refused = r.failed ? `  (${r.failed} refused, first: ${r.firstError})` : '';
      const ratio = r.rate / bareServerRate.rate;
      const floor = `(${(r.rate / verifyRate.rate).toFixed(2)} of the in-process verify)`;
      row(label, `${r.rate.toFixed(0)} /s`, ratio.toFixed(2), `>= 0.8  ${verdict(!r.failed && ratio >= 0.8)}  ${floor}${refused}`);
    };
    console.log('');
    row('', 'value', 'ratio', 'goal');
    row('argon2id verify, p50 sequential', `${verifyP50.toFixed(2)} ms`, '1.00', '');
    row(
      'POST /login over HTTP, p50 sequential',
      `${loginP50.toFixed(2)} ms`,
      (loginP50 / verifyP50).toFixed(2),
      `<= 1.5  ${verdict(loginP50 / verifyP50 <= 1.5)}`,
    );
    row(`argon2id verify in-process, ${CONCURRENCY} at once`, `${verifyRate.rate.toFixed(0)} /s`, '', '');
    row(`bare verify server, ${CONCURRENCY} clients`, `${bareServerRate.rate.toFixed(0)} /s`, '1.00', '');
    rateRow(`POST /login, ${CONCURRENCY} clients, one account`, loginRateOneAccount);
    rateRow(`POST /login, ${CONCURRENCY} clients, own accounts`, loginRateManyAccounts);
  } finally {
    agent.destroy();
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
