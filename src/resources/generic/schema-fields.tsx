/** List columns derived from the entity schema: text, Active/Inactive chips, DD-MM-YYYY dates, references. */
import { Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { FunctionField, TextField, type RaRecord } from 'react-admin';
import type { EntitySchema } from '@model/schema-registry';
import { displayValue } from '@model/display-value';

export const StatusChip = ({ active }: { active: boolean }) => (
  <Chip size="small" label={active ? 'Active' : 'Inactive'} color={active ? 'secondary' : 'default'} variant={active ? 'filled' : 'outlined'} />
);

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

/** A column whose text links to the record's own page (e.g. a user's name to their profile). */
export function schemaLinkColumn(schema: EntitySchema, source: string, to: (id: string) => string) {
  const label = schema.properties[source]?.title ?? source;
  return (
    <FunctionField
      key={source}
      source={source}
      label={label}
      render={(r: RaRecord) => (
        <Link component={RouterLink} to={to(String(r.id))} underline="hover" color="secondary.dark" sx={{ fontWeight: 600 }}>
          {displayValue(schema, source, r)}
        </Link>
      )}
    />
  );
}
