/** Queries of a schema-driven table: the generic resources keep their rows here. */
import { sql, type Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { ResourceEntry } from '@model/generated/index.ts';
import type { EntitySchema } from '@model/schema-registry.ts';
import { rowToWire, toColumn, wireToRow } from '../db/columns.ts';
import { problems } from '../http/errors.ts';
import type { ListParams } from './list-params.ts';

type Row = Record<string, unknown>;

interface PgError {
  code?: string;
  constraint?: string;
}

export class GenericStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly schema: EntitySchema,
    private readonly entry: ResourceEntry,
  ) {}

  async list(params: ListParams): Promise<{ rows: Row[]; total: number }> {
    let query = this.db.selectFrom(this.table);
    const search = searchCondition(this.entry, params.search);
    if (search) query = query.where(search);
    for (const [field, value] of Object.entries(params.equals)) query = query.where(toColumn(field), '=', value);

    const { count } = (await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()) as { count: string };
    const column = sql.ref(toColumn(params.sort.field));
    const isText = this.schema.properties[params.sort.field]?.type === 'string' && !this.schema.properties[params.sort.field]?.format;
    const orderBy = isText ? sql`lower(${column})` : column;
    let rows = query
      .selectAll()
      .orderBy(sql`${orderBy} ${sql.raw(params.sort.order === 'DESC' ? 'desc' : 'asc')}`)
      .orderBy('id');
    if (params.range) rows = rows.offset(params.range.start).limit(params.range.end - params.range.start + 1);
    return { rows: (await rows.execute()).map(rowToWire), total: Number(count) };
  }

  async get(id: string): Promise<Row> {
    const row = await this.db.selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw problems.notFound(this.entry.label.one);
    return rowToWire(row);
  }

  async create(body: Row, now: Date): Promise<Row> {
    const values = { ...wireToRow(body), id: randomUUID(), created_at: now, updated_at: now };
    const row = await this.translate('write', () => this.db.insertInto(this.table).values(values).returningAll().executeTakeFirstOrThrow());
    return rowToWire(row);
  }

  async update(id: string, body: Row, now: Date): Promise<Row> {
    const row = await this.translate('write', () =>
      this.db.updateTable(this.table).set({ ...wireToRow(body), updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst(),
    );
    if (!row) throw problems.notFound(this.entry.label.one);
    return rowToWire(row);
  }

  async remove(id: string): Promise<Row> {
    const row = await this.translate('delete', () => this.db.deleteFrom(this.table).where('id', '=', id).returningAll().executeTakeFirst());
    if (!row) throw problems.notFound(this.entry.label.one);
    return rowToWire(row);
  }

  /** Database constraint failures become the catalogue's 409s, naming the field. */
  private async translate<T>(action: 'write' | 'delete', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      const pgError = err as PgError;
      if (pgError.code === '23505') {
        const unique = Object.keys(this.schema.properties).filter((p) => this.schema.properties[p]['x-unique']);
        const field = unique.find((p) => pgError.constraint === `${this.table}_${p}_unique`) ?? unique[0] ?? 'name';
        throw problems.duplicate(this.entry.label.one, field, this.schema.properties[field]?.title ?? field);
      }
      // On delete: 23503 foreign_key_violation (NO ACTION), 23001 restrict_violation (ON DELETE
      // RESTRICT, e.g. users.designation_id): something still points here. On a write: the record a
      // reference names was deleted meanwhile.
      if (action === 'delete' && (pgError.code === '23503' || pgError.code === '23001')) throw problems.inUse(this.entry.label.one);
      if (pgError.code === '23503') {
        const field = Object.keys(this.schema.properties).find((p) => this.schema.properties[p]!['x-ref'] && pgError.constraint?.includes(p)) ?? '_id';
        throw problems.referenceGone(this.schema.properties[field]?.title ?? 'Record', field);
      }
      throw err;
    }
  }
}

/** `q` matches any of the resource's search fields, case-insensitively, as literal text. */
export function searchCondition(entry: ResourceEntry, text: string | undefined, tableAlias?: string) {
  const fields = entry.list?.search;
  if (!text || !fields) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const ref = (field: string) => sql.ref(tableAlias ? `${tableAlias}.${toColumn(field)}` : toColumn(field));
  const matches = (Array.isArray(fields) ? fields : [fields]).map((f) => sql<boolean>`${ref(f)}::text ilike ${pattern}`);
  return sql<boolean>`(${sql.join(matches, sql` or `)})`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
