/**
 * Writes one export's CSV file: a UTF-8 byte-order mark and the header row of labels from here,
 * then the rows straight from PostgreSQL by `COPY (select …) TO STDOUT WITH (FORMAT csv)`
 * (pg-copy-streams), piped to the file without being parsed, so memory stays flat whatever the
 * size, into the file store (this disk, or the shared object store in parts). A file is served
 * only once its export is marked done, after the last byte is stored, so a half-written one never
 * is; a failed or stopped write removes what it wrote (an S3 upload cut off by a dead process
 * leaves parts that the bucket's lifecycle rule removes: docs/several-machines.md). The COPY runs on a connection of its own named `fieldbase-export:<id>`
 * (pg_stat_activity), which a cancel from any process can find and stop, and whose progress
 * PostgreSQL counts itself (pg_stat_progress_copy, read by the job's heartbeat): the rows pass
 * through here unread.
 *
 * `runExportToFile` is also what `npm run bench:export` times.
 */
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql, type RawBuilder } from 'kysely';
import { CSV_BOM, csvLine } from '@model/csv.ts';
import type { Db } from '../db/database.ts';
import type { FileStore } from '../files/file-store.ts';
import { EXPORTS_FOLDER } from '../files/file-stores.ts';
import type { RunQuery } from '../documents/exports/export-sql.ts';
import { exportQuery, type AnyExportSpec } from './export-query.ts';

export interface ExportSource {
  db: Db;
  /** A connection of its own for the COPY, named so that it can be found and cancelled. */
  connect(applicationName: string): Promise<pg.Client>;
}

export interface ExportOutcome {
  rows: number;
  bytes: number;
}

export const exportConnectionName = (exportId: string) => `fieldbase-export:${exportId}`;

/** The export's file in the export store. */
export const exportKey = (exportId: string) => `${EXPORTS_FOLDER}/${exportId}.csv`;

/**
 * Writes the export's file (replacing any earlier attempt's). `onCopying` hears the process id of
 * the backend running the COPY as it starts (its rows so far: `beat` in export-store.ts); `signal` stops the
 * COPY and removes what was written (the promise then rejects with the signal's reason).
 */
export async function runExportToFile(
  source: ExportSource,
  spec: AnyExportSpec,
  opts: { files: FileStore; onCopying?: (backendPid: number) => void; signal?: AbortSignal },
): Promise<ExportOutcome> {
  const key = exportKey(spec.id);
  // An earlier attempt's file (a process that died while writing) goes first: stores never write over.
  await opts.files.delete(key);
  // Every statement of the export runs on this connection, so stopping it stops whatever it is doing.
  const client = await source.connect(exportConnectionName(spec.id));
  // The client's own error (the server ending the connection) is also the query's, which rejects below.
  client.on('error', () => undefined);
  // The backend's process id (pg sets it from BackendKeyData; its types do not declare it).
  const backend = (client as unknown as { processID: number }).processID;
  const stopStatement = () => {
    // Cancels the statement on the server; the query or COPY then fails with 57014.
    void sql`select pg_cancel_backend(${backend}::int)`.execute(source.db).catch(() => undefined);
  };
  opts.signal?.addEventListener('abort', stopStatement, { once: true });
  const run: RunQuery = async <R>(query: RawBuilder<R>) => {
    const compiled = query.compile(source.db);
    return (await client.query(compiled.sql, [...compiled.parameters])).rows as R[];
  };
  try {
    opts.signal?.throwIfAborted();
    const { header, select } = await exportQuery(source.db, run, spec);
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
    opts.onCopying?.(backend);
    // What the store reads: the header, then the COPY's bytes as they come, counted on the way.
    let bytes = 0;
    const out = new Transform({
      highWaterMark: 1 << 20,
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    out.write(Buffer.from(CSV_BOM + csvLine(header) + '\n'));
    // The store reads `out` while the COPY fills it; either failing fails both, and both are over
    // before what was written is removed.
    const [copied, stored] = await Promise.allSettled([
      pipeline(copy, out, opts.signal ? { signal: opts.signal } : {}),
      opts.files.put(key, out),
    ]);
    // The side that failed ends the other's stream early: its error, not "premature close", says why.
    const failures = [stored, copied].flatMap((r) => (r.status === 'rejected' ? [r.reason as NodeJS.ErrnoException] : []));
    if (failures.length) throw failures.find((e) => e?.code !== 'ERR_STREAM_PREMATURE_CLOSE') ?? failures[0];
    opts.signal?.throwIfAborted();
    // The server's own count (CommandComplete). It follows the COPY's last data, maybe in a later
    // read than the stream's end: a statement queued behind the COPY answers only after it.
    await client.query('select 1');
    return { rows: copy.rowCount, bytes };
  } catch (err) {
    await opts.files.delete(key).catch(() => undefined);
    throw opts.signal?.aborted ? opts.signal.reason : err;
  } finally {
    opts.signal?.removeEventListener('abort', stopStatement);
    await client.end().catch(() => undefined);
  }
}
