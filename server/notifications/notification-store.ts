/**
 * Notifications in PostgreSQL: messages a program's team is sent, with who sent them and when,
 * and per user whether they have read each one. A user's own list holds the notifications of the
 * active programs they are on (as a program head or a member), as the programs say now.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { ListParams } from '../crud/list-params.ts';
import { equalsCondition, searchCondition, sortKey } from '../crud/list-sql.ts';

interface Person {
  _id: string;
  first_name: string;
  last_name: string;
}

export interface NotificationAnswer {
  _id: string;
  title: string;
  body: string;
  program: string;
  created_by: Person | null;
  created_at: string;
  updated_at: string;
}

/** In the signed-in user's own list: the program named, and whether they read it. */
export type MyNotification = Omit<NotificationAnswer, 'program'> & { program: { _id: string; name: string }; read: boolean };

interface NotificationRow {
  id: string;
  program_id: string;
  title: string;
  body: string;
  created_at: Date;
  updated_at: Date;
  creator_id: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
}

const COLUMNS = sql`n.id, n.program_id, n.title, n.body, n.created_at, n.updated_at,
  u.id as creator_id, u.first_name as creator_first_name, u.last_name as creator_last_name`;
const FROM = sql`notifications n left join users u on u.id = n.created_by`;
const NEWEST_FIRST = sql`n.created_at desc, n.id desc`;

function answer(r: NotificationRow): NotificationAnswer {
  return {
    _id: r.id,
    title: r.title,
    body: r.body,
    program: r.program_id,
    created_by: r.creator_id ? { _id: r.creator_id, first_name: r.creator_first_name ?? '', last_name: r.creator_last_name ?? '' } : null,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

export async function findNotification(db: Db, id: string): Promise<NotificationAnswer> {
  const { rows } = await sql<NotificationRow>`select ${COLUMNS} from ${FROM} where n.id = ${id}`.execute(db);
  if (!rows[0]) throw problems.notFound('Notification');
  return answer(rows[0]);
}

/** The notification's program, for the write guard; 404 when there is no such notification. */
export async function programOfNotification(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('notifications').select('program_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound('Notification');
  return row.program_id;
}

/** A program's notifications, newest first; 404 when there is no such program. */
export async function notificationsOfProgram(db: Db, programId: string): Promise<NotificationAnswer[]> {
  const program = await db.selectFrom('programs').select('id').where('id', '=', programId).executeTakeFirst();
  if (!program) throw problems.notFound('Program');
  const { rows } = await sql<NotificationRow>`select ${COLUMNS} from ${FROM}
    where n.program_id = ${programId} order by ${NEWEST_FIRST}`.execute(db);
  return rows.map(answer);
}

export type NewNotification = {
  title: string;
  body: string;
  program: string;
};

export async function insertNotification(trx: Db, note: NewNotification, sentBy: string, now: Date): Promise<NotificationAnswer> {
  const id = randomUUID();
  await sql`insert into notifications (id, program_id, title, body, created_by, created_at, updated_at)
    values (${id}, ${note.program}, ${note.title}, ${note.body}, ${sentBy}, ${now}, ${now})`.execute(trx);
  return findNotification(trx, id);
}

export async function updateNotification(
  trx: Db,
  id: string,
  change: { title?: string; body?: string },
  now: Date,
): Promise<NotificationAnswer> {
  const updated = await sql`update notifications set title = coalesce(${change.title ?? null}, title),
    body = coalesce(${change.body ?? null}, body), updated_at = ${now} where id = ${id}`.execute(trx);
  if (!updated.numAffectedRows) throw problems.notFound('Notification');
  return findNotification(trx, id);
}

/** Deletes a notification (and, by cascade, who read it); answers it as it was. */
export async function deleteNotification(trx: Db, id: string): Promise<NotificationAnswer> {
  const note = await findNotification(trx, id);
  await trx.deleteFrom('notifications').where('id', '=', id).execute();
  return note;
}

/** The notifications `userId` receives: of active programs whose heads or team hold them. */
const receivedBy = (userId: string): RawBuilder<unknown> => sql`p.status
  and (p.program_head @> jsonb_build_array(${userId}::text) or p.teams @> jsonb_build_array(${userId}::text))`;

/** Each field of the user's own list that it sorts or filters by, as SQL (`r` is the user's read mark). */
const MY_COLUMNS: Record<string, { sql: RawBuilder<unknown>; text?: boolean }> = {
  _id: { sql: sql`n.id` },
  title: { sql: sql`n.title`, text: true },
  body: { sql: sql`n.body`, text: true },
  program: { sql: sql`n.program_id` },
  read: { sql: sql`(r.user_id is not null)` },
  created_at: { sql: sql`n.created_at` },
  updated_at: { sql: sql`n.updated_at` },
};

function myColumn(field: string) {
  const found = MY_COLUMNS[field];
  if (!found)
    throw problems.badRequest(`Cannot sort or filter notifications by ${field}`, { filter: `Not a field of this list: ${field}` });
  return found;
}

/**
 * One page (or all) of a user's notifications, each with its program and read state, and how many
 * the filter selects: newest first unless another sort is asked for; `q` searches title and content.
 */
export async function notificationsOf(db: Db, userId: string, params: ListParams): Promise<{ rows: MyNotification[]; total: number }> {
  const where: RawBuilder<unknown>[] = [receivedBy(userId)];
  const search = searchCondition([sql`n.title`, sql`n.body`], params.search);
  if (search) where.push(search);
  for (const [field, value] of Object.entries(params.equals)) where.push(equalsCondition(myColumn(field).sql, value));
  const condition = sql.join(where, sql` and `);
  const sort = myColumn(params.sort.field);
  const page = params.range ? sql`limit ${params.range.end - params.range.start + 1} offset ${params.range.start}` : sql``;
  const from = sql`${FROM} join programs p on p.id = n.program_id
    left join notification_reads r on r.notification_id = n.id and r.user_id = ${userId}`;
  const { rows } = await sql<NotificationRow & { program_name: string; read: boolean }>`
    select ${COLUMNS}, p.name as program_name, (r.user_id is not null) as read from ${from}
    where ${condition} order by ${sortKey(sort.sql, params.sort.order, !!sort.text)}, ${NEWEST_FIRST} ${page}`.execute(db);
  const counted = await sql<{ n: number }>`select count(*)::int as n from ${from} where ${condition}`.execute(db);
  return {
    rows: rows.map((r) => ({ ...answer(r), program: { _id: r.program_id, name: r.program_name }, read: r.read })),
    total: counted.rows[0]?.n ?? 0,
  };
}

/** Marks a notification read for a user who receives it (again: no change); 404 for one they do not receive. */
export async function markRead(db: Db, userId: string, id: string, now: Date): Promise<void> {
  const { rows } = await sql`insert into notification_reads (notification_id, user_id, read_at)
    select n.id, ${userId}, ${now} from notifications n join programs p on p.id = n.program_id
    where n.id = ${id} and ${receivedBy(userId)}
    on conflict (notification_id, user_id) do nothing
    returning notification_id`.execute(db);
  if (rows.length) return;
  // Already read, or not theirs: tell the two apart.
  const { rows: mine } = await sql`select 1 from notifications n join programs p on p.id = n.program_id
    where n.id = ${id} and ${receivedBy(userId)}`.execute(db);
  if (!mine.length) throw problems.notFound('Notification');
}
