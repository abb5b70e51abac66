/**
 * helmet's security headers on every answer, worked out once. With the Content-Security-Policy
 * off (the servers set their own where a page needs one), helmet's headers depend on nothing in
 * the request, so they are the same object for every answer. @fastify/helmet instead builds
 * helmet's dozen middlewares again on every request, in two hooks of a promise each: a cost paid
 * by every call of the api's hottest routes for the same bytes.
 */
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets with `options` (names lower-cased), read by running it once on a stand-in response. */
export function helmetHeaders(options: HelmetOptions & { contentSecurityPolicy: false }): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failed: unknown;
  helmet(options)({} as never, response as never, (err?: unknown) => void (failed = err));
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

/** Sets helmet's headers (helmetHeaders) on every answer of `app`, its 404s and errors included. */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions & { contentSecurityPolicy: false }): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
