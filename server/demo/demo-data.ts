/**
 * generateDemoData: a realistic data set for trying Fieldbase and measuring it — demo users,
 * programs, type records, forms with three published revisions, and `documents` documents with
 * answers valid against their revision, loaded with COPY in batches, then the counters rebuilt
 * exactly, and ANALYZE + VACUUM so the planner knows the table and index-only scans work.
 *
 * A later run finds the demo catalogue again and adds more documents (new ids and local ids:
 * the random source is seeded with the seed and the number of demo documents already there).
 * The whole document load is one transaction: a failure leaves no document, counter or file.
 */
import pg from 'pg';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { AttachmentWriter } from './demo-attachments.ts';
import { DEMO_PASSWORD } from './demo-catalogue.ts';
import { checkCounters, rebuildCounters, type CounterCheck } from './demo-counters.ts';
import { demoDocuments } from './demo-documents.ts';
import { ensureDemoCatalogue, type DemoCatalogue } from './demo-setup.ts';
import { addForeignKeys, buildIndexes, copyBatch, dropForeignKeys, dropIndexes, foreignKeys, secondaryIndexes } from './document-copy.ts';
import { Random, mixSeed } from './random.ts';

export interface DemoDataOptions {
  documents: number;
  /** Same seed, same starting database → same data. */
  seed?: number;
  /** The uploads' store: attachment files go to its `documents/` folder. */
  files: FileStore;
  /** The database `db` is connected to, for the COPY connection. */
  databaseUrl: string;
  /** Documents per COPY. */
  batchSize?: number;
  /** Drop the secondary indexes and foreign keys for the load and make them again after it: by default, when loading at least 100,000 documents and more than the table holds. */
  rebuildIndexes?: boolean;
  now?: Date;
  log?: (line: string) => void;
}

export interface DemoDataResult {
  catalogue: DemoCatalogue;
  documents: number;
  attachments: number;
  /** COPY alone, and the whole load (COPY, index builds, counters), in seconds. */
  copySeconds: number;
  loadSeconds: number;
  /** Documents per second of the whole load. */
  rowsPerSecond: number;
  /** Indexes and foreign keys dropped for the load and made again after it. */
  indexesRebuilt: string[];
  foreignKeysRebuilt: string[];
  maintenanceSeconds: number;
  counters: CounterCheck;
  password: string;
}

export const DEFAULT_SEED = 2026;
const DEFAULT_BATCH = 100_000;
const REBUILD_FROM = 100_000;

const seconds = (since: number) => (performance.now() - since) / 1000;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

async function tableRows(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from documents');
  return Number(rows[0]!.n);
}

async function insertAttachments(client: pg.Client, attachments: AttachmentWriter): Promise<void> {
  await attachments.store();
  const rows = attachments.pending;
  attachments.pending = [];
  if (!rows.length) return;
  await client.query(
    `insert into document_attachments (name, document_id, uploaded_by, content_type, size, created_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[])`,
    [
      rows.map((r) => r.name),
      rows.map((r) => r.document_id),
      rows.map((r) => r.uploaded_by),
      rows.map((r) => r.content_type),
      rows.map((r) => r.size),
      rows.map((r) => r.created_at),
    ],
  );
}

export async function generateDemoData(db: Db, options: DemoDataOptions): Promise<DemoDataResult> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const total = Math.max(0, Math.floor(options.documents));
  const batchSize = options.batchSize ?? DEFAULT_BATCH;

  const catalogue = await ensureDemoCatalogue(db, now);
  const made = catalogue.made;
  log(
    `[demo] ${catalogue.users.size} users, ${catalogue.programs.length} programs, ${catalogue.types.size} type records, ${catalogue.forms.size} forms` +
      (made.users + made.programs + made.forms + made.types ? ' (made now)' : ' (already there)'),
  );
  const programIds = catalogue.programs.map((p) => p.id);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  const attachments = new AttachmentWriter(options.files);
  try {
    const existing = Number(
      (await client.query<{ n: string }>('select count(*) as n from documents where program_id = any($1::text[])', [programIds])).rows[0]!
        .n,
    );
    const random = new Random(mixSeed(options.seed ?? DEFAULT_SEED, existing));
    const rebuild = options.rebuildIndexes ?? (total >= REBUILD_FROM && total >= (await tableRows(client)));

    const loadStart = performance.now();
    await client.query('begin');
    // For the index builds; local to this transaction.
    await client.query(`set local maintenance_work_mem = '256MB'`);
    const indexes = rebuild ? await secondaryIndexes(client) : [];
    const keys = rebuild ? await foreignKeys(client) : [];
    await dropIndexes(client, indexes);
    await dropForeignKeys(client, keys);
    if (rebuild)
      log(
        `[demo] dropped ${indexes.length} secondary indexes and ${keys.length} foreign keys of documents for the load (made again after it)`,
      );

    const documents = demoDocuments(catalogue, { total, now, random, attachments });
    let loaded = 0;
    const copyStart = performance.now();
    while (loaded < total) {
      const copied = await copyBatch(client, documents, Math.min(batchSize, total - loaded));
      if (copied === 0) break;
      loaded += copied;
      await insertAttachments(client, attachments);
      const elapsed = seconds(copyStart);
      log(`[demo] documents ${int(loaded)} / ${int(total)}  (${int(loaded / elapsed)} rows/s)`);
    }
    const copySeconds = seconds(copyStart);

    if (rebuild) {
      const indexStart = performance.now();
      await addForeignKeys(client, keys);
      await buildIndexes(client, indexes);
      log(`[demo] foreign keys checked and ${indexes.length} indexes built in ${seconds(indexStart).toFixed(1)} s`);
    }
    await rebuildCounters(client, programIds);
    const counters = await checkCounters(client, programIds);
    if (counters.countMismatches || counters.dayMismatches || counters.stretchMismatches || counters.counted !== counters.documents) {
      throw new Error(
        `Counters do not match the documents: ${counters.countMismatches} program/type/owner groups, ${counters.dayMismatches} days, ${counters.stretchMismatches} seq stretches differ`,
      );
    }
    await client.query('commit');
    const loadSeconds = seconds(loadStart);

    const maintenanceStart = performance.now();
    // VACUUM sets the visibility map (index-only scans skip the heap); ANALYZE gives the planner the new sizes.
    await client.query('vacuum (analyze) documents');
    await client.query('vacuum (analyze) document_counts');
    await client.query('vacuum (analyze) document_days');
    await client.query('vacuum (analyze) document_seq_counts');
    await client.query('analyze document_attachments');
    const maintenanceSeconds = seconds(maintenanceStart);

    return {
      catalogue,
      documents: loaded,
      attachments: attachments.count,
      copySeconds,
      loadSeconds,
      rowsPerSecond: loadSeconds > 0 ? loaded / loadSeconds : 0,
      indexesRebuilt: indexes.map((i) => i.name),
      foreignKeysRebuilt: keys.map((k) => k.name),
      maintenanceSeconds,
      counters,
      password: DEMO_PASSWORD,
    };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    await attachments.discard();
    throw err;
  } finally {
    await client.end();
  }
}
