/**
 * Every route declares who may call it, in `config.permission`:
 *   { public: 'why it is open' }   anyone (sign-in, docs)
 *   { session: true }              any signed-in user
 *   { flag: 'can_get_designation' } a signed-in user whose role grants the flag
 * A session is opened by the console or by the mobile app (`sessions.client`). Only a route that
 * says `mobile: true` takes a mobile session (any other answers 403 CONSOLE_ONLY); on such a
 * route a mobile session needs `can_access_mobile` where a console session needs
 * `can_access_dashboard`. So a field worker's phone reaches the document routes and nothing of
 * the console's administration, whatever flags their role holds.
 * The check runs in onRequest, before the body is parsed: an anonymous caller learns nothing
 * about validation. A route without a declaration answers 500 and fails the route-table test.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { problems } from './errors.ts';
import type { JoinedRead, LiveSessionUser, SessionUser } from './session.ts';

export type PermissionDeclaration =
  | { public: string }
  | { session: true; mobile?: boolean }
  /** `self`: the route parameter naming a user; that user may call it on themselves without the flag. */
  | { flag: string; self?: string; mobile?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: PermissionDeclaration;
    /**
     * A read the route makes whoever calls, made in the session lookup's own statement (one
     * round trip for both on a hot route): `params` gives its `$3` onwards from the request. The handler
     * finds its row (as JSON, null when none) in `request.joined`; a caller refused never sees it.
     */
    joinedRead?: { read: JoinedRead; params: (request: FastifyRequest) => unknown[] };
  }
  interface FastifyRequest {
    sessionUser?: SessionUser;
    joined?: unknown;
  }
}

export const isPublic = (reason: string): PermissionDeclaration => ({ public: reason });
export const signedIn: PermissionDeclaration = { session: true };
export const needsFlag = (flag: string): PermissionDeclaration => ({ flag });
/** Any signed-in user, the mobile app's sessions included. */
export const signedInMobile: PermissionDeclaration = { session: true, mobile: true };
/** The flag, for console and mobile app sessions alike. */
export const needsFlagMobile = (flag: string): PermissionDeclaration => ({ flag, mobile: true });

/** The flag, or being the user the route's `param` names (one's own profile, password, photo). */
export const needsFlagOrSelf = (flag: string, param = 'id'): PermissionDeclaration => ({ flag, self: param });

export interface RouteRecord {
  method: string;
  url: string;
  options: RouteOptions;
}

/** Routes that plugins register for us (CORS preflight, the OpenAPI pages) are public by nature. */
const INFRASTRUCTURE = [
  { test: (r: RouteOptions) => r.method === 'OPTIONS', reason: 'CORS preflight' },
  { test: (r: RouteOptions) => r.url === '/docs' || r.url.startsWith('/docs/'), reason: 'OpenAPI document and its browsable page' },
];

export type Authenticator = (request: FastifyRequest, joined?: { read: JoinedRead; params: unknown[] }) => Promise<LiveSessionUser>;

export function installPermissionGuard(app: FastifyInstance, authenticate: Authenticator): RouteRecord[] {
  const table: RouteRecord[] = [];
  app.addHook('onRoute', (options) => {
    const config = (options.config ??= {} as never) as { permission?: PermissionDeclaration };
    if (!config.permission) {
      const infra = INFRASTRUCTURE.find((i) => i.test(options));
      if (infra) config.permission = isPublic(infra.reason);
    }
    const methods = Array.isArray(options.method) ? options.method : [options.method];
    for (const method of methods) table.push({ method, url: options.url, options });
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config?.permission;
    if (!request.routeOptions.url) return; // 404: nothing to guard
    if (!permission) throw problems.routeWithoutPermission();
    if ('public' in permission) return;
    const joinedRead = request.routeOptions.config?.joinedRead;
    const { joined, ...user } = await authenticate(request, joinedRead && { read: joinedRead.read, params: joinedRead.params(request) });
    request.joined = joined;
    request.sessionUser = user;
    if (user.client === 'mobile' && permission.mobile !== true) throw problems.consoleOnly();
    if ('flag' in permission && user.permission[permission.flag] !== true) {
      const self = permission.self && (request.params as Record<string, string> | undefined)?.[permission.self] === user.id;
      if (!self) throw problems.forbidden(permission.flag);
    }
  });
  return table;
}
