/**
 * What a failed program save says: a toast (a catalogue key, or the server's own message), and
 * the server's per-field messages beside the inputs (react-admin words a key given there too).
 */
import type { ErrorBody } from '../../../providers/http-client';
import type { MessageKey } from '../../../i18n/catalogue';

const NAME_TAKEN: MessageKey = 'app.program.form.name_taken';
const SOMETHING_WRONG: MessageKey = 'app.program.common.something_wrong';

const statusOf = (error: unknown) => (error as { status?: number }).status;
const fieldErrors = (error: unknown) => (error as { body?: ErrorBody }).body?.errors;

/** Spec 2 §8: 422 → 'Two program can not be same name'; any other refusal → 'Something went wrong'. */
export function addFailure(error: unknown): { toast: string; fields?: Record<string, string> } {
  if (statusOf(error) === 422) return { toast: NAME_TAKEN, fields: { name: NAME_TAKEN } };
  return { toast: SOMETHING_WRONG, fields: fieldErrors(error) };
}

/** Spec 2 §8: an update failure shows the server's message. */
export function updateFailure(error: unknown): { toast: string; fields?: Record<string, string> } {
  const message = (error as Error).message || SOMETHING_WRONG;
  return { toast: message, fields: statusOf(error) === 422 ? { name: message } : fieldErrors(error) };
}
