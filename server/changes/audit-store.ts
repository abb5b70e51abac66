/**
 * Reading the change log: newest first, filtered, one page at a time by keyset (`before` a
 * `seq`), so a page deep in a million rows costs what the first does.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Change } from '@model/generated/index.ts';
import { auditConditions, type AuditFilter } from './audit-filter.ts';

export type { Change };

// Ordered by `changes.seq`, not `seq`: ORDER BY would take the text alias and put 9 after 10.
// The program by its name as it is now, so a row about a program reads by name whatever it changed.
const COLUMNS = sql`seq::text as seq, at, resource, record_id, revision, action, actor_id, actor_email, actor_role,
  session_id, client, address, request_id, program_id, (select p.name from programs p where p.id = changes.program_id) as program_name, fields`;

type StoredChange = Omit<Change, 'at'> & { at: Date };

const wire = (row: StoredChange): Change => ({ ...row, at: row.at.toISOString() });

/**
 * The SQL of a page: one row more than the page, to know whether an older page follows. Prepared
 * once per connection for each set of filters used (its name follows its text): planning a read
 * of the partitioned log costs more than running it.
 */
export const auditPageQuery = (filter: AuditFilter, limit: number, before?: bigint) => sql<StoredChange>`/* prepared:audit_page */
  select ${COLUMNS} from changes where ${auditConditions(filter, before)} order by changes.seq desc limit ${limit + 1}`;

/** A page of changes, newest first, and the cursor of the next (older) page when there is one. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  limit: number,
  before?: bigint,
): Promise<{ data: Change[]; next: string | null }> {
  const { rows } = await auditPageQuery(filter, limit, before).execute(db);
  const page = rows.slice(0, limit).map(wire);
  return { data: page, next: rows.length > limit ? page[page.length - 1]!.seq : null };
}

export async function auditEntry(db: Db, seq: bigint): Promise<Change | undefined> {
  const { rows } = await sql<StoredChange>`select ${COLUMNS} from changes where seq = ${seq.toString()}::bigint`.execute(db);
  return rows[0] ? wire(rows[0]) : undefined;
}
