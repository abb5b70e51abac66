/** Reads a server's route table (from installPermissionGuard) the way the permission audit needs it. */
import type { PermissionDeclaration, RouteRecord } from '../../server/http/permissions.ts';

export function permissionOf(route: RouteRecord): PermissionDeclaration | undefined {
  return (route.options.config as { permission?: PermissionDeclaration } | undefined)?.permission;
}

/** Routes that declare nothing: each would answer 500 to every caller. */
export function routesWithoutPermission(table: RouteRecord[]): string[] {
  return table.filter((r) => !permissionOf(r)).map((r) => `${r.method} ${r.url}`);
}

/** Routes that need a signed-in caller (a flag or just a session). */
export function guardedRoutes(table: RouteRecord[]): RouteRecord[] {
  return table.filter((r) => {
    const p = permissionOf(r);
    return !!p && ('flag' in p || 'session' in p);
  });
}

/** The public routes other than the ones plugins add (CORS preflight, /docs). */
export function openRoutes(table: RouteRecord[]): string[] {
  return table
    .filter((r) => {
      const p = permissionOf(r);
      return !!p && 'public' in p && r.method !== 'OPTIONS' && !r.url.startsWith('/docs');
    })
    .map((r) => `${r.method} ${r.url}`)
    .sort();
}

/** A callable address for a route pattern: every :param becomes a dummy id, a wildcard a dummy segment. */
export function sampleUrl(pattern: string): string {
  return pattern.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*/g, 'x');
}
