/**
 * The progress of view-list imports (`view_list_imports`, migration 014): written by the process
 * running the import (its state, the rows read so far, a heartbeat about every second), read by
 * the console through GET /listview/import/{import_id}, and swept: an import whose heartbeat
 * stopped (its process died) is marked failed and the file it stored is removed; finished ones
 * are forgotten after a day. A live import is never touched by a sweep.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';

export type ImportStatus = 'queued' | 'reading' | 'done' | 'failed';

export interface ImportAnswer {
  import_id: string;
  status: ImportStatus;
  rows_read: number;
  /** How much of the file has been read, 0 to 1. */
  fraction: number;
  /** Why it failed. */
  message?: string;
  /** The list made or replaced, once done. */
  view_list_id?: string;
}

interface ImportRow {
  id: string;
  status: ImportStatus;
  rows_read: number;
  fraction: number;
  message: string | null;
  view_list_id: string | null;
}

/** A live import whose heartbeat is older than this has lost its process. */
export const IMPORT_STALE_SECONDS = 30;
const KEEP_FINISHED_HOURS = 24;

export async function recordImport(
  db: Db,
  entry: { id: string; userId: string; viewListId?: string; filePath: string; now: Date },
): Promise<void> {
  const { rows } = await sql`insert into view_list_imports (id, user_id, view_list_id, status, file_path, started_at, heartbeat_at)
    values (${entry.id}, ${entry.userId}, ${entry.viewListId ?? null}, 'queued', ${entry.filePath}, ${entry.now}, ${entry.now})
    on conflict (id) do nothing returning id`.execute(db);
  if (!rows.length) throw problems.importIdTaken();
}

export async function recordProgress(
  db: Db,
  id: string,
  progress: { status: 'queued' | 'reading'; rowsRead: number; fraction: number; now: Date },
): Promise<void> {
  await sql`update view_list_imports set status = ${progress.status}, rows_read = ${progress.rowsRead}, fraction = ${progress.fraction},
    heartbeat_at = ${progress.now} where id = ${id} and status in ('queued', 'reading')`.execute(db);
}

export async function recordOutcome(
  db: Db,
  id: string,
  outcome: { status: 'done'; viewListId: string; rowsRead: number; now: Date } | { status: 'failed'; message: string; now: Date },
): Promise<void> {
  if (outcome.status === 'done') {
    await sql`update view_list_imports set status = 'done', view_list_id = ${outcome.viewListId}, rows_read = ${outcome.rowsRead},
      fraction = 1, file_path = null, heartbeat_at = ${outcome.now}, finished_at = ${outcome.now} where id = ${id}`.execute(db);
  } else {
    await sql`update view_list_imports set status = 'failed', message = ${outcome.message}, file_path = null,
      heartbeat_at = ${outcome.now}, finished_at = ${outcome.now} where id = ${id}`.execute(db);
  }
}

/**
 * In the import's own transaction, just before it commits: whether the import is still live (a
 * sweep that found its heartbeat stale has marked it failed and removed its file). The row stays
 * locked until the commit, so a sweep meanwhile passes it by.
 */
export async function stillLive(trx: Db, id: string): Promise<boolean> {
  const { rows } = await sql`select id from view_list_imports where id = ${id} and status in ('queued', 'reading') for update`.execute(trx);
  return rows.length > 0;
}

/** The caller's own import; anyone else's answers 404, as one that does not exist. */
export async function findImport(db: Db, id: string, userId: string): Promise<ImportAnswer> {
  const { rows } = await sql<ImportRow>`select id, status, rows_read, fraction, message, view_list_id from view_list_imports
    where id = ${id} and user_id = ${userId}`.execute(db);
  const row = rows[0];
  if (!row) throw problems.notFound('Import');
  return {
    import_id: row.id,
    status: row.status,
    rows_read: row.rows_read,
    fraction: row.fraction,
    ...(row.message ? { message: row.message } : {}),
    ...(row.view_list_id ? { view_list_id: row.view_list_id } : {}),
  };
}

/**
 * Imports whose process died: marked failed, answering the files they had stored (to remove,
 * unless a list serves one after all). Finished imports older than a day are deleted.
 */
export async function sweepImports(db: Db, now: Date): Promise<string[]> {
  const stale = new Date(now.getTime() - IMPORT_STALE_SECONDS * 1000);
  const { rows } = await sql<{ file_path: string | null }>`
    with dead as (
      select id, file_path from view_list_imports where status in ('queued', 'reading') and heartbeat_at < ${stale} for update skip locked
    )
    update view_list_imports i set status = 'failed', message = 'The server stopped during the import: nothing was saved, send the file again',
      file_path = null, finished_at = ${now}
    from dead where i.id = dead.id
    returning dead.file_path`.execute(db);
  const old = new Date(now.getTime() - KEEP_FINISHED_HOURS * 3600 * 1000);
  await sql`delete from view_list_imports where finished_at < ${old}`.execute(db);
  const files = rows.map((r) => r.file_path).filter((f): f is string => !!f);
  if (!files.length) return [];
  const { rows: served } = await sql<{
    file_path: string;
  }>`select file_path from view_lists where file_path = any(${files}::text[])`.execute(db);
  return files.filter((f) => !served.some((s) => s.file_path === f));
}
