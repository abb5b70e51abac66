/** A day as DD/MM/YYYY in the viewer's time zone (spec 2 §9); '' for none. */
export function formatDate(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** 'Last updated' shows the last change, or the creation when there was none (spec 2 §2). */
export const lastUpdated = (program: { updated_at?: unknown; created_at?: unknown }) =>
  formatDate(program.updated_at) || formatDate(program.created_at);
