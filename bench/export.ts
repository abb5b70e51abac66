/**
 * P1, the document export: rows/s of the export job end to end over HTTP, as the console runs it
 * — POST /export on the api server, GET /export/{id} until it is done, then GET /export/{id}/file
 * read to its end by a client in a process of its own, as a browser is (support/http-client.ts:
 * in this process it would take the server's own event loop and count in its memory) — against the baseline, a pg client reading `COPY (the export's own SELECT) TO
 * STDOUT` to its end. The two take turns in a fresh shuffled order each round; the figures are
 * the median rows/s over the rounds and the ratio the median of the rounds' ratios (a first round
 * warms both up and is not counted). Both must give
 * the same rows: the file's body after its byte-order mark and header row must be the COPY's
 * output byte for byte, in every round (same rows, length and SHA-256; "same answer: NO" exits
 * 1). Also how much the Node process's RSS (the api server and its job worker run in it) grows
 * while an export runs, in the counted rounds (the first export also grows the heap to its working
 * size as the code warms up: printed apart).
 *
 *   npx tsx bench/export.ts         (or: npm run bench:export, BENCH_ONLY=export npm run bench)
 *
 * Goals: the job at least 0.8× the COPY's rows/s; RSS growth at most 100 MB.
 *
 * It exports everything of the largest program type of a database kept between runs
 * (bench/support/seeded-documents.ts): `fieldbase_bench` on BENCH_DATABASE_URL when set, else on
 * an embedded PostgreSQL in data/bench-documents (the folder bench/documents-read.ts fills too:
 * run the two one after the other) on EMBEDDED_PG_PORT (default 54867), filled once with
 * BENCH_DOCUMENTS demo documents (default 700,000: the largest type then holds about 105,000;
 * filling takes about two minutes, the first run only). The servers listen on BENCH_PORT
 * (default 18770: the auth server) and +1 (the api server). Knobs: BENCH_ROUNDS (default 5),
 * BENCH_DOCUMENTS.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { CSV_BOM, csvLine } from '@model/csv.ts';
import { MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import { projectRoot } from '../server/config.ts';
import { createAuthServer } from '../server/auth/app.ts';
import { createApiServer } from '../server/api/app.ts';
import { exportQuery, specOf } from '../server/exports/export-query.ts';
import type { ExportRow } from '../server/exports/export-store.ts';
import type { RunQuery } from '../server/documents/exports/export-sql.ts';
import { BENCH_ADMIN, benchContext } from './support/bench-apps.ts';
import { largestExport } from './support/largest-export.ts';
import { seededDocuments } from './support/seeded-documents.ts';
import { median, shuffled } from './support/stats.ts';
import { startHttpClient } from './support/http-client.ts';
import { digest } from './support/digest.ts';
import { reportResult } from './support/report.ts';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 700_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const PORT = Number(process.env.BENCH_PORT ?? 18770);
const GOALS = { ratio: 0.8, rssMb: 100 };
const POLL_MS = 50;

/** One run's rows, seconds, and the rows' bytes (after the file's BOM and header) with their SHA-256. */
interface Run {
  rows: number;
  seconds: number;
  bytes: number;
  sha256: string;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

async function copyOut(url: string, select: string): Promise<Run> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
    const { sink, result } = digest();
    await pipeline(copy, sink);
    return { rows: copy.rowCount, seconds: (performance.now() - started) / 1000, ...result() };
  } finally {
    await client.end();
  }
}

async function listen(app: FastifyInstance, port: number): Promise<string> {
  await app.listen({ host: '127.0.0.1', port });
  return `http://127.0.0.1:${port}`;
}

