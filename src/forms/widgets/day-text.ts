/**
 * Dates as people here read and type them (spec 2 §9: DD/MM/YYYY, and DD/MM/YYYY HH:MM for a date
 * with a time), turned into what the schema stores: `YYYY-MM-DD` for a date, an ISO moment for a
 * date-time (the viewer's local time, as the browser's own date-time input gave it).
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-07` → `07/03/2026`; anything else as it is. */
export function dayText(stored: unknown): string {
  if (typeof stored !== 'string') return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(stored);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : stored;
}

/** An ISO moment → `07/03/2026 14:05` in local time; anything else as it is. */
export function momentText(stored: unknown): string {
  if (typeof stored !== 'string' || !stored) return '';
  const d = new Date(stored);
  if (Number.isNaN(d.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(stored)) return stored;
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function realDay(day: number, month: number, year: number): boolean {
  const d = new Date(year, month - 1, day);
  return d.getFullYear() === year && d.getMonth() === month - 1 && d.getDate() === day;
}

/** `7/3/2026` or `07/03/2026` → `2026-03-07`; undefined for blank; the text itself when it is not a real day (the check then says so). */
export function storedDay(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3]))) return t;
  return `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}`;
}

/** `07/03/2026 14:05` → its ISO moment; undefined for blank; the text itself when it is not a real moment. */
export function storedMoment(text: string): string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})$/.exec(t);
  if (!m || !realDay(Number(m[1]), Number(m[2]), Number(m[3])) || Number(m[4]) > 23 || Number(m[5]) > 59) return t;
  return new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5])).toISOString();
}
