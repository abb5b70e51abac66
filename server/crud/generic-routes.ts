/**
 * The CRUD routes of every resource of this server whose map entry says `"routes": "generic"`:
 * each is the CRUD plugin with no options (see crud-plugin.ts).
 */
import type { FastifyInstance } from 'fastify';
import { resourceEntries } from '@model/schema-registry.ts';
import { crudPlugin } from './crud-plugin.ts';

export function genericCrudRoutes(app: FastifyInstance, server: 'auth' | 'api') {
  for (const [name, entry] of resourceEntries()) {
    if (entry.server === server && entry.routes === 'generic') app.register(crudPlugin, { resource: name });
  }
}
