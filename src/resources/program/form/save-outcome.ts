/** What a failed program save says: a toast, and the server's per-field messages beside the inputs. */
import type { ErrorBody } from '../../../providers/http-client';

export const ADDED = 'Added Program Successfully';
export const NAME_TAKEN = 'Two program can not be same name';
export const ADD_FAILED = 'Something went wrong';
export const UPDATED = 'Program updated';

const statusOf = (error: unknown) => (error as { status?: number }).status;
const fieldErrors = (error: unknown) => (error as { body?: ErrorBody }).body?.errors;

/** Spec 2 §8: 422 → 'Two program can not be same name'; any other refusal → 'Something went wrong'. */
export function addFailure(error: unknown): { toast: string; fields?: Record<string, string> } {
  if (statusOf(error) === 422) return { toast: NAME_TAKEN, fields: { name: NAME_TAKEN } };
  return { toast: ADD_FAILED, fields: fieldErrors(error) };
}

/** Spec 2 §8: an update failure shows the server's message. */
export function updateFailure(error: unknown): { toast: string; fields?: Record<string, string> } {
  const message = (error as Error).message || 'Something went wrong';
  return { toast: message, fields: statusOf(error) === 422 ? { name: message } : fieldErrors(error) };
}
