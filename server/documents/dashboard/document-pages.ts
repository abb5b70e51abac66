/**
 * One page of a program's documents, newest first (`seq desc`), at any depth for about the cost
 * of the first page, and its exact total, in ONE statement (so they agree, in one snapshot,
 * with one round trip):
 *
 *   after=<cursor>   the page after that row: seq < cursor, descending (next page)
 *   before=<cursor>  the page before it: seq > cursor read ascending, then reversed (previous page)
 *   pageNo=<n>       a jump: the n-th page (0-based). The page's newest row is found first,
 *                    and the page is then read from that row like a cursor page. For a whole
 *                    program + module or + type the stretch counts (document_seq_counts) say
 *                    which stretch of seq holds that row, so at most one stretch of the index is
 *                    skipped through: any page costs about what the first does. Narrower filters
 *                    (own documents, dates, state) skip through the index from the nearer end —
 *                    the newest for a page in the first half, the oldest (ascending) for one in
 *                    the second — an index-only scan: no table row is read.
 *
 * The filter always matches one index's leading columns: program + type
 * (documents_program_type_seq) or program + module (documents_program_module_seq), with the
 * owner first for a caller who sees only their own documents in this program
 * (documents_owner_*). The total is the counters' sum for the same scope
 * (visibleDocumentCountSql), never a count(*).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { sightOf, visibleDocumentCountSql, type ProgramAudience } from '../document-scope.ts';
import { documentSelect, toWireDocument, type DocumentRow } from '../document-wire.ts';
import { STRETCH_BITS } from '../document-counters.ts';
import { facetConditions, needsRowCount, type DocumentFacets } from './document-facets.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface PageFilter {
  program: ProgramAudience & { _id: string };
  module: DocumentModule;
  /** A type record of the module's kind. */
  typeId?: string;
  /** Narrower filters (date range, submitter, processed); a page then reads past the rows they leave out. */
  facets?: DocumentFacets;
}

export type PagePosition = { after: number } | { before: number } | { pageNo: number };

export interface DocumentPage {
  data: Document[];
  total: number;
  pageNo: number;
}

/** The filter's conditions on the table under `alias`, in the order of the matching index (the Map view's too). */
export function conditions(filter: PageFilter, ownerId: string | undefined, alias: string): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return [
    ...(ownerId === undefined ? [] : [sql<boolean>`${column('created_by')} = ${ownerId}`]),
    sql<boolean>`${column('program_id')} = ${filter.program._id}`,
    filter.typeId === undefined
      ? sql<boolean>`${column('module')} = ${filter.module}`
      : sql<boolean>`${column('type_id')} = ${filter.typeId}`,
    ...facetConditions(filter.facets ?? {}, alias),
  ];
}

const all = (parts: RawBuilder<boolean>[]) => sql<boolean>`(${sql.join(parts, sql` and `)})`;

/**
 * SQL: the seq `skip` rows into the filtered documents, from the newest end (`desc`) or the
 * oldest (`asc`), by an OFFSET over the filter's index: it reads every row it skips.
 */
function seqByOffset(
  filter: PageFilter,
  ownerId: string | undefined,
  direction: 'asc' | 'desc',
  skip: RawBuilder<number>,
): RawBuilder<number> {
  return sql<number>`(select x.seq from documents x where ${all(conditions(filter, ownerId, 'x'))}
    order by x.seq ${sql.raw(direction)} offset ${skip} limit 1)`;
}

/**
 * SQL: the same seq found through the stretch counts (document_seq_counts, exact in every
 * snapshot as the other counters are): the running sum of the filter's stretches from that end
 * names the stretch the row is in and how many rows come before it, and the OFFSET then skips
 * within that one stretch of seq numbers (STRETCH_BITS). For the whole program + module or + type only:
 * the counts know no owner, date or state.
 */
const STRETCH = sql.lit(STRETCH_BITS);

function seqByStretches(filter: PageFilter, direction: 'asc' | 'desc', skip: RawBuilder<number>): RawBuilder<number> {
  const order = sql.raw(direction);
  const kind = filter.typeId === undefined ? sql<boolean>`true` : sql<boolean>`s.type_id = ${filter.typeId}`;
  return sql<number>`(select (select x.seq from documents x
      where ${all(conditions(filter, undefined, 'x'))} and x.seq >= r.stretch << ${STRETCH} and x.seq < (r.stretch + 1) << ${STRETCH}
      order by x.seq ${order} offset ${skip} - r.before limit 1)
    from (select stretch, n, sum(n) over (order by stretch ${order}) - n as before
      from (select s.stretch, sum(s.n) as n from document_seq_counts s
        where s.program_id = ${filter.program._id} and s.module = ${filter.module} and ${kind} group by s.stretch) per_stretch) r
    where r.before <= ${skip} and ${skip} < r.before + r.n
    limit 1)`;
}

