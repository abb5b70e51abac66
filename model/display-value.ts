/**
 * A record's field as text, exactly as a list shows it: Active/Inactive, DD-MM-YYYY dates,
 * labelled choices by title, references by name. The console's tables and profile and the servers' CSV exports use it.
 */
import type { EntitySchema, PropertySchema } from './schema-registry';

/** DD-MM-YYYY (spec 1 §9). */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/** A referenced record shows its name, whichever way the server sent it (object or id). */
export function referenceLabel(value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    return String(v.name ?? v.role ?? v._id ?? '');
  }
  return value == null ? '' : String(value);
}

/** A labelled choice (`oneOf` of `const` + `title`) shows its title; a value it does not list shows as stored. */
export function choiceTitle(property: PropertySchema, value: unknown): string | undefined {
  if (!Array.isArray(property.oneOf) || value == null) return undefined;
  const option = (property.oneOf as unknown[]).find(
    (o) => o !== null && typeof o === 'object' && (o as { const?: unknown }).const === value,
  );
  const title = (option as { title?: unknown } | undefined)?.title;
  return typeof title === 'string' ? title : undefined;
}

export function displayValue(schema: EntitySchema, source: string, record: Record<string, unknown>, statusField?: string): string {
  const property = schema.properties[source] ?? {};
  const value = record[source];
  if (source === statusField) return value === true ? 'Active' : 'Inactive';
  if (property.format === 'date-time') return formatDate(value);
  if (property['x-ref']) return referenceLabel(value);
  return choiceTitle(property, value) ?? (value == null ? '' : String(value));
}
