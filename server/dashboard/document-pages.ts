/**
 * One page of a program's documents, newest first (`seq desc`), at any depth for about the cost
 * of the first page:
 *
 *   after=<cursor>   the page after that row: seq < cursor, descending (next page)
 *   before=<cursor>  the page before it: seq > cursor read ascending, then reversed (previous page)
 *   pageNo=<n>       a jump: the n-th page (0-based). A page in the first half is found by an
 *                    OFFSET from the newest end, one in the second half by an OFFSET from the
 *                    oldest end (ascending), so the last page costs what the first does. The
 *                    OFFSET runs on the seq column of the index that matches the filter (an
 *                    index-only scan: no table row is read for the rows skipped), and only the
 *                    page itself is then read with its joins.
 *
 * The filter always matches one index's leading columns: program + type
 * (documents_program_type_seq) or program + module (documents_program_module_seq), with the
 * owner first for a caller who sees only their own documents in this program
 * (documents_owner_*). The total is the counters' sum for the same scope
 * (visibleDocumentCount), read in the same snapshot as the page.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { sightOf, visibleDocumentCount, type ProgramAudience } from '../documents/document-scope.ts';
import { documentSelect, toWireDocument } from '../documents/document-wire.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

export interface PageFilter {
  program: ProgramAudience & { _id: string };
  module: DocumentModule;
  /** A type record of the module's kind. */
  typeId?: string;
}

export type PagePosition = { after: number } | { before: number } | { pageNo: number };

export interface DocumentPage {
  data: Document[];
  total: number;
  pageNo: number;
}

/** The filter's conditions on the table under `alias`, in the order of the matching index. */
function conditions(filter: PageFilter, ownerId: string | undefined, alias: string): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return [
    ...(ownerId === undefined ? [] : [sql<boolean>`${column('created_by')} = ${ownerId}`]),
    sql<boolean>`${column('program_id')} = ${filter.program._id}`,
    filter.typeId === undefined
      ? sql<boolean>`${column('module')} = ${filter.module}`
      : sql<boolean>`${column('type_id')} = ${filter.typeId}`,
  ];
}

const all = (parts: RawBuilder<boolean>[]) => sql<boolean>`(${sql.join(parts, sql` and `)})`;

/** SQL: the seq `skip` rows into the filtered documents, from the newest end (`desc`) or the oldest (`asc`). */
function seqAt(filter: PageFilter, ownerId: string | undefined, direction: 'asc' | 'desc', skip: number): RawBuilder<number> {
  return sql<number>`(select x.seq from documents x where ${all(conditions(filter, ownerId, 'x'))}
    order by x.seq ${sql.raw(direction)} offset ${skip} limit 1)`;
}

/**
 * The page and the total in one read-only snapshot, so the total and the page agree even while
 * documents are submitted.
 */
export async function documentPage(
  db: Db,
  caller: Caller,
  filter: PageFilter,
  position: PagePosition,
  pageSize: number,
  pageNo = 0,
): Promise<DocumentPage> {
  const ownerId = sightOf(caller, filter.program) === 'own' ? caller.id : undefined;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const total = await visibleDocumentCount(trx, caller, {
        programId: filter.program._id,
        module: filter.module,
        ...(filter.typeId === undefined ? {} : { typeId: filter.typeId }),
      });
      const page = (where: RawBuilder<boolean>, direction: 'asc' | 'desc', limit: number) =>
        documentSelect(trx, { full: false })
          .where(all([...conditions(filter, ownerId, 'd'), where]))
          .orderBy('d.seq', direction)
          .limit(limit)
          .execute();
      const wire = (rows: Awaited<ReturnType<typeof page>>, answeredPage: number) => ({
        data: rows.map((row) => toWireDocument(row, { full: false })),
        total,
        pageNo: answeredPage,
      });

      if ('after' in position) return wire(await page(sql<boolean>`d.seq < ${position.after}`, 'desc', pageSize), pageNo);
      if ('before' in position) {
        const rows = (await page(sql<boolean>`d.seq > ${position.before}`, 'asc', pageSize)).reverse();
        // Fewer than a page before it (rows were deleted meanwhile): the first page, full.
        if (rows.length === pageSize) return wire(rows, pageNo);
        return wire(await page(sql<boolean>`true`, 'desc', pageSize), 0);
      }

      const start = position.pageNo * pageSize;
      if (start >= total) return wire([], position.pageNo);
      if (start < total / 2) {
        return wire(await page(sql<boolean>`d.seq <= ${seqAt(filter, ownerId, 'desc', start)}`, 'desc', pageSize), position.pageNo);
      }
      // From the oldest end: the page's oldest row is `total - start - pageSize` rows from there.
      const size = Math.min(pageSize, total - start);
      const fromOldest = total - start - size;
      const rows = await page(sql<boolean>`d.seq >= ${seqAt(filter, ownerId, 'asc', fromOldest)}`, 'asc', size);
      return wire(rows.reverse(), position.pageNo);
    });
}
