/** Wire names (spec) ↔ column names. Only the id and timestamps differ; the rest keep the spec's names. */
const WIRE_TO_COLUMN: Record<string, string> = { _id: 'id', createdAt: 'created_at', updatedAt: 'updated_at' };
const COLUMN_TO_WIRE = new Map(Object.entries(WIRE_TO_COLUMN).map(([w, c]) => [c, w]));

export const toColumn = (wire: string): string => WIRE_TO_COLUMN[wire] ?? wire;
export const toWire = (column: string): string => COLUMN_TO_WIRE.get(column) ?? column;

/** A database row as the wire shape: `_id`, ISO timestamps. Runs for every row a list answers. */
export function rowToWire(row: Record<string, unknown>): Record<string, unknown> {
  return rowToWireWithout(row, undefined);
}

/** rowToWire, the columns in `leaveOut` left out. */
export function rowToWireWithout(row: Record<string, unknown>, leaveOut: ReadonlySet<string> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in row) {
    if (leaveOut?.has(key)) continue;
    const value = row[key];
    out[toWire(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

export function wireToRow(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) out[toColumn(key)] = value;
  return out;
}
