import { translate } from '../../../../providers/i18n-provider';

/** What a failed call says: the server's own message, or a fallback (in the language in use) when it gave none. */
export function failureMessage(error: unknown, fallback = translate('app.program.common.something_wrong')): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};
