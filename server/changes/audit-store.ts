/**
 * Reading the change log: newest first, filtered, one page at a time by keyset (`before` a
 * `seq`), so a page deep in a million rows costs what the first does.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ChangedFields } from './changed-fields.ts';

export interface AuditFilter {
  actor?: string;
  resource?: string;
  record?: string;
  program?: string;
  action?: string;
  /** Inclusive bounds on when the change was made. */
  from?: Date;
  to?: Date;
  /** Searches the actor's e-mail, the resource, the record id and the action. */
  q?: string;
}

export interface Change {
  seq: string;
  at: string;
  resource: string;
  record_id: string | null;
  revision: number | null;
  action: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_role: string | null;
  session_id: string | null;
  client: string | null;
  address: string | null;
  request_id: string | null;
  program_id: string | null;
  fields: ChangedFields;
}

const COLUMNS = sql`seq::text as seq, at, resource, record_id, revision, action, actor_id, actor_email, actor_role,
  session_id, client, address, request_id, program_id, fields`;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(filter: AuditFilter, before?: bigint): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (before !== undefined) parts.push(sql`seq < ${before.toString()}::bigint`);
  if (filter.actor) parts.push(sql`actor_id = ${filter.actor}`);
  if (filter.resource) parts.push(sql`resource = ${filter.resource}`);
  if (filter.record) parts.push(sql`record_id = ${filter.record}`);
  if (filter.program) parts.push(sql`program_id = ${filter.program}`);
  if (filter.action) parts.push(sql`action = ${filter.action}`);
  if (filter.from) parts.push(sql`at >= ${filter.from}`);
  if (filter.to) parts.push(sql`at <= ${filter.to}`);
  if (filter.q) {
    const like = likeText(filter.q);
    parts.push(sql`(actor_email ilike ${like} or resource ilike ${like} or record_id ilike ${like} or action ilike ${like})`);
  }
  return sql.join(parts, sql` and `);
}

type StoredChange = Omit<Change, 'at'> & { at: Date };

const wire = (row: StoredChange): Change => ({ ...row, at: row.at.toISOString() });

/** A page of changes, newest first, and the cursor of the next (older) page when there is one. */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  limit: number,
  before?: bigint,
): Promise<{ data: Change[]; next: string | null }> {
  // `changes.seq`, not `seq`: ORDER BY would take the text alias and put 9 after 10.
  const { rows } = await sql<StoredChange>`
    select ${COLUMNS} from changes where ${conditions(filter, before)} order by changes.seq desc limit ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit).map(wire);
  return { data: page, next: rows.length > limit ? page[page.length - 1]!.seq : null };
}

export async function auditEntry(db: Db, seq: bigint): Promise<Change | undefined> {
  const { rows } = await sql<StoredChange>`select ${COLUMNS} from changes where seq = ${seq.toString()}::bigint`.execute(db);
  return rows[0] ? wire(rows[0]) : undefined;
}
