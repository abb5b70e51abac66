/** List columns derived from the entity schema: text, Active/Inactive chips, DD-MM-YYYY dates, references. */
import { Chip } from '@mui/material';
import { FunctionField, TextField, type RaRecord } from 'react-admin';
import type { EntitySchema } from '../../shared/schema-registry';

/** DD-MM-YYYY (spec 1 §9). */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`;
}

export const StatusChip = ({ active }: { active: boolean }) => (
  <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'secondary' : 'default'} variant={active ? 'filled' : 'outlined'} />
);

/** A referenced record shows its name, whichever way the server sent it (object or id). */
export function referenceLabel(value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    return String(v.name ?? v.role ?? v._id ?? '');
  }
  return value == null ? '' : String(value);
}

/** A cell's value as text, exactly as the table shows it (the CSV export uses this too). */
export function displayValue(schema: EntitySchema, source: string, record: RaRecord, statusField?: string): string {
  const property = schema.properties[source] ?? {};
  const value = record[source];
  if (source === statusField) return value === true ? 'Active' : 'Inactive';
  if (property.format === 'date-time') return formatDate(value);
  if (property['x-ref']) return referenceLabel(value);
  return value == null ? '' : String(value);
}

export function schemaColumn(schema: EntitySchema, source: string, statusField?: string) {
  const property = schema.properties[source] ?? {};
  const label = property.title ?? source;
  if (source === statusField) {
    return <FunctionField key={source} source={source} label={label} render={(r: RaRecord) => <StatusChip active={r[source] === true} />} />;
  }
  if (property.format === 'date-time' || property['x-ref']) {
    return (
      <FunctionField key={source} source={source} label={label} sortable={!property['x-ref']} render={(r: RaRecord) => displayValue(schema, source, r, statusField)} />
    );
  }
  return <TextField key={source} source={source} label={label} />;
}
