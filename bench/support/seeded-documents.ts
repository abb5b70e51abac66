/**
 * A database of demo documents that outlives the run, for the benches that need a large
 * documents table: a database named `fieldbase_bench` on BENCH_DATABASE_URL (an admin connection
 * that may CREATE DATABASE) when set, else on an embedded PostgreSQL in `dataDir` on `port`.
 * Migrated and seeded with the bench admin, then filled with the demo data set (server/demo) up to
 * `documents` documents — only what is missing, so a second run finds it full and starts at once.
 */
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig, projectRoot, type Config } from '../../server/config.ts';
import { createDb, type Db } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { generateDemoData } from '../../server/demo/demo-data.ts';
import { fileStoresFor } from '../../server/files/file-stores.ts';
import { BENCH_ADMIN } from './bench-apps.ts';

const DATABASE = 'fieldbase_bench';

export interface SeededDocuments {
  db: Db;
  url: string;
  config: Config;
  /** Documents in the table, and the seconds spent adding the missing ones (0: none were). */
  documents: number;
  seedSeconds: number;
  label: string;
  stop(): Promise<void>;
}

async function ensureDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`create database "${DATABASE}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

export async function seededDocuments(opts: {
  dataDir: string;
  port: number;
  documents: number;
  log?: (line: string) => void;
}): Promise<SeededDocuments> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: opts.dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? opts.port), log });
  let db: Db | undefined;
  try {
    const url = await ensureDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url);
    const config = loadConfig(
      { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
      {
        databaseUrl: url,
        dataDir: opts.dataDir,
        uploadsDir: path.join(opts.dataDir, 'uploads'),
        outboxDir: path.join(opts.dataDir, 'outbox'),
        logLevel: 'silent',
      },
    );
    db = createDb(url);
    await migrate(db);
    await seed(db, config);
    const count = async () => Number((await sql<{ n: string }>`select count(*) as n from documents`.execute(db!)).rows[0]!.n);
    let documents = await count();
    let seedSeconds = 0;
    if (documents < opts.documents) {
      const started = performance.now();
      log(`filling the bench database with ${(opts.documents - documents).toLocaleString('en')} demo documents (kept for the next runs) …`);
      await generateDemoData(db, {
        documents: opts.documents - documents,
        files: fileStoresFor(config).files,
        databaseUrl: url,
        log: () => undefined,
      });
      seedSeconds = (performance.now() - started) / 1000;
      documents = await count();
      log(`filled in ${seedSeconds.toFixed(0)} s`);
    }
    const opened = db;
    return {
      db: opened,
      url,
      config,
      documents,
      seedSeconds,
      label: embedded ? `embedded PostgreSQL in ${path.relative(process.cwd(), opts.dataDir)}` : `${DATABASE} on BENCH_DATABASE_URL`,
      async stop() {
        await opened.destroy();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await db?.destroy();
    await embedded?.stop();
    throw error;
  }
}

/** How many documents the documents benches fill their database with: the largest type then holds about 105,000. */
export const BENCH_DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 700_000);

/**
 * The large documents table the page, map and export benches read: DATABASE_URL's as it is when
 * set (nothing filled), else the seeded database in data/bench-documents (its embedded server on
 * `port`, one per bench so that two never share a running server).
 */
export async function benchDocumentsDatabase(port: number): Promise<Pick<SeededDocuments, 'db' | 'url' | 'config' | 'label' | 'stop'>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const db = createDb(url);
    const config = loadConfig({}, { databaseUrl: url, logLevel: 'silent' });
    return { db, url, config, label: 'DATABASE_URL', stop: () => db.destroy() };
  }
  return seededDocuments({ dataDir: path.join(projectRoot, 'data', 'bench-documents'), port, documents: BENCH_DOCUMENTS });
}
