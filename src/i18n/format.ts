/**
 * Dates and numbers in the language in use. English keeps the spec's own forms (DD-MM-YYYY in
 * lists, DD/MM/YYYY, DD/MM/YYYY HH:MM, counts as 1,000,000); another language writes them as
 * Intl does for it (fr: 27/11/2026 14:05 and 1 000 000; ar: Latin digits, right to left marks).
 * All in the viewer's time zone.
 */
import { currentLocale } from './direction';

const pad = (n: number) => String(n).padStart(2, '0');

const moment = (value: unknown): Date | undefined => {
  if (!(typeof value === 'string' || value instanceof Date) || value === '') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

const english = () => currentLocale().locale === 'en' || currentLocale().locale === 'en-XA';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: (tag: string) => T): T {
  const tag = currentLocale().intl;
  const id = `${tag}|${key}`;
  let made = formatters.get(id) as T | undefined;
  if (!made) formatters.set(id, (made = make(tag)));
  return made;
}

/** A day: DD-MM-YYYY in English lists (`separator` '-'), DD/MM/YYYY elsewhere; '' for none. */
export function formatDay(value: unknown, separator: '-' | '/' = '/'): string {
  const d = moment(value);
  if (!d) return '';
  if (english()) return [pad(d.getDate()), pad(d.getMonth() + 1), d.getFullYear()].join(separator);
  return cached('day', (tag) => new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' })).format(d);
}

/** A moment: DD/MM/YYYY HH:MM in English; '' for none. */
export function formatMoment(value: unknown): string {
  const d = moment(value);
  if (!d) return '';
  if (english()) return `${formatDay(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return cached(
    'moment',
    (tag) => new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }),
  ).format(d);
}

/** A count with the language's thousands separators (1,000,000 in English); '' for none. */
export function formatNumber(n: number | undefined | null): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return cached('number', (tag) => new Intl.NumberFormat(english() ? 'en-US' : tag)).format(n);
}
