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
import { VIEW_LIST_COUNTED_MATCHES } from './limits.ts';
import { attachRowTable, createRowTable, dropRowTable, indexRowTable, rowTable } from './row-tables.ts';

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

/**
 * Writes the rows into a new generation's table and indexes it (row-tables.ts); the first row is
 * the header. Answers the generation, header and row count; the caller attaches the table.
 */
async function loadRows(db: Db, viewListId: string, rows: AsyncIterable<string[]>) {
  const { rows: gen } = await sql<{
    g: number;
  }>`select nextval('view_list_generations')::int as g`.execute(db);
  const generation = gen[0]!.g;
  await createRowTable(db, generation);
  let columns: string[] | undefined;
  let count = 0;
  // A batch goes as one JSON text, serialised natively, rather than as three arrays pg would quote element by element.
  let batch: Array<[number, string[], string]> = [];
  // One batch is written while the next is read: the file is parsed on this thread while
  // PostgreSQL writes the previous rows in its own process, so an import takes about the longer
  // of the two rather than their sum.
  let writing: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    if (!batch.length) return;
    const rows = JSON.stringify(batch);
    batch = [];
    await writing;
    writing = sql`insert into ${rowTable(generation)} (view_list_id, generation, row_no, cells, search)
      select ${viewListId}, ${generation}, (r->>0)::int, r->1, r->>2 from jsonb_array_elements(${rows}::jsonb) r`.execute(db);
    // Its failure is met at the next flush (or the last): a refusal of the file meanwhile must not leave it unheard.
    writing.catch(() => undefined);
  };
  for await (const cells of rows) {
    if (!columns) {
      columns = cells;
      continue;
    }
    count++;
    batch.push([count, cells, cells.join(' ').toLowerCase()]);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  await writing;
  if (!count) throw viewListFileProblem('The sheet is empty: it needs a header row and at least one row under it');
  await indexRowTable(db, generation);
  return { generation, columns: columns ?? [], count };
}

/** A new list with its rows, in the caller's transaction. */
export async function createViewList(trx: Db, name: string, file: StoredFile, rows: AsyncIterable<string[]>, now: Date): Promise<Row> {
  const id = randomUUID();
  await sql`insert into view_lists (id, name, file_path, file_name, columns, generation, row_count, created_at, updated_at)
    values (${id}, ${name}, ${file.path}, ${file.name}, '[]'::jsonb, 0, 0, ${now}, ${now})`.execute(trx);
  const loaded = await loadRows(trx, id, rows);
  await attachRowTable(trx, id, loaded.generation);
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
    // The list's rows as last committed (another import may have replaced them meanwhile) give way.
    await dropRowTable(trx, before.generation);
    await attachRowTable(trx, id, loaded.generation);
  }
  await sql`update view_lists set updated_at = ${now} where id = ${id}`.execute(trx);
  return {
    previous: viewListAnswer(before),
    record: viewListAnswer(await findViewList(trx, id)),
    replacedFile: loaded ? before.file_path : undefined,
  };
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
  await dropRowTable(trx, record.generation);
  return viewListAnswer(record);
}

/**
 * One page of a list's served rows, those containing `q` (any cell, any case) when given, and how
 * many match: every row is the list's own count; a search counts up to VIEW_LIST_COUNTED_MATCHES
 * (`moreThan` past it). Only the served generation's table is attached as the list's rows, and it
 * is swapped in one transaction (row-tables.ts), so a page never mixes generations; naming the
 * list lets the planner read its table alone.
 */
export async function searchRows(
  db: Db,
  id: string,
  pick: { search?: string; only?: number[]; descending?: boolean },
  range: { start: number; end: number },
) {
  const match = pick.search ? sql`and r.search like ${likeContaining(pick.search)}` : sql``;
  const only = pick.only ? sql`and r.row_no = any(${pick.only}::int[])` : sql``;
  const served = sql`view_list_rows r where r.view_list_id = ${id} ${match} ${only}`;
  const order = pick.descending ? sql`desc` : sql`asc`;
  const cap = VIEW_LIST_COUNTED_MATCHES;
  // The list (it exists, and its row count), the page and the count run side by side on the pool's connections.
  const [list, { rows }, counted] = await Promise.all([
    findViewList(db, id),
    sql<{ row_no: number; cells: string[] }>`select r.row_no, r.cells from ${served}
      order by r.row_no ${order} limit ${range.end - range.start + 1} offset ${range.start}`.execute(db),
    pick.search || pick.only
      ? sql<{ n: number }>`select count(*)::int as n from (select from ${served} limit ${cap + 1}) matches`.execute(db)
      : undefined,
  ]);
  const n = counted ? counted.rows[0]!.n : list.row_count;
  return {
    rows: rows.map((r) => ({ _id: String(r.row_no), label: r.cells[0] ?? '', cells: r.cells })),
    total: Math.min(n, counted ? cap : n),
    moreThan: Boolean(counted) && n > cap,
  };
}
