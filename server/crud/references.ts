/**
 * References between resources (`x-ref` properties): where the referenced records live, what
 * names one to a person, and which records refer to a given one. On the wire a generic record
 * holds the referenced record's id; its table has a foreign key (`on delete restrict`).
 */
import { sql, type RawBuilder } from 'kysely';
import {
  resourceEntries,
  resourceEntry,
  resourceNamed,
  resourceSchema,
  type EntitySchema,
  type PropertySchema,
} from '@model/schema-registry.ts';
import { toColumn } from '../db/columns.ts';
import { withGenericTables, type Db } from '../db/database.ts';
import { activeWhen, customTableOf, HOLDING_TABLES, type UsableWhen } from '../db/custom-tables.ts';
import { problems } from '../http/errors.ts';

type Row = Record<string, unknown>;

export interface ReferenceTarget {
  resource: string;
  table: string;
  /** What one of its records is called on screen ("Form"), for messages about a list's items. */
  label: string;
  /** SQL naming one record (its `recordRepresentation`), for the table under `alias`. */
  name(alias: string): RawBuilder<string>;
  /** Whether that name is text, which sorts case-insensitively (the map check insists; the sort does not rely on it). */
  nameIsText: boolean;
  /** Rows that count as records at all (users: not deleted). */
  live?(alias: string): RawBuilder<boolean>;
  /** What a new reference needs besides existing (active; a form: published and active), in order. */
  usable: UsableWhen[];
}

const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

export function referenceTarget(resource: string): ReferenceTarget {
  const entry = resourceEntry(resourceNamed(resource));
  if (entry.routes === 'custom') {
    const custom = customTableOf(resource);
    if (!custom) throw new Error(`schemas: a reference to ${resource} needs its table named in server/db/custom-tables.ts`);
    return {
      resource,
      table: custom.table,
      label: entry.label.one,
      name: custom.name,
      nameIsText: true,
      live: custom.live,
      usable: custom.usable ?? (custom.statusColumn ? [activeWhen(custom.statusColumn)] : []),
    };
  }
  const representation = entry.recordRepresentation ?? '_id';
  const named = toColumn(representation);
  const type = resourceSchema(resourceNamed(resource)).properties[representation]?.type;
  return {
    resource,
    table: resource,
    label: entry.label.one,
    name: (a) => sql<string>`${column(a, named)}`,
    nameIsText: type === 'string' || (Array.isArray(type) && type.includes('string')),
    usable: entry.status ? [activeWhen(toColumn(entry.status))] : [],
  };
}

export interface ReferenceProperty {
  /** The property on the wire, and its column. */
  field: string;
  column: string;
  /** Its title, as messages name it ("Region does not exist"). */
  title: string;
  target: ReferenceTarget;
  /** A list of ids (`"type": "array", "items": {"type": "string", "x-ref": ...}`, a jsonb array) rather than one id. */
  many: boolean;
}

/** The resource a property refers to, and whether it holds a list of them. */
function referenceOf(p: PropertySchema): { target: string; many: boolean } | undefined {
  if (typeof p['x-ref'] === 'string') return { target: p['x-ref'], many: false };
  const items = p.items as PropertySchema | undefined;
  if (p.type === 'array' && items && !Array.isArray(items) && typeof items['x-ref'] === 'string')
    return { target: items['x-ref'], many: true };
  return undefined;
}

function referencesIn(schema: EntitySchema, many: boolean): ReferenceProperty[] {
  return Object.entries(schema.properties).flatMap(([field, p]) => {
    const ref = referenceOf(p);
    if (!ref || ref.many !== many) return [];
    return [{ field, column: toColumn(field), title: p.title ?? field, target: referenceTarget(ref.target), many }];
  });
}

/** The schema's single references (`x-ref` properties): a text column with a foreign key. */
export const referenceProperties = (schema: EntitySchema): ReferenceProperty[] => referencesIn(schema, false);

/** The schema's lists of references: a jsonb array of ids, checked on write and counted on delete (no foreign key). */
export const referenceListProperties = (schema: EntitySchema): ReferenceProperty[] => referencesIn(schema, true);

/** "Region does not exist": the answer whether the check or the foreign key found it missing. */
export const missingMessage = (ref: ReferenceProperty) => `${ref.title} does not exist`;

interface Candidate {
  id: string;
  name: string | null;
  /** Each of the target's usable conditions, in order. */
  [condition: `u${number}`]: boolean;
}

/**
 * The records of `ids` that exist, with whether each meets each usable condition. A list's
 * records are locked against deletion (key share) until the write commits, as a foreign key
 * would: a delete that counts holders meanwhile waits and then sees this write's list.
 */
