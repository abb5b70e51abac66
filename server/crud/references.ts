/**
 * References between resources (`x-ref` properties): where the referenced records live, what
 * names one to a person, and which records refer to a given one. On the wire a generic record
 * holds the referenced record's id; its table has a foreign key (`on delete restrict`).
 */
import { sql, type RawBuilder } from 'kysely';
import { resourceEntries, resourceEntry, resourceNamed, resourceSchema, type EntitySchema } from '@model/schema-registry.ts';
import { toColumn } from '../db/columns.ts';
import { withGenericTables, type Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';

type Row = Record<string, unknown>;

export interface ReferenceTarget {
  resource: string;
  table: string;
  /** SQL naming one record (its `recordRepresentation`), for the table under `alias`. */
  name(alias: string): RawBuilder<string>;
  /** Whether that name is text, which sorts case-insensitively (the map check insists; the sort does not rely on it). */
  nameIsText: boolean;
  /** Boolean column that marks a record active, when the resource has one. */
  statusColumn?: string;
  /** Rows that count as records at all (users: not deleted). */
  live?(alias: string): RawBuilder<boolean>;
  /**
   * The column holding a reference property of this (custom) resource's records, when they may
   * refer to generic records: the generic delete then counts them and releases those not live.
   */
  referenceColumn?(field: string): string;
}

const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

/** Resources with hand-written routes keep their records in tables of their own naming. */
const CUSTOM_TARGETS: Record<string, Omit<ReferenceTarget, 'resource'>> = {
  role: { table: 'roles', name: (a) => sql<string>`${column(a, 'role')}`, nameIsText: true, statusColumn: 'status' },
  user: {
    table: 'users',
    name: (a) => sql<string>`(${column(a, 'first_name')} || ' ' || ${column(a, 'last_name')})`,
    nameIsText: true,
    statusColumn: 'status',
    live: (a) => sql<boolean>`${column(a, 'deleted_at')} is null`,
    // users.designation_id (nullable for deleted users only: migration 009).
    referenceColumn: (field) => `${toColumn(field)}_id`,
  },
  // forms (migration 011): a form's status is Active/Inactive.
  'custom-form': { table: 'forms', name: (a) => sql<string>`${column(a, 'name')}`, nameIsText: true, statusColumn: 'status' },
  // programs (migration 012).
  program: { table: 'programs', name: (a) => sql<string>`${column(a, 'name')}`, nameIsText: true, statusColumn: 'status' },
};

export function referenceTarget(resource: string): ReferenceTarget {
  const entry = resourceEntry(resourceNamed(resource));
  if (entry.routes === 'custom') {
    const custom = CUSTOM_TARGETS[resource];
    if (!custom) throw new Error(`schemas: a reference to ${resource} needs its table named in server/crud/references.ts`);
    return { resource, ...custom };
  }
  const representation = entry.recordRepresentation ?? '_id';
  const named = toColumn(representation);
  const type = resourceSchema(resourceNamed(resource)).properties[representation]?.type;
  return {
    resource,
    table: resource,
    name: (a) => sql<string>`${column(a, named)}`,
    nameIsText: type === 'string' || (Array.isArray(type) && type.includes('string')),
    statusColumn: entry.status ? toColumn(entry.status) : undefined,
  };
}

export interface ReferenceProperty {
  /** The property on the wire, and its column. */
  field: string;
  column: string;
  /** Its title, as messages name it ("Region does not exist"). */
  title: string;
  target: ReferenceTarget;
}

/** The schema's `x-ref` properties. */
export function referenceProperties(schema: EntitySchema): ReferenceProperty[] {
  return Object.entries(schema.properties)
    .filter(([, p]) => typeof p['x-ref'] === 'string')
    .map(([field, p]) => ({ field, column: toColumn(field), title: p.title ?? field, target: referenceTarget(p['x-ref'] as string) }));
}

/** "Region does not exist": the answer whether the check or the foreign key found it missing. */
export const missingMessage = (ref: ReferenceProperty) => `${ref.title} does not exist`;

/**
 * Every reference a write sets must name an existing record (400 naming the field), and one
 * it changes must name an active record: a value the record already holds stays allowed, so
 * switching a region off does not make its sites uneditable. `current` is the stored row (edits).
 * The foreign key catches a record deleted between this check and the write.
 */
export async function assertReferencesUsable(db: Db, references: ReferenceProperty[], body: Row, current?: Row): Promise<void> {
  const fields: Record<string, string> = {};
  for (const ref of references) {
    const value = body[ref.field];
    if (value === undefined || value === null || (current && current[ref.column] === value)) continue;
    const { target } = ref;
    let query = withGenericTables(db)
      .selectFrom(`${target.table} as r`)
      .select(target.statusColumn ? sql<boolean>`${column('r', target.statusColumn)}`.as('active') : sql<boolean>`true`.as('active'))
      .where('r.id', '=', value);
    if (target.live) query = query.where(target.live('r'));
    const found = (await query.executeTakeFirst()) as { active: boolean } | undefined;
    if (!found) fields[ref.field] = missingMessage(ref);
    else if (found.active === false) fields[ref.field] = `${ref.title} is inactive`;
  }
  if (Object.keys(fields).length) throw problems.validation(fields);
}

export interface Referrer {
  resource: string;
  table: string;
  column: string;
  label: { one: string; many: string };
  /** Rows that count as holders (users: not deleted); the others let go of the record when it is deleted. */
  live?(alias: string): RawBuilder<boolean>;
}

/**
 * The resources whose records may refer to a record of `resource`, one entry per property: the
 * generic ones, and custom ones whose table names its reference columns (users' designation).
 */
export function referrersOf(resource: string): Referrer[] {
  return resourceEntries().flatMap(([name, entry]) => {
    const custom = entry.routes === 'custom' ? CUSTOM_TARGETS[name] : undefined;
    if (entry.routes !== 'generic' && !custom?.referenceColumn) return [];
    return Object.entries(resourceSchema(name).properties)
      .filter(([, p]) => p['x-ref'] === resource)
      .map(([field]) =>
        custom?.referenceColumn
          ? { resource: name, table: custom.table, column: custom.referenceColumn(field), label: entry.label, live: custom.live }
          : { resource: name, table: name, column: toColumn(field), label: entry.label },
      );
  });
}

/** How many live records of each referring resource hold this record (only those that do). */
export async function holdersOf(db: Db, referrers: Referrer[], id: string): Promise<Array<{ count: number; one: string; many: string }>> {
  const held = [];
  const tables = withGenericTables(db);
  for (const r of referrers) {
    let query = tables
      .selectFrom(`${r.table} as h`)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(`h.${r.column}`, '=', id);
    if (r.live) query = query.where(r.live('h'));
    const { count } = (await query.executeTakeFirstOrThrow()) as { count: string };
    if (Number(count) > 0) held.push({ count: Number(count), ...r.label });
  }
  return held;
}

/** Records that no longer count (deleted users) let go of this record, so it can be deleted; they keep the rest of their history. */
export async function releaseFromDeadHolders(db: Db, referrers: Referrer[], id: string): Promise<void> {
  const tables = withGenericTables(db);
  for (const r of referrers) {
    if (!r.live) continue;
    await tables
      .updateTable(`${r.table} as h`)
      .set({ [r.column]: null })
      .where(`h.${r.column}`, '=', id)
      .where(sql<boolean>`not (${r.live('h')})`)
      .execute();
  }
}
