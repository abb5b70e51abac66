/**
 * View lists in PostgreSQL. A list names the generation of rows it serves; an import writes its
 * rows under a fresh generation and, in the same transaction, points the list at it and drops
 * the old rows: readers see the old rows until that commit, then only the new ones.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { CrudStore, Row } from '../crud/crud-store.ts';
import type { ListParams } from '../crud/list-params.ts';
import { viewListFileProblem } from './file-kind.ts';

const BATCH = 5000;

interface ViewListRecord {
  id: string;
  name: string;
  file_path: string;
  file_name: string;
  columns: string[];
  generation: number;
  row_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface StoredFile {
  path: string;
  name: string;
}

export function viewListAnswer(r: ViewListRecord): Row {
  return {
    _id: r.id,
    name: r.name,
    excel_file: r.file_path,
    file_name: r.file_name,
    columns: r.columns,
    row_count: r.row_count,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

const SORT_COLUMNS: Record<string, string> = {
  _id: 'id',
  name: 'lower(name)',
  excel_file: 'file_path',
  row_count: 'row_count',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** "50%_off" matches itself, not any text: LIKE's wildcards in what was typed are escaped. */
export const likeContaining = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const viewListStore: CrudStore = {
  async list(db: Db, params: ListParams) {
    const where = [sql`true`];
    if (params.search) where.push(sql`lower(name) like ${likeContaining(params.search)}`);
    for (const [field, value] of Object.entries(params.equals)) {
      const values = (Array.isArray(value) ? value : [value]).map(String);
      if (field === '_id' || field === 'id') where.push(sql`id = any(${values}::text[])`);
      else if (field === 'name') where.push(sql`name = any(${values}::text[])`);
      else
        throw problems.badRequest(`Cannot filter view lists by ${field}`, {
          filter: `Filter by _id or name`,
        });
    }
    const condition = sql.join(where, sql` and `);
    const order = sql.raw(`${SORT_COLUMNS[params.sort.field] ?? 'lower(name)'} ${params.sort.order === 'DESC' ? 'desc' : 'asc'}, id`);
    const page = params.range ? sql`limit ${params.range.end - params.range.start + 1} offset ${params.range.start}` : sql``;
    const { rows } = await sql<ViewListRecord>`select * from view_lists where ${condition} order by ${order} ${page}`.execute(db);
    const counted = await sql<{
      n: number;
    }>`select count(*)::int as n from view_lists where ${condition}`.execute(db);
    return { rows: rows.map(viewListAnswer), total: counted.rows[0]?.n ?? 0 };
  },

  async get(db: Db, id: string) {
    return viewListAnswer(await findViewList(db, id));
  },
};

export async function findViewList(db: Db, id: string, forUpdate = false): Promise<ViewListRecord> {
  const lock = forUpdate ? sql`for update` : sql``;
  const { rows } = await sql<ViewListRecord>`select * from view_lists where id = ${id} ${lock}`.execute(db);
  if (!rows[0]) throw problems.notFound('View list');
  return rows[0];
}

/** Writes the rows under a new generation; the first row is the header. Answers the generation, header and row count. */
async function loadRows(db: Db, viewListId: string, rows: AsyncIterable<string[]>) {
  const { rows: gen } = await sql<{
    g: number;
  }>`select nextval('view_list_generations')::int as g`.execute(db);
  const generation = gen[0]!.g;
  let columns: string[] | undefined;
  let count = 0;
  let batch: { no: number[]; cells: string[]; search: string[] } = {
    no: [],
    cells: [],
    search: [],
  };
  const flush = async () => {
    if (!batch.no.length) return;
    await sql`insert into view_list_rows (view_list_id, generation, row_no, cells, search)
      select ${viewListId}, ${generation}, * from unnest(${batch.no}::int[], ${batch.cells}::jsonb[], ${batch.search}::text[])`.execute(db);
    batch = { no: [], cells: [], search: [] };
  };
  for await (const cells of rows) {
    if (!columns) {
      columns = cells;
      continue;
    }
    count++;
    batch.no.push(count);
    batch.cells.push(JSON.stringify(cells));
    batch.search.push(cells.join(' ').toLowerCase());
    if (batch.no.length >= BATCH) await flush();
  }
  await flush();
  if (!count) throw viewListFileProblem('The sheet is empty: it needs a header row and at least one row under it');
  return { generation, columns: columns ?? [], count };
}

