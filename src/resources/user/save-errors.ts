/** A failed save: the per-field messages for the form, and the server's message for the rest. */
import type { Translate } from '../../i18n/use-t';

export function saveErrors(error: unknown, t: Translate): { fields?: Record<string, string>; message: string } {
  const body = (error as { body?: { fields?: Record<string, string> } }).body;
  return { fields: body?.fields, message: (error as Error).message || t('app.people.users.save_failed') };
}
