/**
 * What a write changed, field by field: `{ field: [before, after] }`, as the change log keeps it.
 * A created record has `null` before, a deleted one `null` after. Secrets (password hashes,
 * tokens, reset codes) show only that they changed; bytes show only their size. Bookkeeping that
 * changes with every write (`updated_at`) is left out.
 */
import { isDeepStrictEqual } from 'node:util';

export type Row = Record<string, unknown>;
export type ChangedFields = Record<string, [unknown, unknown]>;

export const REDACTED = '[redacted]';

const SECRET = /password|token|secret|reset_?code|otp|code_hash|api_?key/i;
const BOOKKEEPING = new Set(['updated_at', 'updatedAt']);

/** A value as the log may keep it. */
function kept(field: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (SECRET.test(field) && value !== null) return REDACTED;
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (value instanceof Date) return value.toISOString();
  return value;
}

export function changedFields(before: Row | null, after: Row | null): ChangedFields {
  const fields: ChangedFields = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (BOOKKEEPING.has(name)) continue;
    const was = before === null ? null : kept(name, before[name]);
    const now = after === null ? null : kept(name, after[name]);
    const secretChanged = SECRET.test(name) && before !== null && after !== null && !isDeepStrictEqual(before[name], after[name]);
    if (secretChanged || !isDeepStrictEqual(was, now)) fields[name] = [was, now];
  }
  return fields;
}
