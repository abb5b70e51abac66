/** One answer shown read-only by its field's type (spec 1 §3, the drawer's field types). */
import { Stack, Typography } from '@mui/material';
import type { FormField } from '@model/forms/field-definition';
import { formatCalendarDay, formatDateTime } from '../document-format';
import { AttachmentFile } from './AttachmentFile';
import { AttachmentImage } from './AttachmentImage';
import { choiceLabels } from './choice-labels';
import { FieldGroupTable } from './FieldGroupTable';
import { GeoLocationValue } from './GeoLocationValue';
import { JsonValue } from './JsonValue';
import { RecordNames } from './RecordNames';
import { useT } from '../../i18n/use-t';

export const isUnanswered = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const Text = ({ children }: { children: string }) => (
  <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{children}</Typography>
);

const names = (value: unknown) => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

export function DocumentValue({ field, value, compact }: { field: FormField; value: unknown; compact?: boolean }) {
  const t = useT();
  if (isUnanswered(value)) return <Typography color="text.secondary">{t('app.documents.answers.not_answered')}</Typography>;
  switch (field.field_type) {
    case 'image':
    case 'signature':
      return typeof value === 'string' ? (
        <AttachmentImage name={value} label={field.field_label} compact={compact} />
      ) : (
        <JsonValue value={value} />
      );
    case 'gallery':
      return (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {names(value).map((name) => (
            <AttachmentImage key={name} name={name} label={field.field_label} compact />
          ))}
        </Stack>
      );
    case 'file':
    case 'files':
      return (
        <Stack sx={{ alignItems: 'flex-start' }}>
          {names(value).map((name) => (
            <AttachmentFile key={name} name={name} />
          ))}
        </Stack>
      );
    case 'date':
      return <Text>{formatCalendarDay(value)}</Text>;
    case 'date-time':
      return <Text>{formatDateTime(value) || String(value)}</Text>;
    case 'dropdown':
    case 'radio':
    case 'checkbox':
    case 'multiple-select':
      return <Text>{choiceLabels(field, value).join(', ')}</Text>;
    case 'boolean':
      return typeof value === 'boolean' ? <Text>{t(value ? 'ra.boolean.true' : 'ra.boolean.false')}</Text> : <JsonValue value={value} />;
    case 'field-group':
      return Array.isArray(value) ? <FieldGroupTable field={field} items={value} /> : <JsonValue value={value} />;
    case 'beneficiaries':
    case 'locations':
    case 'cases':
      return <RecordNames value={value} />;
    case 'geo-location':
      return <GeoLocationValue value={value} />;
    default:
      return typeof value === 'string' || typeof value === 'number' ? <Text>{String(value)}</Text> : <JsonValue value={value} />;
  }
}