async function candidates(db: Db, target: ReferenceTarget, ids: string[], lock: boolean): Promise<Map<string, Candidate>> {
  let query = withGenericTables(db)
    .selectFrom(`${target.table} as r`)
    .select([sql<string>`r.id`.as('id'), target.name('r').as('name'), ...target.usable.map((u, i) => u.holds('r').as(`u${i}`))])
    .where('r.id', 'in', ids);
  if (target.live) query = query.where(target.live('r'));
  if (lock) query = query.forKeyShare();
  const rows = (await query.execute()) as unknown as Candidate[];
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** What keeps a found record from being chosen ("is not published"), if anything. */
const unusable = (target: ReferenceTarget, found: Candidate) => target.usable.find((_, i) => found[`u${i}`] === false)?.otherwise;

/**
 * Every reference a write sets must name an existing record (400 naming the field), and one
 * it changes must name a usable record (active; a form: published and active): a value the
 * record already holds stays allowed, so switching a region off does not make its sites
 * uneditable. For a list, each id it adds is checked and the message names the item:
 * "Pre-event forms: Form "Intake" is not published". `current` is the stored row (edits).
 * The foreign key (single references) or the key-share lock (lists) keeps a record checked
 * here from being deleted before the write commits.
 */
export async function assertReferencesUsable(db: Db, references: ReferenceProperty[], body: Row, current?: Row): Promise<void> {
  const fields: Record<string, string> = {};
  for (const ref of references) {
    const value = body[ref.field];
    const { target } = ref;
    if (ref.many) {
      if (!Array.isArray(value)) continue;
      const held = new Set(Array.isArray(current?.[ref.column]) ? (current[ref.column] as unknown[]) : []);
      const ids = [...new Set(value.filter((id): id is string => typeof id === 'string' && !held.has(id)))];
      if (!ids.length) continue;
      const found = await candidates(db, target, ids, true);
      for (const id of ids) {
        const record = found.get(id);
        const problem = !record ? `${target.label} ${id} does not exist` : withWhy(target, record);
        if (problem) {
          fields[ref.field] = `${ref.title}: ${problem}`;
          break;
        }
      }
      continue;
    }
    if (typeof value !== 'string' || (current && current[ref.column] === value)) continue;
    const record = (await candidates(db, target, [value], false)).get(value);
    if (!record) fields[ref.field] = missingMessage(ref);
    else if (unusable(target, record)) fields[ref.field] = `${ref.title} ${unusable(target, record)}`;
  }
  if (Object.keys(fields).length) throw problems.validation(fields);
}

/** `Form "Intake" is not published`, or nothing when the record may be chosen. */
function withWhy(target: ReferenceTarget, record: Candidate): string | undefined {
  const why = unusable(target, record);
  return why ? `${target.label} "${record.name ?? record.id}" ${why}` : undefined;
}

export interface Referrer {
  resource: string;
  table: string;
  column: string;
  label: { one: string; many: string };
  /** A jsonb array of ids rather than one id. */
  many: boolean;
  /** Rows that count as holders (users: not deleted); the others let go of the record when it is deleted. */
  live?(alias: string): RawBuilder<boolean>;
  /** Rows whose column refers to this resource at all (a goal's goal_type, by its document_type). */
  when?(alias: string): RawBuilder<boolean>;
  /** A holder that is no resource (custom-tables.ts HOLDING_TABLES): its own count of the rows holding `id`. */
  countHeld?(id: string): RawBuilder<number>;
}

/**
 * The resources whose records may refer to a record of `resource`, one entry per property: the
 * generic ones, and custom ones whose table names its reference columns (users' designation,
 * a program's lists of record types), single references and lists alike.
 */
export function referrersOf(resource: string): Referrer[] {
  const holding = HOLDING_TABLES.flatMap((h): Referrer[] => {
    const countHeld = h.count(resource);
    return countHeld ? [{ resource: h.label.one, table: '', column: '', label: h.label, many: false, countHeld }] : [];
  });
  return [...resourcesReferring(resource), ...holding];
}

function resourcesReferring(resource: string): Referrer[] {
  return resourceEntries().flatMap(([name, entry]) => {
    const custom = entry.routes === 'custom' ? customTableOf(name) : undefined;
    const kinded = custom?.kindedReference?.(resource);
    if (kinded && custom)
      return [{ resource: name, table: custom.table, column: kinded.column, label: entry.label, many: false, when: kinded.when }];
    if (entry.routes !== 'generic' && !custom?.referenceColumn) return [];
    return Object.entries(resourceSchema(name).properties).flatMap(([field, p]): Referrer[] => {
      const ref = referenceOf(p);
      if (ref?.target !== resource) return [];
      return custom?.referenceColumn
        ? [
            {
              resource: name,
              table: custom.table,
              column: custom.referenceColumn(field),
              label: entry.label,
              many: ref.many,
              live: custom.live,
            },
          ]
        : [{ resource: name, table: name, column: toColumn(field), label: entry.label, many: ref.many }];
    });
  });
}

/** The holder's rows that refer to `id`: equal to it, or a list containing it. */
const holds = (r: Referrer, id: string) =>
  r.many ? sql<boolean>`${column('h', r.column)} @> jsonb_build_array(${id}::text)` : sql<boolean>`${column('h', r.column)} = ${id}`;

/** How many live records of each referring resource hold this record (only those that do). */
export async function holdersOf(db: Db, referrers: Referrer[], id: string): Promise<Array<{ count: number; one: string; many: string }>> {
  const held = [];
  const tables = withGenericTables(db);
  for (const r of referrers) {
    if (r.countHeld) {
      const { rows } = await sql<{ count: string }>`select ${r.countHeld(id)} as count`.execute(db);
      if (Number(rows[0]?.count ?? 0) > 0) held.push({ count: Number(rows[0]!.count), ...r.label });
      continue;
    }
    let query = tables
      .selectFrom(`${r.table} as h`)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where(holds(r, id));
    if (r.when) query = query.where(r.when('h'));
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
      .set({ [r.column]: r.many ? sql`${column('h', r.column)} - ${id}::text` : null })
      .where(holds(r, id))
      .where(sql<boolean>`not (${r.live('h')})`)
      .execute();
  }
}

/**
 * Before a record is deleted (its row locked by the caller): 409 IN_USE naming who holds it
 * ("1 Event Type uses this Form"), else the records that no longer count let go of it. Shared
 * by the generic delete and the custom deletes of records generic ones refer to (forms).
 */
export async function assertNotHeld(db: Db, referrers: Referrer[], id: string, label: string): Promise<void> {
  const holders = await holdersOf(db, referrers, id);
  if (holders.length) throw problems.inUseBy(label, holders);
  await releaseFromDeadHolders(db, referrers, id);
}
