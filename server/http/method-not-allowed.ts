/**
 * Fastify answers a method a path has no route for like an unknown path (404). HTTP says 405
 * with an Allow header naming the methods the path does have, and clients and fuzzers rely on
 * it. Looked up only when no route matched, in the router Fastify already has: a handful of
 * lookups on a request that is an error anyway.
 */
import type { FastifyInstance } from 'fastify';

/** OPTIONS is left out: the CORS plugin answers it on every path, known or not. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The methods `path` has routes for, or [] when it has none or has one for `method` itself
 * (a route that found nothing, such as a missing static file, is a plain 404).
 */
export function allowedMethods(app: FastifyInstance, method: string, path: string): string[] {
  const has = (m: string) => {
    try {
      return app.findRoute({ method: m as never, url: path }) !== null;
    } catch {
      return false; // a path the router cannot even decode has no route
    }
  };
  if (has(method)) return [];
  return METHODS.filter(has);
}
