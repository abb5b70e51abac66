/** Reads a server's route table (from installPermissionGuard) the way the permission audit needs it. */
import type { PermissionDeclaration, RouteRecord } from '../../server/http/permissions.ts';

export function permissionOf(route: RouteRecord): PermissionDeclaration | undefined {
  return (route.options.config as { permission?: PermissionDeclaration } | undefined)?.permission;
}

export const routeName = (route: RouteRecord) => `${route.method} ${route.url}`;

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
 * OpenAPI pages (/docs) and the static user photos (/uploads/). Their shape is pinned by the
 * route-permissions test, so a route of our own cannot hide among them.
 */
export function isInfrastructure(route: RouteRecord): boolean {
  return route.method === 'OPTIONS' || route.url === '/docs' || route.url.startsWith('/docs/') || route.url.startsWith('/uploads/');
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

export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * A callable address for a route pattern: every :param becomes an id (a dummy one unless
 * `idFor` names a real record for the route), a wildcard a dummy segment.
 */
export function sampleUrl(pattern: string, idFor?: (pattern: string) => string | undefined): string {
  const id = idFor?.(pattern) ?? PLACEHOLDER_ID;
  return pattern.replace(/:[A-Za-z0-9_]+/g, id).replace(/\*/g, 'x');
}
