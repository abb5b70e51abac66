/**
 * P1, the document export: rows/s of the export job's writer (runExportToFile: COPY of the
 * export's SELECT through pg-copy-streams into the CSV file, rows counted on the way) beside a
 * plain `COPY (select the same rows) TO STDOUT`, in the same run; and how much the Node
 * process's RSS grows while the export runs.
 *
 *   npm run bench:export
 *
 * Goals: the job at least 0.5× the plain COPY's rows/s; RSS growth at most 100 MB.
 *
 * It reads the database `npm start` opens (DATABASE_URL, or the embedded PostgreSQL under
 * DATA_DIR on EMBEDDED_PG_PORT: stop `npm start` first, one process owns that folder) and
 * exports the largest program type in it. It needs at least 100,000 documents there:
 * `npm run demo-data -- --documents 1000000` makes them. BENCH_ROUNDS (default 2): each
 * measurement is run that many times, alternating, and the best of each is kept.
 *
 * Two baselines are printed: the documents' rows as stored (`select d.*`, the P1 baseline) and
 * the export's own SELECT (what COPY costs without the file and the counting: the writer's
 * overhead alone).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/servers.ts';
import { runExportToFile } from '../server/exports/export-runner.ts';
import { documentFilter, exportColumns, exportSelect, type RunQuery } from '../server/documents/exports/export-sql.ts';
import { diskFileStore } from '../server/files/disk-file-store.ts';
import { largestExport } from './support/largest-export.ts';

const MIN_DOCUMENTS = 100_000;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const GOALS = { ratio: 0.5, rssMb: 100 };

interface Timing {
  rows: number;
  bytes: number;
  seconds: number;
}

const rate = (t: Timing) => t.rows / t.seconds;
const mb = (bytes: number) => bytes / 1024 / 1024;

async function plainCopy(url: string, select: string): Promise<Timing> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    let bytes = 0;
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
    await pipeline(
      copy,
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done();
        },
      }),
    );
    return { rows: copy.rowCount, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    await client.end();
  }
}

async function main() {
  const config = loadConfig();
  const { db, embedded, url } = await openDatabase(config, (line) => console.log(line));
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-bench-export-'));
  try {
    const { spec, documents, exported } = await largestExport(db);
    if (documents < MIN_DOCUMENTS) {
      console.log(
        `There are ${documents.toLocaleString('en')} documents; P1 needs at least ${MIN_DOCUMENTS.toLocaleString('en')}. ` +
          'Fill the database first: npm run demo-data -- --documents 1000000',
      );
      process.exitCode = 1;
      return;
    }
    const run: RunQuery = async (query) => (await query.execute(db)).rows;
    const columns = await exportColumns(run, spec);
    const stored = `select d.* from documents d where ${documentFilter(spec)} order by d.seq`;
    const select = exportSelect(spec, columns);
    console.log(
      `${documents.toLocaleString('en')} documents; exporting program ${spec.program_id}, ${spec.module} type ${spec.type_id}: ` +
        `${exported.toLocaleString('en')} documents, ${columns.length} field columns`,
    );

    const best = { stored: undefined as Timing | undefined, same: undefined as Timing | undefined, job: undefined as Timing | undefined };
    const keep = (key: keyof typeof best, t: Timing) => {
      if (!best[key] || rate(t) > rate(best[key]!)) best[key] = t;
    };
    let rssGrowth = 0;
    let rssPeak = 0;
    // The job first in each round: in the first, RSS is measured from what the process holds before any export.
    for (let round = 1; round <= ROUNDS; round++) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
      const started = process.hrtime.bigint();
      const outcome = await runExportToFile(
        {
          db,
          connect: async (applicationName) => {
            const client = new pg.Client({ connectionString: url, application_name: applicationName });
            await client.connect();
            return client;
          },
        },
        spec,
        { files: diskFileStore(tmp) },
      );
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      rssGrowth = Math.max(rssGrowth, peak - before);
      rssPeak = Math.max(rssPeak, peak);
      keep('job', { rows: outcome.rows, bytes: outcome.bytes, seconds });
      keep('stored', await plainCopy(url, stored));
      keep('same', await plainCopy(url, select));
      console.log(
        `round ${round}: job ${Math.round(rate({ rows: outcome.rows, bytes: outcome.bytes, seconds })).toLocaleString('en')} rows/s`,
      );
    }

    const line = (name: string, t: Timing) =>
      `  ${name.padEnd(44)} ${Math.round(rate(t)).toLocaleString('en').padStart(10)} rows/s  ${t.seconds.toFixed(2).padStart(7)} s  ${mb(t.bytes).toFixed(0).padStart(6)} MB  ${t.rows.toLocaleString('en')} rows`;
    const ratio = rate(best.job!) / rate(best.stored!);
    const overhead = rate(best.job!) / rate(best.same!);
    console.log('\nP1 export (best of each):');
    console.log(line('COPY (select d.* …) TO STDOUT  [baseline]', best.stored!));
    console.log(line("COPY (the export's select) TO STDOUT", best.same!));
    console.log(line('export job (runExportToFile → CSV file)', best.job!));
    console.log(`  job ÷ baseline: ${ratio.toFixed(2)}×  (goal ≥ ${GOALS.ratio}×)   job ÷ same select: ${overhead.toFixed(2)}×`);
    console.log(
      `  RSS growth during the export: ${mb(rssGrowth).toFixed(1)} MB  (goal ≤ ${GOALS.rssMb} MB; peak RSS ${mb(rssPeak).toFixed(0)} MB)`,
    );
    const pass = ratio >= GOALS.ratio && mb(rssGrowth) <= GOALS.rssMb;
    console.log(pass ? 'P1: PASS' : 'P1: FAIL');
    if (!pass) process.exitCode = 1;
  } finally {
    await rm(tmp, { recursive: true, force: true });
    await db.destroy();
    await embedded?.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
