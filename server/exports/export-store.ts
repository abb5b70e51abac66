/**
 * The exports table: our own record of each export job (who asked, for what, its progress and
 * its file), read and changed only here. pg-boss holds the queue; this row is the truth about
 * the export, so a job delivered twice, or re-sent after a crash, finds what to do (or that
 * there is nothing left to do) by claiming the row.
 */
import { sql, type Selectable } from 'kysely';
import { DOCUMENT_MODULES, MODULE_KINDS, type DocumentModule } from '@model/documents/modules.ts';
import type { AuditLogExport, ExportJob } from '@model/generated/index.ts';
import type { Db, ExportTable } from '../db/database.ts';
import type { ExportSpec } from '../documents/exports/export-sql.ts';

export type ExportRow = Selectable<ExportTable>;
type AnswerRow = ExportRow & { program_name: string; type_name: string | null };

/** A running export whose heartbeat is older than this is taken to have died with its process. */
export const STALE_AFTER_SECONDS = 30;

/** SQL: the name of the export's type record (its table depends on the module). */
const typeName = sql<string | null>`(${sql.join(
  DOCUMENT_MODULES.map(
    (m) => sql`select t.name from ${sql.table(MODULE_KINDS[m].typeResource)} t where e.module = ${m} and t.id = e.type_id`,
  ),
  sql` union all `,
)} limit 1)`;

const answerColumns = sql`e.*, p.name as program_name, ${typeName} as type_name`;

const iso = (d: unknown) => (d ? new Date(d as Date).toISOString() : null);

/** What every export's answer says of its progress and its file. */
const progressOf = (row: ExportRow) => ({
  _id: row.id,
  status: row.status,
  rows_done: Number(row.rows_done),
  rows_total: Number(row.rows_total),
  file_name: row.file_name,
  file_size: row.file_size === null ? null : Number(row.file_size),
  error: row.error,
  createdAt: iso(row.created_at)!,
  finishedAt: iso(row.finished_at),
  expiresAt: iso(row.expires_at),
});

export function exportAnswer(row: AnswerRow): ExportJob {
  const module = row.module as DocumentModule;
  return {
    ...progressOf(row),
    program_id: row.program_id!,
    program_name: row.program_name,
    module,
    doc_type: MODULE_KINDS[module].docType,
    type_id: row.type_id,
    type_name: row.type_name,
    document_id: row.document_id,
  };
}

export interface NewExport extends ExportSpec {
  file_name: string;
  rows_total: number;
  created_at: Date;
}

export async function insertExport(trx: Db, row: NewExport): Promise<void> {
  await sql`insert into exports (id, requested_by, scope, program_id, module, type_id, document_id, file_name, rows_total, created_at)
    values (${row.id}, ${row.requested_by}, ${row.scope}, ${row.program_id}, ${row.module}, ${row.type_id}, ${row.document_id},
            ${row.file_name}, ${row.rows_total}, ${row.created_at})`.execute(trx);
}

/** One of the caller's exports, answered as the wire shape; undefined when it is not theirs. */
export async function findMine(db: Db, id: string, userId: string): Promise<{ row: ExportRow; answer: ExportJob } | undefined> {
  const { rows } = await sql<AnswerRow>`
    select ${answerColumns} from exports e join programs p on p.id = e.program_id
    where e.id = ${id} and e.requested_by = ${userId} and e.kind = 'documents'`.execute(db);
  const row = rows[0];
  return row && { row, answer: exportAnswer(row) };
}

/** One of the caller's audit log exports; undefined when it is not theirs. */
export async function findMyAuditExport(
  db: Db,
  id: string,
  userId: string,
): Promise<{ row: ExportRow; answer: AuditLogExport } | undefined> {
  const row = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', id)
    .where('requested_by', '=', userId)
    .where('kind', '=', 'audit')
    .executeTakeFirst();
  return row && { row, answer: { ...progressOf(row), filter: row.audit_filter ?? {} } };
}

export interface NewAuditExport {
  id: string;
  requested_by: string;
  filter: Record<string, string>;
  file_name: string;
  rows_total: number;
  created_at: Date;
}

export async function insertAuditExport(trx: Db, row: NewAuditExport): Promise<void> {
  await sql`insert into exports (id, kind, requested_by, scope, audit_filter, file_name, rows_total, created_at)
    values (${row.id}, 'audit', ${row.requested_by}, 'all', ${JSON.stringify(row.filter)}::jsonb, ${row.file_name},
            ${row.rows_total}, ${row.created_at})`.execute(trx);
}

/** The caller's audit export of the same filter still queued or running. */
export async function pendingAuditTwin(db: Db, userId: string, filter: Record<string, string>): Promise<string | undefined> {
  const { rows } = await sql<{ id: string }>`
    select id from exports where requested_by = ${userId} and kind = 'audit' and audit_filter = ${JSON.stringify(filter)}::jsonb
      and status in ('queued', 'running') limit 1`.execute(db);
  return rows[0]?.id;
}

