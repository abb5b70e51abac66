/**
 * Queries of a schema-driven table: the generic resources keep their rows here (and roles
 * borrow its list and get). Every method takes the connection or transaction to run on, so
 * the CRUD plugin runs a write, its checks and its hooks in one transaction.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { ResourceEntry } from '@model/generated/index.ts';
import { resourceEntry, resourceSchema, type EntitySchema, type ResourceName } from '@model/schema-registry.ts';
import { rowToWire, toColumn, wireToRow } from '../db/columns.ts';
import { withGenericTables, type Db, type GenericDatabase } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { ListParams } from './list-params.ts';
import { equalsCondition, searchCondition, searchFields, sortKey } from './list-sql.ts';
import {
  assertNotHeld,
  assertReferencesUsable,
  referenceListProperties,
  referenceProperties,
  referrersOf,
  type ReferenceProperty,
  type Referrer,
} from './references.ts';
import { constraintProblem } from './constraint-problems.ts';
import { assertTextItemsUnique } from './unique-text-items.ts';
import type { CrudStore, Row } from './crud-store.ts';

/** The table's own rows are `t`; a referenced record's table joins as `ref_<field>`. */
const refAlias = (ref: ReferenceProperty) => `ref_${ref.column}`;

export class GenericStore implements CrudStore {
  readonly schema: EntitySchema;
  readonly entry: ResourceEntry;
  readonly references: ReferenceProperty[];
  /** Lists of references (jsonb arrays of ids): checked on write, no foreign key. */
  readonly referenceLists: ReferenceProperty[];
  private referrerList?: Referrer[];

  /** `table`: where the rows live, when it is not named after the resource (roles). */
  constructor(
    readonly resource: ResourceName,
    readonly table: string = resource,
  ) {
    this.schema = resourceSchema(resource);
    this.entry = resourceEntry(resource);
    this.references = referenceProperties(this.schema);
    this.referenceLists = referenceListProperties(this.schema);
  }

  /** Read when first needed: the model may gain resources after this store is made (test fixtures). */
  private get referrers(): Referrer[] {
    return (this.referrerList ??= referrersOf(this.resource));
  }

  async list(db: Db, params: ListParams): Promise<{ rows: Row[]; total: number }> {
    const refs = new Map(this.references.map((r) => [r.field, r]));
    const searched = searchFields(this.entry);
    // A reference among the search fields also matches the referenced record's name.
    const joinForSearch = params.search ? searched.flatMap((f) => refs.get(f) ?? []) : [];
    const sortRef = refs.get(params.sort.field);
    const joined = new Set(joinForSearch);

    let query = withGenericTables(db).selectFrom(`${this.table} as t`);
    for (const ref of joinForSearch) query = this.joinReference(query, ref);
    const search = searchCondition(
      searched.map((f) => (refs.has(f) ? refs.get(f)!.target.name(refAlias(refs.get(f)!)) : sql.ref(`t.${toColumn(f)}`))),
      params.search,
    );
    if (search) query = query.where(search);
    for (const [field, value] of Object.entries(params.equals))
      query = query.where(equalsCondition(sql.ref(`t.${toColumn(field)}`), value));

    const { count } = (await query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow()) as { count: string };

    // A reference sorts by the referenced record's name, not by its id.
    if (sortRef && !joined.has(sortRef)) query = this.joinReference(query, sortRef);
    const key = sortRef
      ? sortKey(sortRef.target.name(refAlias(sortRef)), params.sort.order, sortRef.target.nameIsText)
      : sortKey(sql.ref(`t.${toColumn(params.sort.field)}`), params.sort.order, this.isText(params.sort.field));
    let rows = query.selectAll('t').orderBy(key).orderBy('t.id');
    if (params.range) rows = rows.offset(params.range.start).limit(params.range.end - params.range.start + 1);
    return { rows: (await rows.execute()).map(rowToWire), total: Number(count) };
  }

  async get(db: Db, id: string): Promise<Row> {
    const row = await withGenericTables(db).selectFrom(this.table).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw problems.notFound(this.entry.label.one);
    return rowToWire(row);
  }

  async create(db: Db, body: Row, now: Date): Promise<Row> {
    assertTextItemsUnique(this.schema, body);
    await assertReferencesUsable(db, [...this.references, ...this.referenceLists], body);
    const values = { ...this.toRow(body), id: randomUUID(), created_at: now, updated_at: now };
    const row = await this.translate('write', () =>
      withGenericTables(db).insertInto(this.table).values(values).returningAll().executeTakeFirstOrThrow(),
    );
    return rowToWire(row);
  }

  async update(db: Db, id: string, body: Row, now: Date): Promise<Row> {
    assertTextItemsUnique(this.schema, body);
    const tables = withGenericTables(db);
    const changing = [...this.references, ...this.referenceLists].filter((r) => body[r.field] !== undefined);
    if (changing.length) {
      // The stored values, so a reference kept as it is stays allowed even if its record was switched off.
      const current = await tables
        .selectFrom(this.table)
        .select(changing.map((r) => r.column))
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw problems.notFound(this.entry.label.one);
      await assertReferencesUsable(db, changing, body, current);
    }
    const row = await this.translate('write', () =>
      tables
        .updateTable(this.table)
        .set({ ...this.toRow(body), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    );
    if (!row) throw problems.notFound(this.entry.label.one);
    return rowToWire(row);
  }

  /**
   * Deletes a record nothing refers to; otherwise 409 naming who holds it. The row is locked
   * first: a write that is adding a reference to it (its foreign-key check holds a share lock)
   * finishes before the count, and one that starts later waits for the delete and then finds
   * the record gone. So the count is exact, and the foreign key only backs it up.
   */
  async remove(db: Db, id: string): Promise<Row> {
    const tables = withGenericTables(db);
    const exists = await tables.selectFrom(this.table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!exists) throw problems.notFound(this.entry.label.one);
    await assertNotHeld(db, this.referrers, id, this.entry.label.one);
    const row = await this.translate('delete', () =>
      tables.deleteFrom(this.table).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
    );
    return rowToWire(row);
  }

  /** A left join: a record whose reference is empty stays in the list (and sorts last). */
  private joinReference(
    query: SelectQueryBuilder<GenericDatabase, string, object>,
    ref: ReferenceProperty,
  ): SelectQueryBuilder<GenericDatabase, string, object> {
    const alias = refAlias(ref);
    return query.leftJoin(`${ref.target.table} as ${alias}`, `${alias}.id`, `t.${ref.column}`);
  }

  /**
   * The body as columns. An array or object goes to its jsonb column as JSON text: node-postgres
   * would write a JavaScript array as a PostgreSQL array literal, which jsonb refuses.
   */
  private toRow(body: Row): Row {
    const row = wireToRow(body);
    for (const [key, value] of Object.entries(row))
      if (value !== null && typeof value === 'object' && !(value instanceof Date)) row[key] = JSON.stringify(value);
    return row;
  }

  private isText(field: string): boolean {
    const p = this.schema.properties[field];
    const types = Array.isArray(p?.type) ? p.type : [p?.type];
    return types.includes('string') && !p?.format;
  }

  private async translate<T>(action: 'write' | 'delete', run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw constraintProblem(this, err, action) ?? err;
    }
  }
}
