/**
 * Programs as the wire shows them (spec 2 §3): wire names (`_id`, `documentVisible`,
 * `lockProgram`), the creator as `{ _id, first_name, last_name }`, and, in lists and the full
 * program, the program's goals as the goal routes answer them (server/goals/goal-store.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { GenericStore } from '../crud/generic-store.ts';
import type { Row } from '../crud/crud-store.ts';
import type { ListParams } from '../crud/list-params.ts';
import { equalsCondition, searchCondition, sortKey } from '../crud/list-sql.ts';
import { goalsOfProgram, goalsOfPrograms, type GoalAnswer } from '../goals/goal-store.ts';
import { TYPE_LIST_NAMES, TYPE_LISTS, type ProgramModule, type TypeList } from './program-lists.ts';

interface ProgramRow extends Record<TypeList, string[]> {
  id: string;
  name: string;
  name_slug: string;
  description: string;
  photo: string | null;
  status: boolean;
  program_head: string[];
  teams: string[];
  no_of_days_for_edit_program: number;
  document_visible: 'ALL' | 'OWN';
  lock_program: 0 | 1;
  active_module: Record<ProgramModule, boolean>;
  created_at: Date;
  updated_at: Date;
  creator_id: string | null;
  creator_first_name: string | null;
  creator_last_name: string | null;
}

const iso = (d: Date) => new Date(d).toISOString();

export function programAnswer(r: ProgramRow): Row {
  return {
    _id: r.id,
    name: r.name,
    name_slug: r.name_slug,
    description: r.description,
    photo: r.photo,
    status: r.status,
    program_head: r.program_head,
    teams: r.teams,
    no_of_days_for_edit_program: r.no_of_days_for_edit_program,
    documentVisible: r.document_visible,
    lockProgram: Number(r.lock_program) as 0 | 1,
    ...Object.fromEntries(TYPE_LIST_NAMES.map((list) => [list, r[list]])),
    active_module: r.active_module,
    created_by: r.creator_id ? { _id: r.creator_id, first_name: r.creator_first_name ?? '', last_name: r.creator_last_name ?? '' } : null,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

const PROGRAM_COLUMNS = sql`p.*, u.id as creator_id, u.first_name as creator_first_name, u.last_name as creator_last_name`;
const FROM_PROGRAMS = sql`programs p left join users u on u.id = p.created_by`;

async function programRow(db: Db, id: string): Promise<ProgramRow> {
  const { rows } = await sql<ProgramRow>`select ${PROGRAM_COLUMNS} from ${FROM_PROGRAMS} where p.id = ${id}`.execute(db);
  if (!rows[0]) throw problems.notFound('Program');
  return rows[0];
}

/** One program as answered (id lists as ids). */
export async function findProgram(db: Db, id: string): Promise<Row> {
  return programAnswer(await programRow(db, id));
}

export async function programGoals(db: Db, id: string): Promise<GoalAnswer[]> {
  await programRow(db, id);
  return goalsOfProgram(db, id);
}

/** Each field a program list sorts or filters by, as SQL. */
const COLUMNS: Record<string, { sql: RawBuilder<unknown>; text?: boolean }> = {
  _id: { sql: sql`p.id` },
  name: { sql: sql`p.name`, text: true },
  status: { sql: sql`p.status` },
  created_at: { sql: sql`p.created_at` },
  updated_at: { sql: sql`p.updated_at` },
};

/** Fields of a program list, for parseListParams: sorted by name or date, filtered by status or id, searched by name. */
export const LIST_FIELDS = {
  type: 'object',
  properties: {
    _id: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** One page (or all) of the programs, each with its goals. */
export async function listPrograms(db: Db, params: ListParams): Promise<{ rows: Row[]; total: number }> {
  const where: RawBuilder<unknown>[] = [sql`true`];
  const search = searchCondition([sql`p.name`], params.search);
  if (search) where.push(search);
  for (const [field, value] of Object.entries(params.equals)) where.push(equalsCondition(COLUMNS[field]!.sql, value));
  const condition = sql.join(where, sql` and `);
  const sort = COLUMNS[params.sort.field]!;
  const order = sql`${sortKey(sort.sql, params.sort.order, !!sort.text)}, p.id`;
  const page = params.range ? sql`limit ${params.range.end - params.range.start + 1} offset ${params.range.start}` : sql``;
  const { rows } =
    await sql<ProgramRow>`select ${PROGRAM_COLUMNS} from ${FROM_PROGRAMS} where ${condition} order by ${order} ${page}`.execute(db);
  const counted = await sql<{ n: number }>`select count(*)::int as n from programs p where ${condition}`.execute(db);
  const goals = await goalsOfPrograms(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => ({ ...programAnswer(r), goals: goals.get(r.id) ?? [] })), total: counted.rows[0]?.n ?? 0 };
}

interface PersonRow {
  id: string;
  first_name: string;
  last_name: string;
  photo: string | null;
  designation_id: string | null;
  designation_name: string | null;
}

/** Users as team lists show them, in the order of `ids` (an id naming no live user is left out). */
async function people(db: Db, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const { rows } = await sql<PersonRow>`select u.id, u.first_name, u.last_name, u.photo, d.id as designation_id, d.name as designation_name
    from users u left join designation d on d.id = u.designation_id where u.id = any(${ids}) and u.deleted_at is null`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        _id: r.id,
        first_name: r.first_name,
        last_name: r.last_name,
        photo: r.photo,
        designation: r.designation_id ? { _id: r.designation_id, name: r.designation_name ?? '' } : null,
      },
    ];
  });
}

/** Type records as their own resource answers them, in the order of `ids`. */
async function typeRecords(db: Db, list: TypeList, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  const { rows } = await new GenericStore(TYPE_LISTS[list]).list(db, { sort: { field: '_id', order: 'ASC' }, equals: { _id: ids } });
  const byId = new Map<string, Row>(rows.map((r) => [r._id as string, r]));
  return ids.flatMap((id): Row[] => {
    const r = byId.get(id);
    return r ? [r] : [];
  });
}

/** GET program/{id}/full: heads and members as people, type lists as the records, and the goals. */
export async function fullProgram(db: Db, id: string): Promise<Row> {
  const row = await programRow(db, id);
  const [heads, team, goals, ...types] = await Promise.all([
    people(db, row.program_head),
    people(db, row.teams),
    goalsOfProgram(db, id),
    ...TYPE_LIST_NAMES.map((list) => typeRecords(db, list, row[list])),
  ]);
  return {
    ...programAnswer(row),
    program_head: heads,
    teams: team,
    ...Object.fromEntries(TYPE_LIST_NAMES.map((list, i) => [list, types[i]])),
    goals,
  };
}

/** GET program/{id}/module: who is on it and which modules are on. */
export async function programModules(db: Db, id: string): Promise<Row> {
  const p = await programRow(db, id);
  return { _id: p.id, teams: p.teams, program_head: p.program_head, active_module: p.active_module };
}