/** SQL: the seq of the newest row of page `pageNo` (at row `start`); null past the last page. */
function pageStart(filter: PageFilter, ownerId: string | undefined, start: number, total: RawBuilder<number>): RawBuilder<number | null> {
  // Through the stretch counts every row is as near from one end as from the other, and a start
  // past the last row is in no stretch (null): one direction, no total, half the statement to plan.
  const plain = ownerId === undefined && facetConditions(filter.facets ?? {}, 'x').length === 0;
  if (plain) return seqByStretches(filter, 'desc', sql<number>`${start}::bigint`);
  // The total is read once (t.n); only the branch taken runs.
  return sql<number | null>`(select case
      when ${start}::bigint >= t.n then null
      when ${start}::bigint * 2 < t.n then ${seqByOffset(filter, ownerId, 'desc', sql<number>`${start}::bigint`)}
      else ${seqByOffset(filter, ownerId, 'asc', sql<number>`t.n - 1 - ${start}::bigint`)}
    end from (select ${total} as n) t)`;
}

/** Whose documents of the program the caller reads: everyone's (undefined) or only their own (their id). */
export const ownerFilter = (caller: Caller, program: ProgramAudience): string | undefined =>
  sightOf(caller, program) === 'own' ? caller.id : undefined;

const countFilter = (filter: PageFilter) => ({
  programId: filter.program._id,
  module: filter.module,
  ...(filter.typeId === undefined ? {} : { typeId: filter.typeId }),
  ...(filter.facets?.submittedBy === undefined ? {} : { createdBy: filter.facets.submittedBy }),
});

/**
 * SQL: the exact total of the filter the caller may read. The counters serve a program, module,
 * type and submitter; a date range or a processed state is counted over the matching rows (the
 * program's index range, then each row's date and state), which grows with the program's size.
 */
function totalSql(caller: Caller, filter: PageFilter, ownerId: string | undefined): RawBuilder<number> {
  if (!filter.facets || !needsRowCount(filter.facets)) return visibleDocumentCountSql(caller, countFilter(filter));
  return sql<number>`(select count(*) from documents c where ${all(conditions(filter, ownerId, 'c'))})`;
}

export async function documentPage(
  db: Db,
  caller: Caller,
  filter: PageFilter,
  position: PagePosition,
  pageSize: number,
  pageNo = 0,
): Promise<DocumentPage> {
  const ownerId = ownerFilter(caller, filter.program);
  const total = totalSql(caller, filter, ownerId);
  let page = await pageRows(db, filter, ownerId, position, pageSize, total);
  let answered = 'pageNo' in position ? position.pageNo : pageNo;
  // Fewer than a page before the cursor (rows were deleted meanwhile): the first page, full.
  if ('before' in position && page.length < pageSize) {
    page = await pageRows(db, filter, ownerId, { pageNo: 0 }, pageSize, total);
    answered = 0;
  }
  // An empty page carries no total: read it on its own.
  const count = page[0] ? Number(page[0].total) : await countOf(db, total);
  return { data: page.map((row) => toWireDocument(row, { full: false })), total: count, pageNo: answered };
}

async function countOf(db: Db, total: RawBuilder<number>): Promise<number> {
  const { rows } = await sql<{ n: string | number | null }>`select ${total} as n`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The page's statement (list shape), each row carrying `total`: the counters' sum for the route,
 * or a number already known (which costs nothing, to time the page alone). `ascending`: the rows
 * come oldest first and are reversed once read.
 */
export function pageQuery(
  db: Db,
  filter: PageFilter,
  ownerId: string | undefined,
  position: PagePosition,
  pageSize: number,
  total: RawBuilder<number> | number,
) {
  const totalSql = typeof total === 'number' ? sql<number>`${total}::bigint` : total;
  const page = (where: RawBuilder<boolean>, direction: 'asc' | 'desc') => ({
    query: documentSelect(db, { full: false })
      .select(totalSql.as('total'))
      .where(all([...conditions(filter, ownerId, 'd'), where]))
      .orderBy('d.seq', direction)
      .limit(pageSize),
    ascending: direction === 'asc',
  });
  if ('after' in position) return page(sql<boolean>`d.seq < ${position.after}`, 'desc');
  if ('before' in position) return page(sql<boolean>`d.seq > ${position.before}`, 'asc');
  // The first page needs no start row (an empty filter then answers no row, as it should).
  if (position.pageNo === 0) return page(sql<boolean>`true`, 'desc');
  return page(sql<boolean>`d.seq <= ${pageStart(filter, ownerId, position.pageNo * pageSize, totalSql)}`, 'desc');
}

/** The page's rows, newest first (see pageQuery). */
export async function pageRows(
  db: Db,
  filter: PageFilter,
  ownerId: string | undefined,
  position: PagePosition,
  pageSize: number,
  total: RawBuilder<number> | number,
): Promise<Array<DocumentRow & { total: number | string }>> {
  const { query, ascending } = pageQuery(db, filter, ownerId, position, pageSize, total);
  const rows = await query.execute();
  return ascending ? rows.reverse() : rows;
}
