/**
 * A record's field as text in the language in use, as a table cell or a phone card shows it:
 * model/display-value.ts's rules (which the servers' CSV exports keep, in English), with the
 * status, dates and labelled choices in the console's language.
 */
import type { EntitySchema } from '@model/schema-registry';
import { choiceTitle, displayValue } from '@model/display-value';
import { translate } from '../../providers/i18n-provider';
import { formatDay } from '../../i18n/format';
import { schemaText } from '../../i18n/schema-text';

export function displayText(schema: EntitySchema, source: string, record: Record<string, unknown>, statusField?: string): string {
  const property = schema.properties[source] ?? {};
  const value = record[source];
  if (source === statusField) return translate(value === true ? 'app.records.row.active' : 'app.records.row.inactive');
  if (property.format === 'date-time') return formatDay(value, '-');
  const title = choiceTitle(property, value);
  return title ? schemaText(title) : displayValue(schema, source, record, statusField);
}
