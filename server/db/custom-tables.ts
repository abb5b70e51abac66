/**
 * The one registry of resources with hand-written routes ("routes": "custom") whose records
 * generic resources may refer to (`x-ref`), or which hold references to generic records:
 * the table a migration made for them, what names one of their records, which of their rows
 * count as records at all, and what makes one usable by a new reference (with the words a
 * refusal says). A foreign key (table-shape.ts), the reference check of a write and the count
 * of holders before a delete (server/crud/references.ts) all read it from here.
 */
import { sql, type RawBuilder } from 'kysely';
import { toColumn } from './columns.ts';
import { DOCUMENT_TYPES, GOAL_KINDS } from '../goals/goal-kinds.ts';
import { DOCUMENT_MODULES, MODULE_KINDS } from '@model/documents/modules.ts';

/** A condition a record must meet to be chosen by a new reference, and what a refusal says ("is inactive"). */
export interface UsableWhen {
  holds(alias: string): RawBuilder<boolean>;
  /** Completes "<Title> …": "is inactive", "is not published". */
  otherwise: string;
}

export interface CustomTable {
  table: string;
  /** SQL naming one record (its `recordRepresentation`), for the table under `alias`. */
  name(alias: string): RawBuilder<string>;
  /** Boolean column that marks a record active. */
  statusColumn?: string;
  /** Rows that count as records at all (users: not deleted). */
  live?(alias: string): RawBuilder<boolean>;
  /** What a new reference needs besides existing, checked in this order; by default, being active (statusColumn). */
  usable?: UsableWhen[];
  /**
   * The column holding a reference property of these records, when they may refer to generic
   * records (a single reference in a text column, a list of them in a jsonb array): the generic
   * delete then counts them as holders.
   */
  referenceColumn?(field: string): string;
  /**
   * A reference the schema cannot name with `x-ref` because its target depends on another
   * column (a goal's goal_type names a record of the kind its document_type says): for a
   * target resource, the column holding its ids and the rows where that column means it. The
   * generic delete counts those rows as holders.
   */
  kindedReference?(target: string): { column: string; when(alias: string): RawBuilder<boolean> } | undefined;
}

const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`);

/** Being active, for a table with a status column. */
export const activeWhen = (statusColumn: string): UsableWhen => ({
  holds: (a) => sql<boolean>`${column(a, statusColumn)}`,
  otherwise: 'is inactive',
});

export const CUSTOM_TABLES: Record<string, CustomTable> = {
  role: { table: 'roles', name: (a) => sql<string>`${column(a, 'role')}`, statusColumn: 'status' },
  user: {
    table: 'users',
    name: (a) => sql<string>`(${column(a, 'first_name')} || ' ' || ${column(a, 'last_name')})`,
    statusColumn: 'status',
    live: (a) => sql<boolean>`${column(a, 'deleted_at')} is null`,
    // users.designation_id (nullable for deleted users only: migration 009).
    referenceColumn: (field) => `${toColumn(field)}_id`,
  },
  // forms (migration 011): a form is offered only once published (version 1 and on), and while active.
  'custom-form': {
    table: 'forms',
    name: (a) => sql<string>`${column(a, 'name')}`,
    statusColumn: 'status',
    usable: [{ holds: (a) => sql<boolean>`${column(a, 'version')} > 0`, otherwise: 'is not published' }, activeWhen('status')],
  },
  // programs (migration 012): the record types, heads and team are jsonb arrays named as the schema's lists.
  program: {
    table: 'programs',
    name: (a) => sql<string>`${column(a, 'name')}`,
    statusColumn: 'status',
    referenceColumn: (field) => toColumn(field),
  },
  // goals (migration 012): goal_type names a type record of the kind document_type says, so deleting one a goal counts is refused.
  goal: {
    table: 'goals',
    // Goals are named after their type record on read; nothing refers to a goal, so its id will do here.
    name: (a) => sql<string>`${column(a, 'id')}`,
    kindedReference: (target) => {
      const kind = DOCUMENT_TYPES.find((k) => GOAL_KINDS[k].resource === target);
      return kind ? { column: 'goal_type', when: (a) => sql<boolean>`${column(a, 'document_type')} = ${kind}` } : undefined;
    },
  },
};

/** The table of a custom resource, when the registry names it. */
export const customTableOf = (resource: string): CustomTable | undefined => CUSTOM_TABLES[resource];

/**
 * Tables that are no resource of the map but hold records of resources: the delete of such a
 * record counts them as holders (409 "3 Documents use this Program") instead of running into a
 * foreign key. For a target resource, `count` is SQL counting the holders of record `id`, or
 * undefined when these rows never hold one.
 */
export interface HoldingTable {
  label: { one: string; many: string };
  count(target: string): ((id: string) => RawBuilder<number>) | undefined;
}

export const HOLDING_TABLES: HoldingTable[] = [
  {
    // Documents name their program, their type record and the form revision they were filled
    // against. Programs and type records are counted from the exact counters (document_counts,
    // written in the same transaction as each document), forms through the revisions' index.
    label: { one: 'Document', many: 'Documents' },
    count: (target) => {
      if (target === 'program') return (id) => sql<number>`(select coalesce(sum(n), 0) from document_counts where program_id = ${id})`;
      if (target === 'custom-form')
        return (id) =>
          sql<number>`(select count(*) from documents where form_revision_id in (select r.id from form_revisions r where r.form_id = ${id}))`;
      const module = DOCUMENT_MODULES.find((m) => MODULE_KINDS[m].typeResource === target);
      if (!module) return undefined;
      return (id) => sql<number>`(select coalesce(sum(n), 0) from document_counts where type_id = ${id} and module = ${module})`;
    },
  },
];
