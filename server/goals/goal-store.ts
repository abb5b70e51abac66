/**
 * Goals in PostgreSQL. A goal counts records of one type record in one program; its `name` is
 * that type record's name, read from the generic table of its kind every time, so renaming the
 * type renames the goal. `achieve` is the number of the program's documents of that type: a sum
 * over the exact counters (document_counts), whoever submitted them — a goal is the program's,
 * not one reader's.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Goal } from '@model/generated/index.ts';
import { withGenericTables, type Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { DOCUMENT_TYPES, GOAL_KINDS, kindLabel, type DocumentType } from './goal-kinds.ts';
import { moduleOfDocType } from '@model/documents/modules.ts';

/** A goal as every route (and the program routes) answer it. */
export type GoalAnswer = Required<Omit<Goal, 'name' | 'created_by'>> & { name?: string; created_by: string | null };

interface GoalRow {
  id: string;
  program_id: string;
  document_type: DocumentType;
  goal_type: string;
  target: number;
  is_pinned: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  name: string | null;
  achieve: number;
}

export interface TypeRef {
  _id: string;
  name: string;
}

/**
 * Every type record of the five kinds as (kind, id, name): one union the goal queries join, so
 * PostgreSQL looks each goal's type up in the one table of its kind.
 */
function typeRecords(db: Db) {
  const tables = withGenericTables(db);
  const [first, ...rest] = DOCUMENT_TYPES.map((kind) =>
    tables.selectFrom(`${GOAL_KINDS[kind].resource} as t`).select([sql.lit(kind).as('kind'), 't.id', sql<string>`t.name`.as('name')]),
  );
  return rest.reduce((union, next) => union.unionAll(next), first!);
}

/** SQL: how many documents of the type under `type` (and its kind) the program under `program` holds. */
function documentsCounted(program: RawBuilder<unknown>, type: RawBuilder<unknown>, kind: RawBuilder<unknown>) {
  const modules = sql.join(
    DOCUMENT_TYPES.map((k) => sql`when ${k} then ${moduleOfDocType(k)!}`),
    sql` `,
  );
  return sql<number>`(select coalesce(sum(c.n), 0)::int from document_counts c
    where c.program_id = ${program} and c.type_id = ${type} and c.module = case ${kind} ${modules} end)`;
}