async function main() {
  const seeded = await seededDocuments({ dataDir: path.join(projectRoot, 'data', 'bench-documents'), port: 54867, documents: DOCUMENTS });
  const { db, url } = seeded;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-bench-export-'));
  // The export files go to a folder of their own, removed at the end.
  const config = { ...seeded.config, dataDir: tmp };
  const ctx = await benchContext(db, config, url);
  const auth = (await createAuthServer(ctx)).app;
  const api = (await createApiServer(ctx)).app;
  // The download reads the file as a browser would, from a thread of its own.
  const client = startHttpClient();
  try {
    await ctx.jobs.start();
    const authUrl = await listen(auth, PORT);
    const apiUrl = await listen(api, PORT + 1);
    const login = await fetch(`${authUrl}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_ADMIN),
    });
    if (login.status !== 200) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
    const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;

    const { spec, documents, exported } = await largestExport(db);
    const program = await db.selectFrom('programs').select('name_slug').where('id', '=', spec.program_id).executeTakeFirstOrThrow();
    const request = {
      doc_type: MODULE_KINDS[spec.module as DocumentModule].docType,
      program_slug: program.name_slug,
      doc_id: spec.type_id,
    };
    console.log(
      `export bench: ${seeded.label}, ${documents.toLocaleString('en')} documents; exporting program ${spec.program_id}, ` +
        `${spec.module} type ${spec.type_id}: ${exported.toLocaleString('en')} documents; ${ROUNDS} rounds (median) after a warm-up`,
    );

    /** The export job as the console runs it; also what it exported (its stored spec), for the COPY to read the same. */
    let select: string | undefined;
    let head = 0;
    const job = async (): Promise<Run> => {
      const started = performance.now();
      const asked = await fetch(`${apiUrl}/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify(request),
      });
      if (asked.status !== 202) throw new Error(`POST /export answered ${asked.status}: ${await asked.text()}`);
      const { _id: id } = (await asked.json()) as { _id: string };
      let status = 'queued';
      let rowsDone = 0;
      while (status === 'queued' || status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const polled = await fetch(`${apiUrl}/export/${id}`, { headers: { authorization } });
        if (polled.status !== 200) throw new Error(`GET /export/${id} answered ${polled.status}: ${await polled.text()}`);
        const answer = (await polled.json()) as { status: string; rows_done: number; error: string | null };
        [status, rowsDone] = [answer.status, answer.rows_done];
        if (status !== 'done' && status !== 'queued' && status !== 'running')
          throw new Error(`export ${id} ended ${status}: ${answer.error}`);
      }
      if (select === undefined) {
        // The header and SELECT the job ran, from its stored row, as its runner built them.
        const row = (await db.selectFrom('exports').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as unknown as ExportRow;
        const run: RunQuery = async (query) => (await query.execute(db)).rows;
        const built = await exportQuery(db, run, specOf(row));
        select = built.select;
        head = Buffer.byteLength(CSV_BOM + csvLine(built.header) + '\n');
      }
      const file = await client.download({ url: `${apiUrl}/export/${id}/file`, authorization, skip: head });
      return { rows: rowsDone, seconds: (performance.now() - started) / 1000, ...file };
    };

    const rates: Record<'job' | 'copy', number[]> = { job: [], copy: [] };
    const last: Partial<Record<'job' | 'copy', Run>> = {};
    // Every run's rows, bytes and hash: one answer, the same each time, by both.
    const answers = new Set<string>();
    let rssGrowth = 0;
    let warmUpGrowth = 0;
    let rssPeak = 0;
    // The job runs first in the warm-up round: the COPY needs its SELECT.
    for (let round = 0; round <= ROUNDS; round++) {
      const order = round === 0 ? (['job', 'copy'] as const) : shuffled(['job', 'copy'] as const);
      const line: string[] = [];
      for (const name of order) {
        global.gc?.();
        const before = process.memoryUsage.rss();
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
        const run = name === 'job' ? await job() : await copyOut(url, select!);
        clearInterval(sampler);
        if (name === 'job') {
          peak = Math.max(peak, process.memoryUsage.rss());
          // The first export also grows the heap to its working size as the code warms up: the
          // rounds after it show what an export itself holds.
          if (round === 0) warmUpGrowth = peak - before;
          else rssGrowth = Math.max(rssGrowth, peak - before);
          rssPeak = Math.max(rssPeak, peak);
        }
        last[name] = run;
        answers.add(`${run.rows} rows, ${run.bytes} bytes, sha256 ${run.sha256}`);
        line.push(`${name} ${Math.round(run.rows / run.seconds).toLocaleString('en')} rows/s`);
        if (round > 0) rates[name].push(run.rows / run.seconds);
      }
      console.log(`round ${round}${round === 0 ? ' (warm-up)' : ''}: ${line.join(', ')}`);
    }

    const [jobRun, copyRun] = [last.job!, last.copy!];
    const same = answers.size === 1;
    console.log(
      `\nfile body after BOM + header vs COPY output: ${jobRun.rows.toLocaleString('en')} / ${copyRun.rows.toLocaleString('en')} rows, ` +
        `${jobRun.bytes} / ${copyRun.bytes} bytes, sha256 ${jobRun.sha256.slice(0, 16)}… / ${copyRun.sha256.slice(0, 16)}…; ` +
        `every run alike: ${same ? 'yes' : `no (${[...answers].join('; ')})`} — same answer: ${same ? 'yes' : 'NO'}`,
    );
    const [jobRate, copyRate] = [median(rates.job), median(rates.copy)];
    const ratio = median(rates.job.map((rate, i) => rate / rates.copy[i]!));
    console.log(`P1 export (medians of ${ROUNDS} rounds):`);
    console.log(
      `  export job end to end over HTTP   ${Math.round(jobRate).toLocaleString('en').padStart(10)} rows/s  (${mb(jobRun.bytes).toFixed(0)} MB)`,
    );
    console.log(`  COPY (same select) TO STDOUT      ${Math.round(copyRate).toLocaleString('en').padStart(10)} rows/s  [baseline]`);
    console.log(`  job ÷ COPY: ${ratio.toFixed(2)}×  (goal ≥ ${GOALS.ratio}×)`);
    console.log(
      `  RSS growth during an export: ${mb(rssGrowth).toFixed(1)} MB  (goal ≤ ${GOALS.rssMb} MB; peak RSS ${mb(rssPeak).toFixed(0)} MB; ` +
        `the first export, warming up, ${mb(warmUpGrowth).toFixed(1)} MB)\n`,
    );
    reportResult({
      path: 'export job end to end over HTTP vs COPY … TO STDOUT',
      figure: jobRate,
      unit: 'rows/s',
      baseline: copyRate,
      baselineName: 'COPY (same select) TO STDOUT',
      ratio,
      goal: `≥ ${GOALS.ratio}×`,
      met: ratio >= GOALS.ratio,
    });
    reportResult({
      path: 'export: RSS growth of the api process during an export',
      figure: mb(rssGrowth),
      unit: 'MB',
      goal: `≤ ${GOALS.rssMb} MB`,
      met: mb(rssGrowth) <= GOALS.rssMb,
    });
    if (!same) process.exitCode = 1;
  } finally {
    await ctx.jobs.stop().catch(() => undefined);
    await client.stop();
    await auth.close();
    await api.close();
    await rm(tmp, { recursive: true, force: true });
    await seeded.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
