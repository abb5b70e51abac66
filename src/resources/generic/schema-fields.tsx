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
function referenceLabel(value: unknown): string {
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    return String(v.name ?? v.role ?? v._id ?? '');
  }
  return value == null ? '' : String(value);
}

export function schemaColumn(schema: EntitySchema, source: string, statusField?: string) {
  const property = schema.properties[source] ?? {};
  const label = property.title ?? source;
  if (source === statusField) {
    return <FunctionField key={source} source={source} label={label} render={(r: RaRecord) => <StatusChip active={r[source] === true} />} />;
  }
  if (property.format === 'date-time') {
    return <FunctionField key={source} source={source} label={label} render={(r: RaRecord) => formatDate(r[source])} />;
  }
  if (property['x-ref']) {
    return <FunctionField key={source} source={source} label={label} sortable={false} render={(r: RaRecord) => referenceLabel(r[source])} />;
  }
  return <TextField key={source} source={source} label={label} />;
}
