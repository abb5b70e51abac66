/**
 * Reads a server's route table (from installPermissionGuard) the way the permission audit and
 * the authorization matrix need it. Everything here is derived from the route declarations and
 * the resource map, so a resource added by the docs/adding-an-entity.md recipe is audited without a list to edit.
 */
import type { PermissionDeclaration, RouteRecord } from '../../server/http/permissions.ts';
import type { AuditDeclaration } from '../../server/changes/audit-declaration.ts';
import type { Action, ResourceEntry } from '@model/generated';

export type ServerName = 'auth' | 'api';

export function permissionOf(route: RouteRecord): PermissionDeclaration | undefined {
  return (route.options.config as { permission?: PermissionDeclaration } | undefined)?.permission;
}

/** The flag a route needs, if it needs one. */
export function flagOf(route: RouteRecord): string | undefined {
  const p = permissionOf(route);
  return p && 'flag' in p ? p.flag : undefined;
}

export const routeName = (route: RouteRecord) => `${route.method} ${route.url}`;

export function auditOf(route: RouteRecord): AuditDeclaration | undefined {
  return (route.options.config as { audit?: AuditDeclaration } | undefined)?.audit;
}

/** Routes that may change something: every method but the reads. */
export const writeRoutes = (table: RouteRecord[]) => table.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));

/** Routes that write and do not say what the change log calls their writes (or why it keeps none). */
export function writesWithoutAudit(table: RouteRecord[]): string[] {
  return writeRoutes(table)
    .filter((r) => !auditOf(r))
    .map(routeName);
}

/** Routes that declare nothing: each would answer 500 to every caller. */
export function routesWithoutPermission(table: RouteRecord[]): string[] {
  return table.filter((r) => !permissionOf(r)).map(routeName);
}

/** Routes that need a signed-in caller (a flag or just a session). */
export function guardedRoutes(table: RouteRecord[]): RouteRecord[] {
  return table.filter((r) => {
    const p = permissionOf(r);
    return !!p && ('flag' in p || 'session' in p);
  });
}

/**
 * Routes that plugins register for us and that are public by nature: CORS preflight, the
 * OpenAPI pages (/docs). Their shape is pinned by the
 * route-permissions test, so a route of our own cannot hide among them.
 */
export function isInfrastructure(route: RouteRecord): boolean {
  return route.method === 'OPTIONS' || route.url === '/docs' || route.url.startsWith('/docs/');
}

export function infrastructureRoutes(table: RouteRecord[]): RouteRecord[] {
  return table.filter(isInfrastructure);
}

/** The public routes other than the plugins' infrastructure. */
export function openRoutes(table: RouteRecord[]): string[] {
  return table
    .filter((r) => {
      const p = permissionOf(r);
      return !!p && 'public' in p && !isInfrastructure(r);
    })
    .map(routeName)
    .sort();
}

/**
 * The CRUD routes a map entry stands for (docs/adding-an-entity.md, "Add an entity"), each with the action whose
 * flag the map names for it. A generic entry gets all of them; a custom one keeps the same
 * addresses for the actions it has.
 */
export function crudRoutesOf(entry: ResourceEntry): Array<{ action: Action; method: string; url: string }> {
  const base = `/${entry.path}`;
  return [
    { action: 'list', method: 'GET', url: base },
    { action: 'show', method: 'GET', url: `${base}/:id` },
    { action: 'create', method: 'POST', url: base },
    { action: 'edit', method: 'PATCH', url: `${base}/:id` },
    { action: 'delete', method: 'DELETE', url: `${base}/:id` },
  ];
}

/** The callers the authorization matrix sends to a route, and what each must be answered. */
export type CallerKind =
  'anonymous' | 'signed in' | 'lacking the flag' | 'lacking the flag, on themselves' | 'holding the flag' | 'mobile session';
/** refused: 401; forbidden: the guard's 403 naming the flag; console only: 403 CONSOLE_ONLY; allowed: neither 401 nor 403. */
export type Expectation = 'refused' | 'forbidden' | 'console only' | 'allowed';

/**
 * Derived from the route's declaration alone:
 *   { public }        anyone, so an anonymous caller is let through;
 *   { session }       anonymous 401, any signed-in user through;
 *   { flag }          anonymous 401, a role lacking that one flag 403, a role holding it through;
 *   { flag, self }    as { flag }, and a role lacking the flag is let through on their own record.
 * And every route that needs a signed-in caller gets a mobile app session of a role holding
 * every flag but the dashboard: let through where the route says `mobile`, else 403 CONSOLE_ONLY.
 */
export function matrixCallers(permission: PermissionDeclaration): Array<{ kind: CallerKind; expected: Expectation }> {
  if ('public' in permission) return [{ kind: 'anonymous', expected: 'allowed' }];
  const mobile = { kind: 'mobile session' as const, expected: permission.mobile ? ('allowed' as const) : ('console only' as const) };
  if ('session' in permission) {
    return [{ kind: 'anonymous', expected: 'refused' }, { kind: 'signed in', expected: 'allowed' }, mobile];
  }
  return [
    { kind: 'anonymous', expected: 'refused' },
    { kind: 'lacking the flag', expected: 'forbidden' },
    ...(permission.self ? [{ kind: 'lacking the flag, on themselves' as const, expected: 'allowed' as const }] : []),
    { kind: 'holding the flag', expected: 'allowed' },
    mobile,
  ];
}

export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A callable address for a route pattern: a :param named in `params` takes that value, any
 * other becomes an id (a dummy one unless `idFor` names a real record for the route), a
 * wildcard a dummy segment.
 */
export function sampleUrl(pattern: string, idFor?: (pattern: string) => string | undefined, params: Record<string, string> = {}): string {
  const id = idFor?.(pattern) ?? PLACEHOLDER_ID;
  const url = pattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name] ?? id).replace(/\*/g, 'x');
  return url.startsWith('/') ? url : `/${url}`;
}
