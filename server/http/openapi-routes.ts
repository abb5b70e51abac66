/**
 * Completes each route's documentation from what it declares, as it is registered: every
 * answer it can give (openapi-success.ts, openapi-errors.ts) and whether it needs a token
 * (public routes `security: []`, the rest the bearer token). Routes hidden from the document
 * (the plugins' own: CORS preflight, /docs, /uploads) are left as they are.
 */
import type { FastifyInstance } from 'fastify';
import type { PermissionDeclaration } from './permissions.ts';
import { errorResponses } from './openapi-errors.ts';
import { successResponses } from './openapi-success.ts';

export function documentRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { hide?: boolean; response?: Record<string, unknown> };
    if (schema.hide) return;
    const method = Array.isArray(route.method) ? route.method[0]! : route.method;
    const permission = (route.config as { permission?: PermissionDeclaration } | undefined)?.permission;
    route.schema = {
      ...schema,
      security: permission && 'public' in permission ? [] : [{ bearer: [] }],
      response: { ...schema.response, ...successResponses(schema), ...errorResponses(route, method) },
    };
  });
}
