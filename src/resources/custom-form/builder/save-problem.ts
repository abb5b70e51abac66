/**
 * A refused save or publish as the builder shows it: a stale draft (409, someone saved since
 * this draft was loaded), a definition the server refused (400 with a message per field), or
 * anything else.
 */
export interface SaveProblem {
  stale: boolean;
  /** The server's own message, when it gave one. */
  serverMessage?: string;
  /** Per field (by field_name or place in the definition) and `name` for the title. */
  fields?: Record<string, string>;
}

interface ErrorShape {
  status?: number;
  message?: string;
  body?: { message?: unknown; code?: unknown; fields?: Record<string, string> };
}

export function saveProblem(error: unknown): SaveProblem {
  const { status, message, body } = (error ?? {}) as ErrorShape;
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : message || undefined;
  return {
    stale: status === 409,
    serverMessage,
    fields: status === 400 && body?.fields ? body.fields : undefined,
  };
}
