/**
 * Writes one export's CSV file: a UTF-8 byte-order mark and the header row of labels from here,
 * then the rows straight from PostgreSQL by `COPY (select …) TO STDOUT WITH (FORMAT csv)`
 * (pg-copy-streams), piped to the file without being parsed, so memory stays flat whatever the
 * size. The file is written as `<id>.csv.part` and renamed when complete: a half-written file
 * is never served. The COPY runs on a connection of its own named `fieldbase-export:<id>`
 * (pg_stat_activity), which a cancel from any process can find and stop.
 *
 * `runExportToFile` is also what `npm run bench:export` times.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { sql, type RawBuilder } from 'kysely';
import { CSV_BOM, csvLine } from '@model/csv.ts';
import type { Db } from '../db/database.ts';
import { ensurePrivateFolder, PRIVATE_FILE_MODE } from '../uploads/private-files.ts';
import { CsvRowCounter } from './csv-row-counter.ts';
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
  file: string;
}

export const exportConnectionName = (exportId: string) => `fieldbase-export:${exportId}`;

export const exportFile = (dataDir: string, exportId: string) => path.join(dataDir, 'exports', `${exportId}.csv`);

/**
 * Writes the export's file (replacing any earlier attempt's). `onProgress` hears the rows
 * written so far after every chunk; `signal` stops the COPY and removes the partial file (the
 * promise then rejects with the signal's reason).
 */
export async function runExportToFile(
  source: ExportSource,
  spec: AnyExportSpec,
  opts: { file: string; onProgress?: (rowsDone: number) => void; signal?: AbortSignal },
): Promise<ExportOutcome> {
  const partial = `${opts.file}.part`;
  await ensurePrivateFolder(path.dirname(opts.file));
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
    const counter = new CsvRowCounter();
    const copy = client.query(copyTo(`COPY (${select}) TO STDOUT WITH (FORMAT csv)`));
    const progress = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counter.feed(chunk);
        opts.onProgress?.(counter.rows);
        done(null, chunk);
      },
    });
    const out = createWriteStream(partial, { mode: PRIVATE_FILE_MODE, highWaterMark: 1 << 20 });
    out.write(CSV_BOM + csvLine(header) + '\n');
    await pipeline(copy, progress, out, opts.signal ? { signal: opts.signal } : {});
    opts.signal?.throwIfAborted();
    await rename(partial, opts.file);
    const { size } = await stat(opts.file);
    // The server's own count (CommandComplete) when it has arrived; the rows counted on the way are the same.
    const rows = copy.rowCount > 0 ? copy.rowCount : counter.rows;
    opts.onProgress?.(rows);
    return { rows, bytes: size, file: opts.file };
  } catch (err) {
    await rm(partial, { force: true });
    throw opts.signal?.aborted ? opts.signal.reason : err;
  } finally {
    opts.signal?.removeEventListener('abort', stopStatement);
    await client.end().catch(() => undefined);
  }
}
