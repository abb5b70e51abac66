/**
 * Documents every error a route can answer, from what the route already declares, so no
 * route lists them by hand and none is forgotten:
 *   every route             400 (a NUL character anywhere, a value the database refuses),
 *                           500 INTERNAL with requestId, 503 TRY_AGAIN
 *   { session } / { flag }  401, 403 (no dashboard access; the flag; a mobile session on a console
 *                           route, or one whose role no longer grants the app on a `mobile` route)
 *   :id in the path         404, 400 (a broken %-encoding), 414
 *   a method with a body    400 (JSON: malformed, or nested too deep), 413, 415
 *   a list query            400 naming the sort, range or filter that is wrong (or nested too deep)
 *   a signed-in write       409 (a unique value taken, a referenced record gone, still in use)
 *   config.rateLimit        429
 * plus the route's own statuses, declared in its `config.errors` (error-declaration.ts). Each is a `$ref` to the one error
 * schema, with the codes it can carry in its description (and in `x-codes`, which the
 * server tests check every answer against).
 */
import type { PermissionDeclaration } from './permissions.ts';
import { ERROR_SCHEMA_ID } from './error-schema.ts';
import { declaredErrors } from './error-declaration.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const MEANING: Record<number, string> = {
  400: 'The request is not valid: `message` says what is wrong, `fields` names each invalid field',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed to do this',
  404: 'No such record',
  409: 'The write conflicts with what is stored; nothing was saved',
  413: 'The request body is too large',
  414: 'A path parameter is too long',
  415: 'This content type is not accepted here',
  423: 'Locked for a while',
  429: 'Too many requests; try again in a minute',
  500: 'A fault on the server: the answer tells nothing from the inside, `requestId` finds the details in the server log',
  503: 'Another change to the same records crossed this request; nothing was saved, try again',
};

/** The parts of a route this looks at (RouteOptions and request.routeOptions both have them). */
export interface RouteFacts {
  method: string | string[];
  url: string;
  config?: unknown;
  schema?: object;
}

type Codes = Map<number, Set<string>>;

function add(codes: Codes, status: number, ...names: string[]) {
  const set = codes.get(status) ?? new Set<string>();
  for (const name of names) set.add(name);
  codes.set(status, set);
}

export function isListQuery(querystring: unknown): boolean {
  const properties = (querystring as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return 'sort' in properties || 'range' in properties || 'filter' in properties;
}

/** The error statuses and codes a route can answer, derived from its declaration and its `config.errors`. */
export function errorCodesOf(route: RouteFacts, method: string): Map<number, string[]> {
  const config = (route.config ?? {}) as { permission?: PermissionDeclaration; rateLimit?: unknown };
  const schema = (route.schema ?? {}) as { querystring?: unknown };
  const permission = config.permission;
  const codes: Codes = new Map();

  add(codes, 400, 'VALIDATION_FAILED', 'INVALID_VALUE');
  add(codes, 500, 'INTERNAL');
  add(codes, 503, 'TRY_AGAIN');
  if (!permission) add(codes, 500, 'ROUTE_WITHOUT_PERMISSION');
  const signedIn = !!permission && !('public' in permission);
  if (signedIn) {
    add(codes, 401, 'UNAUTHENTICATED', 'SESSION_ENDED');
    add(codes, 403, 'NO_DASHBOARD_ACCESS');
    // A mobile session whose role no longer grants the app; on a console route, the session's client.
    add(codes, 403, 'NO_MOBILE_ACCESS');
    if (!permission.mobile) add(codes, 403, 'CONSOLE_ONLY');
    if ('flag' in permission) add(codes, 403, 'FORBIDDEN');
  }
  if (route.url.includes(':')) {
    add(codes, 404, 'NOT_FOUND');
    // Answered by the router before the route runs, for its path parameters.
    add(codes, 400, 'BAD_URL');
    add(codes, 414, 'URI_TOO_LONG');
  }
  if (BODY_METHODS.has(method)) {
    add(codes, 400, 'INVALID_JSON', 'TOO_DEEP', 'BAD_REQUEST');
    add(codes, 413, 'TOO_LARGE');
    add(codes, 415, 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (isListQuery(schema.querystring)) add(codes, 400, 'BAD_REQUEST', 'TOO_DEEP');
  if (signedIn && BODY_METHODS.has(method)) {
    // The database's own backstops for a write: a unique value taken or a referenced record gone meanwhile.
    add(codes, 409, 'DUPLICATE', 'REFERENCE_GONE');
    if (method === 'DELETE') add(codes, 409, 'IN_USE');
  }
  if (config.rateLimit) add(codes, 429, 'RATE_LIMITED');

  for (const [status, names] of Object.entries(declaredErrors(route.config)?.codes ?? {})) add(codes, Number(status), ...names!);
  return new Map([...codes].sort(([a], [b]) => a - b).map(([status, set]) => [status, [...set].sort()]));
}

const isErrorRef = (schema: unknown) => (schema as { $ref?: string } | undefined)?.$ref === ERROR_SCHEMA_ID;

/**
 * The error statuses of a route, each documented with the error schema and its codes; a status
 * the route declares itself with another schema (POST /user/verify's 401) keeps it as an alternative.
 */
export function errorResponses(route: RouteFacts, method: string): Record<string, unknown> {
  const declared = ((route.schema as { response?: unknown } | undefined)?.response ?? {}) as Record<string, unknown>;
  const notes = declaredErrors(route.config)?.notes ?? {};
  const response: Record<string, unknown> = {};
  for (const [status, codes] of errorCodesOf(route, method)) {
    const own = declared[status];
    if ((own as { 'x-codes'?: unknown } | undefined)?.['x-codes']) continue; // documented already (a HEAD twin of a GET)
    const description = [MEANING[status] ?? 'Error', notes[status]].filter(Boolean).join('. ') + `. Codes: ${codes.join(', ')}.`;
    const schema = own === undefined || isErrorRef(own) ? { $ref: ERROR_SCHEMA_ID } : { anyOf: [own, { $ref: ERROR_SCHEMA_ID }] };
    // Always JSON, even where the route `produces` something else (a CSV export).
    response[status] = { description, 'x-codes': codes, content: { 'application/json': { schema } } };
  }
  return response;
}
