/**
 * Which documents a caller may read — the one rule every reader applies (the document routes,
 * the dashboard, the Data Explorer, its totals, the exports and the attachment files):
 *
 *   a caller sees a document when their role has `can_see_all_docs`, or they submitted it, or
 *   its program shows documents to its whole team (`documentVisible: ALL`) and they are on that
 *   team (a head or a member).
 *
 * So per program a caller's sight is either "all" of its documents or their "own" ones, and a
 * count in any scope is a sum over the counter rows (document_counts) of those programs/owners.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { executePrepared } from '../db/prepared.ts';
import type { SessionUser } from '../auth/session-user.ts';

export type Sight = 'all' | 'own';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface ProgramAudience {
  document_visible: 'ALL' | 'OWN';
  program_head: string[];
  teams: string[];
}

export const seesAllDocuments = (caller: Caller) => caller.permission.can_see_all_docs === true;

/** The user is on the program's team: one of its heads or its members. */
export const onTeam = (callerId: string, program: Pick<ProgramAudience, 'program_head' | 'teams'>) =>
  program.program_head.includes(callerId) || program.teams.includes(callerId);

/** SQL: the user is on the team of the program under `programAlias` (onTeam, in a statement). */
export function onTeamSql(callerId: string, programAlias = 'p'): RawBuilder<boolean> {
  const me = sql`jsonb_build_array(${callerId}::text)`;
  const p = (column: string) => sql.ref(`${programAlias}.${column}`);
  return sql<boolean>`(${p('teams')} @> ${me} or ${p('program_head')} @> ${me})`;
}

/** The caller's sight of one program's documents. */
export function sightOf(caller: Caller, program: ProgramAudience): Sight {
  if (seesAllDocuments(caller)) return 'all';
  return program.document_visible === 'ALL' && onTeam(caller.id, program) ? 'all' : 'own';
}

/** SQL: the program (under `programAlias`) shows every document to this caller. */
export function programSeenInFull(caller: Caller, programAlias = 'p'): RawBuilder<boolean> {
  if (seesAllDocuments(caller)) return sql<boolean>`true`;
  return sql<boolean>`(${sql.ref(`${programAlias}.document_visible`)} = 'ALL' and ${onTeamSql(caller.id, programAlias)})`;
}

/**
 * SQL: the caller may read the row under `alias`, of documents or of document_counts /
 * document_days (all three have program_id and created_by).
 */
export function visibleTo(caller: Caller, alias = 'd'): RawBuilder<boolean> {
  if (seesAllDocuments(caller)) return sql<boolean>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('created_by')} = ${caller.id} or exists (
    select 1 from programs vp where vp.id = ${column('program_id')} and ${programSeenInFull(caller, 'vp')}))`;
}

/**
 * All visibleTo's text depends on (the caller's id goes in as a value): the shape of a read built
 * once per shape (db/prepared.ts preparedRead), and a stand-in caller of that shape to build it.
 */
export const sightShape = (caller: Caller): 'all' | 'scoped' => (seesAllDocuments(caller) ? 'all' : 'scoped');
export const callerOfShape = (shape: string, id: string): Caller => ({ id, permission: { can_see_all_docs: shape === 'all' } });

/**
 * The same rule as visibleTo, with the programs the caller sees in full read first (a few ids),
 * for a scan in an order of its own (the most recently processed): "own, or one of these
 * programs" filters each row without a subquery, and with no such program it is "own" alone,
 * which an index on created_by serves.
 */
export async function visibleToResolved(db: Db, caller: Caller, alias = 'd'): Promise<RawBuilder<boolean>> {
  if (seesAllDocuments(caller)) return sql<boolean>`true`;
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const rows = await executePrepared(
    db,
    'programs_seen_in_full',
    sql<{ id: string }>`select p.id from programs p where ${programSeenInFull(caller, 'p')}`,
  );
  if (!rows.length) return sql<boolean>`${column('created_by')} = ${caller.id}`;
  const ids = rows.map((r) => r.id);
  return sql<boolean>`(${column('created_by')} = ${caller.id} or ${column('program_id')} = any(${ids}::text[]))`;
}

export interface CountFilter {
  programId?: string;
  module?: string;
  typeId?: string;
  /** Only this user's documents (a caller whose sight of the program is their own). */
  createdBy?: string;
}

/**
 * SQL: the exact number of documents the caller may read, matching the filter — a sum over
 * counter rows, as a scalar subquery, so a statement can carry it beside what it reads (a page
 * and its total in one snapshot).
 */
export function visibleDocumentCountSql(caller: Caller, filter: CountFilter = {}): RawBuilder<number> {
  const conditions = [visibleTo(caller, 'c')];
  if (filter.programId !== undefined) conditions.push(sql<boolean>`c.program_id = ${filter.programId}`);
  if (filter.module !== undefined) conditions.push(sql<boolean>`c.module = ${filter.module}`);
  if (filter.typeId !== undefined) conditions.push(sql<boolean>`c.type_id = ${filter.typeId}`);
  if (filter.createdBy !== undefined) conditions.push(sql<boolean>`c.created_by = ${filter.createdBy}`);
  return sql<number>`(select coalesce(sum(c.n), 0)::bigint from document_counts c where ${sql.join(conditions, sql` and `)})`;
}

/** Exact number of documents the caller may read, matching the filter: a sum over counter rows. */
export async function visibleDocumentCount(db: Db, caller: Caller, filter: CountFilter = {}): Promise<number> {
  const rows = await executePrepared(
    db,
    'visible_document_count',
    sql<{ n: string | number | null }>`select ${visibleDocumentCountSql(caller, filter)} as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
