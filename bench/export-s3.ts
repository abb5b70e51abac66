/**
 * The export job writing its CSV to an S3-compatible store (s3rver, in a process of its own as a
 * store is another machine) against writing it to the local disk, side by side in one run: the
 * same writer (runExportToFile: COPY through pg-copy-streams, streamed into the
 * store; to S3 in parts through @aws-sdk/lib-storage), the same export, the two taking turns in a
 * shuffled order each round. The figure is the median rows/s of the rounds. Both files are read
 * back once and must be the same bytes.
 *
 *   npm run bench:export-s3
 *
 * Goal: S3 at least 0.8× the disk's rows/s.
 *
 * Its database is a throw-away one filled with the demo data set (`scripts/demo-data.ts`, as an
 * operator fills one): on BENCH_DATABASE_URL (an admin connection that may CREATE DATABASE) when
 * set, else on an embedded PostgreSQL in data/bench-export-s3 on EMBEDDED_PG_PORT (default 54823).
 * Knobs: BENCH_DOCUMENTS (default 700000: the largest type, the one exported, then holds about
 * 100,000; filling takes about two minutes), BENCH_ROUNDS (default 5). Baseline: the disk. The
 * s3rver process listens on a port the system picks, so it cannot collide.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../server/config.ts';
import { createDb } from '../server/db/database.ts';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';
import { exportKey, runExportToFile } from '../server/exports/export-runner.ts';
import { diskFileStore } from '../server/files/disk-file-store.ts';
import type { FileStore } from '../server/files/file-store.ts';
import { s3FileStore } from '../server/files/s3-file-store.ts';
import { parseS3Url } from '../server/files/s3-url.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { processCpuMs } from './support/cpu-usage.ts';
import { largestExport } from './support/largest-export.ts';
import { startS3Process } from './support/s3-process.ts';
import { median, shuffled } from './support/stats.ts';
import { reportResult } from './support/report.ts';

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 700_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const GOAL = 0.8;

async function sha256Of(store: FileStore, key: string): Promise<string> {
  const stream = await store.get(key);
  if (!stream) throw new Error(`${store.label} has no ${key}`);
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function main() {
  const dataDir = path.join(projectRoot, 'data', 'bench-export-s3');
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? 54823) });
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url);
  const db = createDb(database.url);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-bench-export-s3-'));
  const s3 = await startS3Process();
  try {
    const filled = performance.now();
    const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo-data.ts', '--documents', String(DOCUMENTS)], {
      cwd: projectRoot,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: tmp,
        ADMIN_EMAIL: 'admin@bench.local',
        ADMIN_PASSWORD: 'bench-passphrase-for-everyone',
        LOG_LEVEL: 'warn',
      },
      encoding: 'utf8',
    });
    if (demo.status !== 0) throw new Error(`demo-data failed:\n${demo.stdout}${demo.stderr}`);
    const { spec, documents, exported } = await largestExport(db);
    console.log(
      `${documents.toLocaleString('en')} demo documents (filled in ${((performance.now() - filled) / 1000).toFixed(0)} s); ` +
        `the export: ${spec.module} of one type, ${exported.toLocaleString('en')} documents`,
    );

    const stores: Record<'disk' | 'S3', FileStore> = {
      disk: diskFileStore(path.join(tmp, 'disk')),
      S3: s3FileStore(parseS3Url(s3.url)),
    };
    const source = {
      db,
      connect: async (applicationName: string) => {
        const client = new pg.Client({ connectionString: database.url, application_name: applicationName });
        await client.connect();
        return client;
      },
    };
    const rates: Record<string, number[]> = { disk: [], S3: [] };
    // PostgreSQL's share is not counted: each export's backend ends with its connection, taking its CPU time along.
    const cpu: Record<string, { node: number; s3rver: number; rows: number }> = {
      disk: { node: 0, s3rver: 0, rows: 0 },
      S3: { node: 0, s3rver: 0, rows: 0 },
    };
    let rows = 0;
    let bytes = 0;
    // Round 0 warms both up and is not counted.
    for (let round = 0; round <= ROUNDS; round++) {
      for (const name of shuffled(['disk', 'S3'] as const)) {
        const before = { node: processCpuMs(process.pid), s3rver: processCpuMs(s3.pid) };
        const started = performance.now();
        const outcome = await runExportToFile(source, spec, { files: stores[name] });
        const seconds = (performance.now() - started) / 1000;
        if (round === 0) continue;
        rates[name]!.push(outcome.rows / seconds);
        const used = cpu[name]!;
        used.node += processCpuMs(process.pid) - before.node;
        used.s3rver += processCpuMs(s3.pid) - before.s3rver;
        used.rows += outcome.rows;
        [rows, bytes] = [outcome.rows, outcome.bytes];
      }
    }
    const [diskSum, s3Sum] = [await sha256Of(stores.disk, exportKey(spec.id)), await sha256Of(stores.S3, exportKey(spec.id))];

    const [disk, onS3] = [median(rates.disk!), median(rates.S3!)];
    const ratio = onS3 / disk;
    const perThousand = (name: string, part: 'node' | 's3rver') => ((cpu[name]![part] / cpu[name]!.rows) * 1000).toFixed(1);
    console.log(
      `\nexport to S3 vs to disk: ${rows.toLocaleString('en')} rows, ${(bytes / 1024 / 1024).toFixed(0)} MB, median of ${ROUNDS} rounds`,
    );
    console.log('| store | rows/s | CPU ms per 1,000 rows: this Node process | s3rver |');
    console.log('|---|---|---|---|');
    for (const [name, value] of [
      ['disk', disk],
      ['S3', onS3],
    ] as const) {
      console.log(
        `| ${name} | ${Math.round(value).toLocaleString('en')} | ${perThousand(name, 'node')} | ${perThousand(name, 's3rver')} |`,
      );
    }
    console.log(`S3 ÷ disk: ${ratio.toFixed(2)}× (goal ≥ ${GOAL}×: ${ratio >= GOAL ? 'met' : 'NOT met'})`);
    console.log(`same bytes in both stores: ${diskSum === s3Sum ? 'yes' : 'NO'} (sha256 ${diskSum.slice(0, 16)}…)`);
    reportResult({
      path: `export of ${rows.toLocaleString('en')} rows to S3 (s3rver)`,
      figure: onS3,
      unit: 'rows/s',
      baseline: disk,
      baselineName: 'to the local disk',
      ratio,
      goal: `≥ ${GOAL}×`,
      met: ratio >= GOAL,
    });
    if (diskSum !== s3Sum) process.exitCode = 1;
  } finally {
    await s3.stop();
    await db.destroy();
    await database.drop();
    await embedded?.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
