/**
 * A day as a person types it in a date filter (the explorer's, the audit log's), DD-MM-YYYY as the console shows
 * dates (spec 1 §9), to the server's YYYY-MM-DD. Checked as a calendar day: 30-02-2026 is no day.
 */
const DAY = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** '' for an empty box, the ISO day for a real day, null for anything else. */
export function isoDay(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = DAY.exec(trimmed);
  if (!match) return null;
  const [, d, m, y] = match;
  const iso = `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
