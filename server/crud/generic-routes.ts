/**
 * The CRUD routes of every resource of this server whose map entry says `"routes": "generic"`:
 * each is the CRUD plugin with no options (see crud-plugin.ts), or with its named override
 * (the server's table, server/resource-overrides.ts) and the override's own routes beside it.
 */
import type { FastifyInstance } from 'fastify';
import { resourceEntries } from '@model/schema-registry.ts';
import { crudPlugin } from './crud-plugin.ts';
import { overrideOf, type ResourceOverrides } from './overrides.ts';

export function genericCrudRoutes(app: FastifyInstance, server: 'auth' | 'api', overrides: ResourceOverrides) {
  for (const [name, entry] of resourceEntries()) {
    if (entry.server !== server || entry.routes !== 'generic') continue;
    const override = overrideOf(overrides, name);
    if (!override) {
      app.register(crudPlugin, { resource: name });
      continue;
    }
    app.register(async (scope) => {
      await override.routes?.(scope, scope.appContext);
      await scope.register(crudPlugin, { resource: name, except: override.except, hooks: override.hooks });
    });
  }
}
