/** How the audit log writes what it shows: actions as words, values as text, times in the reader's own zone. */
import { formatDateTime } from '../resources/generic/date-time';

/** `member-add` → "Member add"; `sign-in-failed` → "Sign in failed". */
export function actionLabel(action: string): string {
  const words = action.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value as a reader takes it in: empty shown as "—", lists and objects as compact JSON (long ones cut). */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const json = JSON.stringify(value);
  return json.length > 2000 ? `${json.slice(0, 2000)}… (${json.length.toLocaleString()} characters)` : json;
}

export const whenText = (at: string) => formatDateTime(at);

export const AUDIT_TEXT = {
  title: 'Audit log',
  noPermission: "You don't have permission to read the audit log (can_get_audit)",
  empty: 'No change matches these filters.',
  older: 'Show older changes',
};
