/**
 * What a database constraint's refusal of a generic write means to the person who sent it:
 * the catalogue's answer naming the field, never a 500. Validation and the reference checks
 * catch almost everything first; these are the backstops for what crosses them (two admins
 * at once, a CHECK the schema does not state).
 */
import type { EntitySchema } from '@model/schema-registry.ts';
import type { ResourceEntry } from '@model/generated/index.ts';
import { Problem, problems } from '../http/errors.ts';
import { choiceMessage, choiceOptions } from '../http/choices.ts';
import { toColumn, toWire } from '../db/columns.ts';
import { constraintName } from '../db/table-shape.ts';
import { missingMessage, type ReferenceProperty } from './references.ts';

interface PgError {
  code?: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

export interface ConstrainedTable {
  table: string;
  schema: EntitySchema;
  entry: ResourceEntry;
  references: ReferenceProperty[];
}

/** The property whose own constraint of this kind has this name (table-shape.ts names them). */
function propertyNamedBy(t: ConstrainedTable, constraint: string | undefined, kind: 'unique' | 'choices'): string | undefined {
  if (!constraint) return undefined;
  // A unique index is named after the property, a CHECK after the column (generic-tables.ts).
  const nameOf = (p: string) => constraintName(t.table, kind === 'unique' ? p : toColumn(p), kind);
  return Object.keys(t.schema.properties).find((p) => nameOf(p) === constraint);
}

/**
 * The property a CHECK is about: ours by its exact name; one a migration added by hand, by the
 * longest property name it contains ("region_code" is not taken for "region").
 */
function propertyOfCheck(t: ConstrainedTable, constraint: string | undefined): string | undefined {
  if (!constraint) return undefined;
  return (
    propertyNamedBy(t, constraint, 'choices') ??
    Object.keys(t.schema.properties)
      .sort((a, b) => b.length - a.length)
      .find((f) => constraint.includes(f))
  );
}

export function constraintProblem(t: ConstrainedTable, error: unknown, action: 'write' | 'delete'): Problem | undefined {
  const pg = error as PgError;
  const title = (field: string) => t.schema.properties[field]?.title ?? field;
  switch (pg.code) {
    case '23505': {
      // Named by the index that refused it; an index of no property's (a migration's) names no
      // field rather than a wrong one.
      const field = propertyNamedBy(t, pg.constraint, 'unique');
      return field ? problems.duplicate(t.entry.label.one, field, title(field)) : problems.alreadyTaken();
    }
    // On delete, something still points here: 23503 foreign_key_violation (NO ACTION), 23001
    // restrict_violation (ON DELETE RESTRICT). The store counts generic referrers before it
    // deletes (users too: users.designation_id); this is a referrer it does not count.
    case '23001':
      return problems.inUse(t.entry.label.one);
    case '23503': {
      if (action === 'delete') return problems.inUse(t.entry.label.one);
      // The referenced record was deleted between the check and the write: "Key (region)=(…) is not present".
      const column = /Key \(([^)]+)\)/.exec(pg.detail ?? '')?.[1]?.replace(/"/g, '');
      const ref = t.references.find((r) => r.column === column) ?? t.references.find((r) => pg.constraint?.includes(r.column));
      return ref ? problems.validation({ [ref.field]: missingMessage(ref) }) : problems.referenceGone();
    }
    case '23514': {
      const field = propertyOfCheck(t, pg.constraint);
      if (!field) return problems.invalidValue();
      const property = t.schema.properties[field]!;
      return problems.invalidFieldValue(
        field,
        choiceOptions(property) ? choiceMessage(property, title(field)) : `${title(field)} cannot hold this value`,
      );
    }
    case '23502': {
      const field = pg.column ? toWire(pg.column) : undefined;
      return field && t.schema.properties[field]
        ? problems.validation({ [field]: `${title(field)} is required` })
        : problems.invalidValue();
    }
    default:
      return undefined;
  }
}
