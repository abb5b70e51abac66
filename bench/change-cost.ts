/**
 * What the change log costs the writes it records, side by side in one run:
 *
 *   npm run bench:changes
 *
 * Two writes, each timed over HTTP from the request to the last byte of its answer, one after
 * another, by a client in a process of its own as a phone is (support/http-client.ts: in this
 * process, the servers' work after each answer would hold the answer back from the clock):
 *   - a document submission (POST /document: the hot path of the mobile app), and
 *   - a generic update (PATCH /designation/{id}, the CRUD plugin).
 * Each is measured with its change row (as it runs in production), without it (the same
 * request and the same answer; only the flush of the write's ChangeSet is skipped, or for a plain
 * submission the change-row part of its one statement, so no advisory lock, no revision upsert
 * and no insert), and with the row hash-chained (AUDIT_HASH_CHAIN=on).
 * And the submission's floor, the bare insert: the same document row inserted alone (one INSERT
 * into documents with the same values) by a minimal Fastify + pg handler with the same token
 * check, over HTTP too, timed the same way (bench/support/bare-insert-server.ts).
 * A write with its row, the same write without it (and for a submission, the bare insert)
 * alternate write by write, in an order drawn afresh each time, so that they meet the machine at
 * the same pace; hash-chained writes have turns of their own (switching is DDL). Turns come in
 * rounds, in a shuffled order, and each figure is the median of the rounds' medians (p50).
 * Goals: a submission with its counters and change row ≤ 1.3× the bare insert; each write with
 * its change row ≤ 1.15× without it. Hash-chained is reported only.
 *
 * Knobs: BENCH_ROUNDS (6), BENCH_WRITES (150 per contender per round), EMBEDDED_PG_PORT (54709),
 * BENCH_DATABASE_URL (another server instead of the embedded one).
 */
import { sql } from 'kysely';
import path from 'node:path';
import { ChangeSet } from '../server/changes/change-log.ts';
import { applyHashChain } from '../server/changes/hash-chain.ts';
import { oneStatementLog } from '../server/documents/one-statement-submission.ts';
import { projectRoot } from '../server/config.ts';
import { listenAndSignIn, startBenchApps } from './support/bench-apps.ts';
import { makeSubmissionTarget } from './support/submission-target.ts';
import { startBareInsertServer } from './support/bare-insert-server.ts';
import { reportResult } from './support/report.ts';
import { startHttpClient } from './support/http-client.ts';
import { median, shuffled } from './support/stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const WRITES = Number(process.env.BENCH_WRITES ?? 150);
const UNTIMED_AFTER_SWITCH = 20;
const dataDir = path.join(projectRoot, 'data', 'bench-changes');

type Mode = 'without' | 'with' | 'chained';
const BARE = 'bare insert';
const WRITE_PATHS = { submission: 'POST /document', update: 'PATCH /designation/:id' };
const MODES: Mode[] = ['without', 'with', 'chained'];

const flushChanges = ChangeSet.prototype.flush;

/** Whether writes record their change row: when not, a transaction's ChangeSet flush is skipped and a plain submission's one statement leaves the row out. */
function logRows(on: boolean): void {
  ChangeSet.prototype.flush = on ? flushChanges : async () => [];
  oneStatementLog.changeRow = on;
}

