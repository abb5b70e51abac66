/**
 * The change log's months: one partition per calendar month (UTC), made ahead, and dropped whole
 * once older than the retention (AUDIT_RETENTION_DAYS; 0 keeps every month). Made at every start
 * (inside the start-up lock, before any server writes) and kept by a periodic task, so the
 * default partition (017-changes) stays empty unless the servers were down for longer than the
 * months made ahead. A month whose rows already sit in the default partition cannot be made; it
 * is said in the log and those rows stay there (never dropped by the retention).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ChangeSet } from './change-log.ts';

/** Months made ahead of the current one. */
const MONTHS_AHEAD = 2;
const MONTH_NAME = /^changes_(\d{4})_(\d{2})$/;

const monthTable = (start: Date) => `changes_${start.getUTCFullYear()}_${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
const nextMonth = (start: Date) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

/** Makes this month's partition and the next ones; answers the names it made. */
export async function makeChangeMonths(db: Db, log: (line: string) => void = console.warn): Promise<string[]> {
  const { rows } = await sql<{ start: Date }>`
    select date_trunc('month', now(), 'UTC') + make_interval(months => g) as start from generate_series(0, ${MONTHS_AHEAD}) g`.execute(db);
  const made: string[] = [];
  for (const { start } of rows) {
    const name = monthTable(start);
    const exists = await sql`select 1 from pg_class where relname = ${name} and relkind = 'r'`.execute(db);
    if (exists.rows.length > 0) continue;
    try {
      // DDL takes no parameters: the bounds are literals (dates this code made, not input).
      const from = sql.lit(start.toISOString());
      const to = sql.lit(nextMonth(start).toISOString());
      await sql`create table if not exists ${sql.id(name)} partition of changes for values from (${from}) to (${to})`.execute(db);
      made.push(name);
    } catch (err) {
      // Another process made it at the same moment (42P07), or its rows are in the default partition.
      if ((err as { code?: string }).code !== '42P07') log(`[changes] month ${name} could not be made: ${(err as Error).message}`);
    }
  }
  return made;
}

/**
 * Drops the months wholly older than `retentionDays` (none when 0), each drop recorded in the log
 * itself (action `retention-drop`, how many rows went). Answers the names dropped.
 */
export async function dropOldChangeMonths(db: Db, retentionDays: number): Promise<string[]> {
  if (retentionDays <= 0) return [];
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'changes'::regclass`.execute(db);
  const { rows: nowRows } = await sql<{ now: Date }>`select now() as now`.execute(db);
  const oldest = new Date(nowRows[0]!.now.getTime() - retentionDays * 86_400_000);
  const dropped: string[] = [];
  for (const { name } of rows) {
    const month = MONTH_NAME.exec(name);
    if (!month) continue;
    const end = nextMonth(new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1)));
    if (end > oldest) continue;
    await db.transaction().execute(async (trx) => {
      const counted = await sql<{ n: string }>`select count(*)::text as n from ${sql.id(name)}`.execute(trx);
      await sql`drop table ${sql.id(name)}`.execute(trx);
      const changes = new ChangeSet();
      changes.add({
        resource: 'changes',
        recordId: name,
        action: 'retention-drop',
        fields: { rows: [Number(counted.rows[0]!.n), null], retention_days: [null, retentionDays] },
      });
      await changes.flush(trx, {});
    });
    dropped.push(name);
  }
  return dropped;
}
