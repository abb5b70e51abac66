/** A number input's text as stored in a definition: blank is no limit (null), anything else a number. */
export function storedNumber(text: string): number | null {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export const shownNumber = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