async function main() {
  const { db, auth, api, databaseUrl, stop } = await startBenchApps(dataDir, 54709);
  const closers: Array<() => Promise<unknown>> = [];
  try {
    const { authUrl, apiUrl, token, headers } = await listenAndSignIn({ auth, api });
    const call = async (base: string, method: string, route: string, body?: unknown) => {
      const res = await fetch(`${base}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const target = await makeSubmissionTarget(apiUrl, token);
    const designation = await call(authUrl, 'POST', '/designation', { name: 'Bench title 0' });

    const secret = (await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow()).value;
    const bare = await startBareInsertServer(databaseUrl, secret);
    closers.push(
      () => bare.app.close(),
      () => bare.pool.end(),
    );

    // The writes are sent from a process of their own, as a phone's are, and timed there.
    const client = startHttpClient();
    closers.push(() => client.stop());
    /** One write over HTTP: its milliseconds from the request to the last byte of the answer. */
    const timedCall = async (base: string, method: string, route: string, body: unknown) => {
      const answer = await client.call({ url: `${base}${route}`, method, headers, body: JSON.stringify(body) });
      if (answer.status >= 300) throw new Error(`${method} ${route} answered ${answer.status}: ${answer.body}`);
      return answer.ms;
    };
    let n = 0;
    const bareInsert = () => timedCall(bare.url, 'POST', '/document', target.body(++n));
    const contenders = {
      submission: () => timedCall(apiUrl, 'POST', '/document', target.body(++n)),
      update: () => timedCall(authUrl, 'PATCH', `/designation/${String(designation._id)}`, { name: `Bench title ${++n}` }),
    };

    // Warm both paths up, then the rounds.
    for (const write of [...Object.values(contenders), bareInsert]) for (let i = 0; i < 30; i++) await write();
    const rounds: Record<string, number[]> = {};
    // Writes with and without their row (and a submission's bare insert) take turns write by
    // write, which of them goes first drawn each time: the machine's pace drifts over seconds,
    // and writes side by side see the same pace. The hash-chained writes need DDL to switch (so
    // a turn of their own, its first writes untimed).
    const plainTurn = async (name: keyof typeof contenders) => {
      const kinds = name === 'submission' ? (['with', 'without', BARE] as const) : (['with', 'without'] as const);
      const times: Record<string, number[]> = {};
      for (let i = 0; i < WRITES; i++) {
        for (const kind of shuffled(kinds)) {
          if (kind !== BARE) logRows(kind === 'with');
          (times[kind] ??= []).push(await (kind === BARE ? bareInsert : contenders[name])());
        }
      }
      logRows(true);
      for (const kind of kinds) (rounds[kind === BARE ? BARE : `${name} ${kind}`] ??= []).push(median(times[kind]!));
    };
    const chainedTurn = async (name: keyof typeof contenders) => {
      await applyHashChain(db, true);
      try {
        // Switching the hash chain is DDL on changes: PostgreSQL plans the statements that write
        // it afresh on each connection (five custom plans before a generic one), which no server
        // does between two submissions. Those first writes are not timed.
        for (let i = 0; i < UNTIMED_AFTER_SWITCH; i++) await contenders[name]();
        const times: number[] = [];
        for (let i = 0; i < WRITES; i++) times.push(await contenders[name]());
        (rounds[`${name} chained`] ??= []).push(median(times));
      } finally {
        await applyHashChain(db, false);
      }
    };
    for (let round = 0; round < ROUNDS; round++) {
      const turns = shuffled(Object.keys(contenders).flatMap((name) => [`${name} plain`, `${name} chained`]));
      for (const turn of turns) {
        const [name, kind] = turn.split(' ') as [keyof typeof contenders, string];
        // After a hash-chained turn the plain statements are planned afresh too: untimed as well.
        for (let i = 0; i < UNTIMED_AFTER_SWITCH; i++) await contenders[name]();
        await (kind === 'plain' ? plainTurn(name) : chainedTurn(name));
      }
    }
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from changes`.execute(db);
    console.log(
      `\nthe change log's cost, p50 over HTTP, median of ${ROUNDS} rounds × ${WRITES} writes (goal ≤ 1.15×); ${rows[0]!.n} change rows written`,
    );
    const ratios: Array<{ name: string; without: number; withRow: number }> = [];
    for (const name of Object.keys(contenders)) {
      const [without, withRow, chained] = MODES.map((mode) => median(rounds[`${name} ${mode}`]!));
      ratios.push({ name, without: without!, withRow: withRow! });
      console.log(
        `${name.padEnd(12)} without the row ${without!.toFixed(2).padStart(7)} ms   with it ${withRow!.toFixed(2).padStart(7)} ms ` +
          `${(withRow! / without!).toFixed(3)}×   hash-chained ${chained!.toFixed(2).padStart(7)} ms ${(chained! / without!).toFixed(3)}×`,
      );
    }
    const submission = median(rounds['submission with']!);
    const bareP50 = median(rounds[BARE]!);
    console.log(
      `submission with counters and change row ${submission.toFixed(2)} ms   bare insert (minimal handler) ${bareP50.toFixed(2)} ms ` +
        `${(submission / bareP50).toFixed(3)}× (goal ≤ 1.3×)\n`,
    );
    reportResult({
      path: 'submission with counters and change row',
      figure: submission,
      unit: 'ms p50',
      baseline: bareP50,
      baselineName: 'bare insert, minimal Fastify + pg handler',
      ratio: submission / bareP50,
      goal: '≤ 1.3×',
      met: submission / bareP50 <= 1.3,
    });
    for (const { name, without, withRow } of ratios) {
      reportResult({
        path: `${WRITE_PATHS[name as keyof typeof WRITE_PATHS]} with its change row`,
        figure: withRow,
        unit: 'ms p50',
        baseline: without,
        baselineName: 'same request, change row skipped',
        ratio: withRow / without,
        goal: '≤ 1.15×',
        met: withRow / without <= 1.15,
      });
    }
  } finally {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
