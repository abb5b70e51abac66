/**
 * What every hand-written route module of a resource starts from: its collection path and
 * OpenAPI tag from the resource map, the servers' clock, the caller, one transaction per write
 * with its change-log rows, and text trimmed before validation (so the schema judges what will be stored).
 */
import type { FastifyRequest } from 'fastify';
import { resourceEntry, type EntitySchema, type ResourceName } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { trimTextFields } from './text-fields.ts';
import { inWriteTransaction, type ChangeSet } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';

export function routeKit(ctx: AppContext, resource: ResourceName, schema?: EntitySchema) {
  const entry = resourceEntry(resource);
  return {
    entry,
    base: `/${entry.path}`,
    tags: [entry.label.many],
    /** A record as its schema describes it, for answers. */
    one: { $ref: entry.schema },
    now: () => ctx.config.clock.now(),
    userOf: (request: FastifyRequest) => request.sessionUser!.id,
    /**
     * One write: `work` in one transaction, and the changes it gathers written at its end, in it,
     * under the route's declared action (config.audit) unless a change names its own.
     */
    write: <T>(request: FastifyRequest, work: (trx: Db, changes: ChangeSet) => Promise<T>) =>
      inWriteTransaction(ctx.db, changeContextOf(request), work),
    trimBody: async (request: FastifyRequest) => {
      if (schema) request.body = trimTextFields(request.body, schema);
    },
  };
}
