/**
 * How the dashboard and the drawer write values (spec 1 §9): days as DD-MM-YYYY, form
 * date-times as DD/MM/YYYY HH:MM in the viewer's time zone, counts with thousands separators.
 */
import type { Document } from '@model/generated';
import { isDocumentModule, type DocumentModule } from '@model/documents/modules';
import { formatDate } from '@model/display-value';
import { formatDateTime } from '../resources/generic/date-time';
import type { MessageKey } from '../i18n/catalogue';
import type { Translate } from '../i18n/use-t';

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

const MODULE_WORDS: Record<DocumentModule, MessageKey> = {
  beneficiaries: 'app.documents.modules.beneficiaries',
  locations: 'app.documents.modules.locations',
  events: 'app.documents.modules.events',
  cases: 'app.documents.modules.cases',
  surveys: 'app.documents.modules.surveys',
};

/** A document module as menus and headings show it ("Beneficiaries"); a name no module has, as it is. */
export const moduleLabel = (t: Translate, module: string) => (isDocumentModule(module) ? t(MODULE_WORDS[module]) : module);

export const submitterName = (doc: Pick<Document, 'user_object'>) =>
  [doc.user_object?.first_name, doc.user_object?.last_name].filter(Boolean).join(' ');
