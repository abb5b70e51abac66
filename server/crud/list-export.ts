/**
 * Every row a list filter matches, as CSV, a page at a time, each cell as the table shows it
 * (references by the referenced record's name): the pages are read inside one
 * read-only REPEATABLE READ transaction, so rows written meanwhile neither repeat nor go
 * missing between pages, and memory stays bounded by one page whatever the table's size.
 */
import { Readable } from 'node:stream';
import { sql, type ControlledTransaction } from 'kysely';
import type { Database, Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { EntitySchema } from '@model/schema-registry.ts';
import { CSV_BOM, CSV_NEWLINE, csvLine } from '@model/csv.ts';
import { displayValue } from '@model/display-value.ts';
import type { ListParams } from './list-params.ts';
import { referenceNamer } from './reference-names.ts';

type Row = Record<string, unknown>;

/** Reads one page of a list, as the resource's own list route does. */
export type ListRows = (db: Db, params: ListParams) => Promise<{ rows: Row[]; total: number }>;

/** The list routes answer at most 1,000 rows a page; the export walks pages of that size. */
export const EXPORT_PAGE_ROWS = 1000;

/**
 * Each export holds a pooled connection until its reader has it all, so a few slow downloads
 * could take every connection from the rest of the server: at most this many run at once per
 * process, and one whose reader stalls this long between pages loses its transaction.
 */
export const EXPORTS_AT_ONCE = 3;
export const READER_STALL_MS = 60_000;
let exportsRunning = 0;

export interface ExportPlan {
  schema: EntitySchema;
  statusField?: string;
  columns: string[];
  params: ListParams;
  listRows: ListRows;
}

/**
 * Opens the transaction and reads the first page before anything is sent, so a failing query
 * still answers a proper error; then streams the CSV text (BOM and header first). The
 * transaction ends when the stream does: read to the end, failed, or closed early because the
 * client went away.
 */
export async function csvExport(db: Db, plan: ExportPlan, pageRows = EXPORT_PAGE_ROWS, readerStallMs = READER_STALL_MS): Promise<Readable> {
  if (exportsRunning >= EXPORTS_AT_ONCE) throw problems.exportsBusy();
  exportsRunning++;
  let trx: ControlledTransaction<Database>;
  try {
    trx = await db.startTransaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute();
  } catch (err) {
    exportsRunning--;
    throw err;
  }
  let ended: Promise<void> | undefined;
  // Read-only: ending it either way changes nothing.
  const end = () =>
    (ended ??=
      (exportsRunning--,
      trx
        .rollback()
        .execute()
        .catch(() => undefined)));
  const nameReferences = referenceNamer(plan.schema, plan.columns);
  // Names are read in the export's transaction, so they match the rows' snapshot.
  const page = async (start: number) => {
    const { rows, total } = await plan.listRows(trx, { ...plan.params, range: { start, end: start + pageRows - 1 } });
    return { rows: await nameReferences(trx, rows), total };
  };
  let first: Awaited<ReturnType<ListRows>>;
  try {
    await sql`set local idle_in_transaction_session_timeout = ${sql.lit(`${2 * readerStallMs}ms`)}`.execute(trx);
    first = await page(0);
  } catch (err) {
    await end();
    throw err;
  }
  const header = plan.columns.map((c) => plan.schema.properties[c]?.title ?? c);
  const line = (row: Row) => csvLine(plan.columns.map((c) => displayValue(plan.schema, c, row, plan.statusField)));

  // The database ends a stalled transaction by itself (above); this ends the download and frees
  // the slot, which a reader that neither reads nor hangs up would otherwise keep.
  let stallTimer: NodeJS.Timeout | undefined;
  const waitForReader = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => stream.destroy(), readerStallMs);
  };
  async function* lines(): AsyncGenerator<string> {
    try {
      waitForReader();
      yield CSV_BOM + csvLine(header);
      let rows = first.rows;
      for (let start = 0; rows.length;) {
        waitForReader();
        yield rows.map((row) => CSV_NEWLINE + line(row)).join('');
        if (rows.length < pageRows) break;
        start += pageRows;
        rows = (await page(start)).rows;
      }
    } finally {
      clearTimeout(stallTimer);
      await end();
    }
  }
  const stream = Readable.from(lines(), { objectMode: false });
  // A stream destroyed before its first read never enters the generator, so its finally never runs.
  stream.on('close', () => {
    clearTimeout(stallTimer);
    void end();
  });
  waitForReader();
  return stream;
}
