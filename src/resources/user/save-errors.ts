/** A failed save: the per-field messages for the form, and the server's message for the rest. */
export function saveErrors(error: unknown): { fields?: Record<string, string>; message: string } {
  const body = (error as { body?: { fields?: Record<string, string> } }).body;
  return { fields: body?.fields, message: (error as Error).message || 'Something went wrong' };
}
