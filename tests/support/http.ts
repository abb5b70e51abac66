/** A terse way to call one app through `inject`, and a check that no answer leaks a secret. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bearer } from './test-server.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  token?: string;
  payload?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
}

export function caller(app: () => FastifyInstance) {
  return (method: Method, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> =>
    app().inject({
      method,
      url,
      query: opts.query,
      payload: opts.payload as never,
      headers: { ...(opts.token === undefined ? {} : bearer(opts.token)), ...opts.headers },
    });
}

/**
 * Where in a JSON answer a password, a hash or a token sits (paths like "[2].role.password_hash").
 * The keys of an error's `fields` are field names, not values, so only their messages are read.
 */
export function secretsIn(value: unknown, path = '', namesFields = false): string[] {
  if (typeof value === 'string') return /^\$argon2/.test(value) ? [path || '(value)'] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const suspicious = !namesFields && /password|hash|token|secret/i.test(key);
    return [...(suspicious ? [here] : []), ...secretsIn(v, here, key === 'fields' && !Array.isArray(value))];
  });
}
