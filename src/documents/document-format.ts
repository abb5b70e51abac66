/**
 * How the dashboard and the drawer write values (spec 1 §9): days as DD-MM-YYYY, form
 * date-times as DD/MM/YYYY HH:MM in the viewer's time zone, counts with thousands separators.
 */
import type { Document } from '@model/generated';
import { MODULE_KINDS, isDocumentModule } from '@model/documents/modules';
import { formatDate } from '@model/display-value';
import { formatDateTime } from '../resources/generic/date-time';

/** A moment (ISO date-time) as its day in the viewer's time zone, DD-MM-YYYY; '' for none. */
export { formatDate, formatDateTime };

/**
 * A date answer (YYYY-MM-DD, a calendar day with no time zone) as DD-MM-YYYY. Read as text: a
 * Date would move it to the previous day west of UTC.
 */
export function formatCalendarDay(value: unknown): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : value;
}

/** 1000000 → "1,000,000" (the same in every locale, as the spec writes it). */
export const formatCount = (n: number | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n.toLocaleString('en-US') : '');

export const moduleLabel = (module: string) => (isDocumentModule(module) ? MODULE_KINDS[module].label : module);

export const submitterName = (doc: Pick<Document, 'user_object'>) =>
  [doc.user_object?.first_name, doc.user_object?.last_name].filter(Boolean).join(' ');