/** The documents of this type the program holds. */
export async function documentsOfType(db: Db, programId: string, type: DocumentType, typeId: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select ${documentsCounted(sql`${programId}::text`, sql`${typeId}::text`, sql`${type}::text`)} as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

function goalRows(db: Db) {
  return withGenericTables(db)
    .selectFrom('goals as g')
    .leftJoin(typeRecords(db).as('t'), (join) => join.onRef('t.kind', '=', 'g.document_type').onRef('t.id', '=', 'g.goal_type'))
    .select([
      'g.id',
      'g.program_id',
      'g.document_type',
      'g.goal_type',
      'g.target',
      'g.is_pinned',
      'g.created_by',
      'g.created_at',
      'g.updated_at',
      't.name',
      documentsCounted(sql.ref('g.program_id'), sql.ref('g.goal_type'), sql.ref('g.document_type')).as('achieve'),
    ]);
}

function goalAnswer(r: GoalRow): GoalAnswer {
  return {
    _id: r.id,
    program_id: r.program_id,
    document_type: r.document_type,
    goal_type: r.goal_type,
    // A type record detached and deleted leaves its goals without a name rather than with a made-up one.
    ...(r.name !== null ? { name: r.name } : {}),
    target: r.target,
    achieve: Number(r.achieve),
    achieve_counted: true,
    isPinned: r.is_pinned,
    created_by: r.created_by,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/**
 * A program's goals in the order they were set (the wire shape of every goal route). Stable for
 * the program routes: the list, the full program and GET /program/{id}/goal answer these.
 */
export async function goalsOfProgram(db: Db, programId: string): Promise<GoalAnswer[]> {
  const rows = (await goalRows(db).where('g.program_id', '=', programId).orderBy('g.created_at').orderBy('g.id').execute()) as GoalRow[];
  return rows.map(goalAnswer);
}

/** The goals of many programs in one query (a page of the program list), by program id; none → []. */
export async function goalsOfPrograms(db: Db, programIds: readonly string[]): Promise<Map<string, GoalAnswer[]>> {
  const found = new Map<string, GoalAnswer[]>(programIds.map((id) => [id, []]));
  if (!programIds.length) return found;
  const rows = (await goalRows(db)
    .where('g.program_id', 'in', [...programIds])
    .orderBy('g.created_at')
    .orderBy('g.id')
    .execute()) as GoalRow[];
  for (const row of rows) found.get(row.program_id)?.push(goalAnswer(row));
  return found;
}

export async function findGoal(db: Db, id: string): Promise<GoalAnswer> {
  const row = (await goalRows(db).where('g.id', '=', id).executeTakeFirst()) as GoalRow | undefined;
  if (!row) throw problems.notFound('Goal');
  return goalAnswer(row);
}

/** The goal's program, for the write guard; 404 when there is no such goal. */
export async function programOfGoal(db: Db, id: string): Promise<string> {
  const row = await db.selectFrom('goals').select('program_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw problems.notFound('Goal');
  return row.program_id;
}

/**
 * The type record of this kind with this id, or undefined. `lock`: key-share locked until the
 * write commits, so a delete of the record (which counts goals as its holders) waits for the
 * goal being written and then sees it.
 */
export async function typeRecord(db: Db, type: DocumentType, id: string, lock = false): Promise<TypeRef | undefined> {
  let query = withGenericTables(db)
    .selectFrom(`${GOAL_KINDS[type].resource} as t`)
    .select(['t.id', sql<string>`t.name`.as('name')])
    .where('t.id', '=', id);
  if (lock) query = query.forKeyShare();
  const row = await query.executeTakeFirst();
  return row ? { _id: row.id as string, name: row.name } : undefined;
}

/** The types attached to a program, per kind, in the order of its lists (for the goal form). */
export async function attachedTypes(db: Db, programId: string): Promise<Record<DocumentType, TypeRef[]>> {
  const program = await db
    .selectFrom('programs')
    .select(DOCUMENT_TYPES.map((kind) => GOAL_KINDS[kind].list))
    .where('id', '=', programId)
    .executeTakeFirst();
  if (!program) throw problems.notFound('Program');
  const answer = {} as Record<DocumentType, TypeRef[]>;
  for (const kind of DOCUMENT_TYPES) {
    const ids = program[GOAL_KINDS[kind].list] as string[];
    const records = ids.length
      ? await withGenericTables(db)
          .selectFrom(`${GOAL_KINDS[kind].resource} as t`)
          .select(['t.id', sql<string>`t.name`.as('name')])
          .where('t.id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(records.map((r) => [r.id as string, r.name]));
    answer[kind] = ids.flatMap((id) => (byId.has(id) ? [{ _id: id, name: byId.get(id)! }] : []));
  }
  return answer;
}

/**
 * The type a goal is to count: it must exist and be attached to the program in the list of its
 * kind (400 naming goal_type otherwise). Run under the program's row lock, so the list read is
 * the one the write commits against.
 */
export async function assertAttachedType(trx: Db, programId: string, type: DocumentType, typeId: string): Promise<TypeRef> {
  const label = kindLabel(type);
  const record = await typeRecord(trx, type, typeId, true);
  if (!record) throw problems.validation({ goal_type: `${label} does not exist` });
  const attached: Expression<SqlBool> = sql<boolean>`${sql.ref(GOAL_KINDS[type].list)} @> jsonb_build_array(${typeId}::text)`;
  const found = await trx.selectFrom('programs').select('id').where('id', '=', programId).where(attached).executeTakeFirst();
  if (!found) throw problems.validation({ goal_type: `This ${label} is not attached to this program` });
  return record;
}

/** 409 when the program already has a goal for the type (another than `exceptId`). */
export async function assertNoGoalFor(trx: Db, programId: string, type: TypeRef, exceptId?: string): Promise<void> {
  let query = trx.selectFrom('goals').select('id').where('program_id', '=', programId).where('goal_type', '=', type._id);
  if (exceptId) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw problems.goalExists(type.name);
}

/** True for the refusal of the unique (program_id, goal_type): two writers set one type's goal at once. */
export function isDuplicateGoal(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'goals_program_id_goal_type_key';
}

/** A type alias, not an interface: a body is checked as a plain record of fields too. */
export type NewGoal = {
  program_id: string;
  document_type: DocumentType;
  goal_type: string;
  target: number;
  isPinned?: boolean;
};

export async function insertGoal(trx: Db, goal: NewGoal, createdBy: string, now: Date): Promise<GoalAnswer> {
  const id = randomUUID();
  await sql`insert into goals (id, program_id, document_type, goal_type, target, is_pinned, created_by, created_at, updated_at)
    values (${id}, ${goal.program_id}, ${goal.document_type}, ${goal.goal_type}, ${goal.target}, ${goal.isPinned ?? false},
      ${createdBy}, ${now}, ${now})`.execute(trx);
  return findGoal(trx, id);
}

export type GoalChange = {
  document_type?: DocumentType;
  goal_type?: string;
  target?: number;
  isPinned?: boolean;
};

export async function updateGoal(trx: Db, id: string, change: GoalChange, now: Date): Promise<GoalAnswer> {
  const updated = await sql`update goals set
      document_type = coalesce(${change.document_type ?? null}, document_type),
      goal_type = coalesce(${change.goal_type ?? null}, goal_type),
      target = coalesce(${change.target ?? null}::integer, target),
      is_pinned = coalesce(${change.isPinned ?? null}::boolean, is_pinned),
      updated_at = ${now}
    where id = ${id}`.execute(trx);
  if (!updated.numAffectedRows) throw problems.notFound('Goal');
  return findGoal(trx, id);
}

/** Deletes a goal; answers it as it was. */
export async function deleteGoal(trx: Db, id: string): Promise<GoalAnswer> {
  const goal = await findGoal(trx, id);
  await trx.deleteFrom('goals').where('id', '=', id).execute();
  return goal;
}

/** The program a slug names, or 404 (POST /goal/target names programs by slug). */
export async function programBySlug(db: Db, slug: string): Promise<{ id: string; name: string }> {
  const program = await db.selectFrom('programs').select(['id', 'name']).where('name_slug', '=', slug).executeTakeFirst();
  if (!program) throw problems.notFound('Program');
  return program;
}

export async function programRef(db: Db, id: string): Promise<TypeRef> {
  const program = await db.selectFrom('programs').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!program) throw problems.notFound('Program');
  return { _id: program.id, name: program.name };
}