export async function listMine(db: Db, userId: string, limit = 20): Promise<ExportJob[]> {
  const { rows } = await sql<AnswerRow>`
    select ${answerColumns} from exports e join programs p on p.id = e.program_id
    where e.requested_by = ${userId} and e.kind = 'documents' order by e.created_at desc, e.id desc limit ${limit}`.execute(db);
  return rows.map(exportAnswer);
}

/** The same export (same program, type or module, document and scope) still queued or running for this caller. */
export async function pendingTwin(db: Db, spec: Omit<ExportSpec, 'id'>): Promise<string | undefined> {
  const row = await db
    .selectFrom('exports')
    .select('id')
    .where('requested_by', '=', spec.requested_by)
    .where('program_id', '=', spec.program_id)
    .where('module', '=', spec.module)
    .where('scope', '=', spec.scope)
    .where((eb) => (spec.type_id === null ? eb('type_id', 'is', null) : eb('type_id', '=', spec.type_id)))
    .where((eb) => (spec.document_id === null ? eb('document_id', 'is', null) : eb('document_id', '=', spec.document_id)))
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirst();
  return row?.id;
}

export async function pendingCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('exports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('requested_by', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the export for this attempt: a queued one, or a running one whose worker stopped
 * beating (a crash). Undefined when another attempt has it, or it was cancelled or finished.
 */
export async function claimExport(db: Db, id: string, now: Date): Promise<ExportRow | undefined> {
  const stale = new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  return db
    .updateTable('exports')
    .set({ status: 'running', started_at: now, heartbeat_at: now, rows_done: 0, error: null })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', stale)])]))
    .returningAll()
    .executeTakeFirst();
}

/**
 * Progress and a sign of life; false when the export is no longer running (cancelled meanwhile).
 * The rows so far are PostgreSQL's own count for the backend running the export's COPY
 * (`copyBackend`, once it runs): pg_stat_progress_copy has a row for it while the COPY lasts
 * (PostgreSQL 14 and later), and the last count stays when it has none.
 */
export async function beat(db: Db, id: string, copyBackend: number | undefined, now: Date): Promise<boolean> {
  const copied = sql<number>`(select tuples_processed from pg_stat_progress_copy where pid = ${copyBackend ?? 0}::int)`;
  const row = await db
    .updateTable('exports')
    .set({ rows_done: sql<number>`coalesce(${copied}, rows_done)`, heartbeat_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Done; false when it was cancelled while the file was being finished. */
export async function finishExport(
  db: Db,
  id: string,
  result: { rows: number; bytes: number },
  now: Date,
  expiresAt: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('exports')
    .set({
      status: 'done',
      rows_done: result.rows,
      rows_total: result.rows,
      file_size: result.bytes,
      heartbeat_at: now,
      finished_at: now,
      expires_at: expiresAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function failExport(db: Db, id: string, message: string, now: Date): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'failed', error: message, finished_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Hands a running export back to the queue (its worker is stopping). */
export async function requeueExport(db: Db, id: string): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'queued', heartbeat_at: null, rows_done: 0 })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** The export's status, its row locked for the rest of the transaction (what a cancel changes it from). */
export async function lockedStatus(trx: Db, id: string): Promise<string | undefined> {
  const row = await trx.selectFrom('exports').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.status;
}

/** Cancels a queued or running export of the caller; false when there is none to cancel. */
export async function cancelExport(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('exports')
    .set({ status: 'cancelled', finished_at: now })
    .where('id', '=', id)
    .where('requested_by', '=', userId)
    .where('status', 'in', ['queued', 'running'])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks finished exports past their expiry as expired; answers their ids (their files are to go). */
export async function expireExports(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .updateTable('exports')
    .set({ status: 'expired' })
    .where('status', '=', 'done')
    .where('expires_at', '<=', now)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Exports that need a job sent: running ones whose worker stopped beating (its process died),
 * put back in the queue here, and queued ones no live job of `queue` carries (their job used up
 * its retries while processes kept stopping under it). pg-boss keeps its jobs in pgboss.job.
 */
export async function orphanedExports(db: Db, queue: string, now: Date): Promise<string[]> {
  const stale = new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  const { rows } = await sql<{ id: string }>`
    with stale as (
      update exports set status = 'queued', heartbeat_at = null, rows_done = 0
      where status = 'running' and heartbeat_at < ${stale}
      returning id
    )
    select id from stale
    union
    select e.id from exports e
    where e.status = 'queued'
      and not exists (select 1 from pgboss.job j
                      where j.name = ${queue} and j.state < 'completed' and j.data ->> 'exportId' = e.id)`.execute(db);
  return rows.map((r) => r.id);
}