/** A new list with its rows, in the caller's transaction. */
export async function createViewList(trx: Db, name: string, file: StoredFile, rows: AsyncIterable<string[]>, now: Date): Promise<Row> {
  const id = randomUUID();
  // The list exists (uncommitted) before its rows, which refer to it.
  await sql`insert into view_lists (id, name, file_path, file_name, columns, generation, row_count, created_at, updated_at)
    values (${id}, ${name}, ${file.path}, ${file.name}, '[]'::jsonb, 0, 0, ${now}, ${now})`.execute(trx);
  const loaded = await loadRows(trx, id, rows);
  await sql`update view_lists set generation = ${loaded.generation}, columns = ${JSON.stringify(loaded.columns)}::jsonb, row_count = ${loaded.count}
    where id = ${id}`.execute(trx);
  return viewListAnswer(await findViewList(trx, id));
}

/**
 * Renames a list and, with a file, replaces its rows, in the caller's transaction. Answers the
 * list as it was (read under its row lock, for the change log) and is, and the file it no longer
 * serves (to remove once committed).
 */
export async function updateViewList(
  trx: Db,
  id: string,
  change: { name?: string; file?: StoredFile; rows?: AsyncIterable<string[]> },
  now: Date,
): Promise<{ previous: Row; record: Row; replacedFile?: string }> {
  await findViewList(trx, id);
  const loaded = change.rows ? await loadRows(trx, id, change.rows) : undefined;
  // Locked only now, so a long import does not hold the list; the last replace to commit wins.
  const before = await findViewList(trx, id, true);
  if (change.name !== undefined) await sql`update view_lists set name = ${change.name} where id = ${id}`.execute(trx);
  if (loaded && change.file) {
    await sql`update view_lists set generation = ${loaded.generation}, columns = ${JSON.stringify(loaded.columns)}::jsonb,
      row_count = ${loaded.count}, file_path = ${change.file.path}, file_name = ${change.file.name} where id = ${id}`.execute(trx);
    await sql`delete from view_list_rows where view_list_id = ${id} and generation <> ${loaded.generation}`.execute(trx);
  }
  await sql`update view_lists set updated_at = ${now} where id = ${id}`.execute(trx);
  return {
    previous: viewListAnswer(before),
    record: viewListAnswer(await findViewList(trx, id)),
    replacedFile: loaded ? before.file_path : undefined,
  };
}

/**
 * After an import commits: fresh planner statistics, so a search right after a 100k-row import
 * is planned on the trigram index rather than by reading every row of the list (autovacuum's
 * own analyze may come minutes later).
 */
export async function refreshRowStatistics(db: Db): Promise<void> {
  await sql`analyze view_list_rows`.execute(db);
}

/** The lists' name in the resource map, as the change log records them (the API's `listview`). */
export const VIEW_LIST_RESOURCE = 'listview';

/** The lists' files in the file store: `listviews/<random>.<xlsx|csv>`. */
export const VIEW_LIST_FOLDER = 'listviews';

/**
 * What the change log keeps of a list: its fields, not its rows (`row_count` and `columns` tell
 * what an import read). When is the change row's own.
 */
export function loggedViewList(record: Row): Row {
  const { name, excel_file, file_name, columns, row_count } = record;
  return { name, excel_file, file_name, columns, row_count };
}

export async function deleteViewList(trx: Db, id: string): Promise<Row> {
  const record = await findViewList(trx, id, true);
  await sql`delete from view_lists where id = ${id}`.execute(trx);
  return viewListAnswer(record);
}

/**
 * One page of a list's served rows, those containing `q` (any cell, any case) when given. The
 * rows are read joined to the list, so a page never mixes generations across a swap.
 */
export async function searchRows(
  db: Db,
  id: string,
  pick: { search?: string; only?: number[]; descending?: boolean },
  range: { start: number; end: number },
) {
  const match = pick.search ? sql`and r.search like ${likeContaining(pick.search)}` : sql``;
  const only = pick.only ? sql`and r.row_no = any(${pick.only}::int[])` : sql``;
  const served = sql`view_list_rows r join view_lists l on l.id = r.view_list_id and r.generation = l.generation where l.id = ${id} ${match} ${only}`;
  const order = pick.descending ? sql`desc` : sql`asc`;
  // The existence check, the page and the total run side by side on the pool's connections: a
  // common three-letter search spends as long counting its matches as reading the page.
  const [, { rows }, counted] = await Promise.all([
    findViewList(db, id),
    sql<{ row_no: number; cells: string[] }>`select r.row_no, r.cells from ${served}
      order by r.row_no ${order} limit ${range.end - range.start + 1} offset ${range.start}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from ${served}`.execute(db),
  ]);
  return { rows: rows.map((r) => ({ _id: String(r.row_no), label: r.cells[0] ?? '', cells: r.cells })), total: counted.rows[0]?.n ?? 0 };
}
