/**
 * CRUD routes for every resource of this server whose map entry says `"routes": "generic"`:
 * GET /{path}, GET /{path}/{id}, POST /{path}, PATCH /{path}/{id}, DELETE /{path}/{id},
 * each guarded by the flag the map names and validated by the resource's schema.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { resourceEntries, resourceSchema } from '@model/schema-registry.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams, writeSchema } from '../http/body-schemas.ts';
import { trimTextFields } from '../http/text-fields.ts';
import { GenericStore } from './generic-store.ts';
import { answerList, listQuerySchema, parseListParams, type ListQuery } from './list-params.ts';

type Row = Record<string, unknown>;

export function genericCrudRoutes(app: FastifyInstance, ctx: AppContext, server: 'auth' | 'api') {
  for (const [name, entry] of resourceEntries()) {
    if (entry.server !== server || entry.routes !== 'generic') continue;
    const schema = resourceSchema(name);
    const store = new GenericStore(ctx.db as never, name, schema, entry);
    const base = `/${entry.path}`;
    const tags = [entry.label.many];
    const sort = entry.list?.sort ?? { field: '_id', order: 'ASC' as const };
    const flag = (action: keyof typeof entry.permissions) => {
      const f = entry.permissions[action];
      if (!f) throw new Error(`schemas/resources.json: ${name} names no permission for ${action}`);
      return needsFlag(f);
    };
    const now = () => ctx.config.clock.now();

    app.get<{ Querystring: ListQuery }>(
      base,
      {
        config: { permission: flag('list') },
        schema: {
          tags,
          summary: `List ${entry.label.many.toLowerCase()}`,
          querystring: listQuerySchema,
          response: { 200: { type: 'array', items: { $ref: entry.schema } } },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, schema, { sort });
        return answerList(reply, name, params, await store.list(params));
      },
    );

    app.get<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        config: { permission: flag('show') },
        schema: { tags, summary: `One ${entry.label.one.toLowerCase()}`, params: idParams, response: { 200: { $ref: entry.schema } } },
      },
      async (request) => store.get(request.params.id),
    );

    app.post<{ Body: Row }>(
      base,
      {
        config: { permission: flag('create') },
        schema: { tags, summary: `Add a ${entry.label.one.toLowerCase()}`, body: writeSchema(schema, 'create'), response: { 201: { $ref: entry.schema } } },
      },
      async (request, reply) => reply.status(201).send(await store.create(trimTextFields(request.body, schema), now())),
    );

    app.patch<{ Params: { id: string }; Body: Row }>(
      `${base}/:id`,
      {
        config: { permission: flag('edit') },
        schema: {
          tags,
          summary: `Change a ${entry.label.one.toLowerCase()} (only the fields sent)`,
          params: idParams,
          body: writeSchema(schema, 'update'),
          response: { 200: { $ref: entry.schema } },
        },
      },
      async (request) => store.update(request.params.id, trimTextFields(request.body, schema), now()),
    );

    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        config: { permission: flag('delete') },
        schema: { tags, summary: `Delete a ${entry.label.one.toLowerCase()}; answers the deleted record`, params: idParams, response: { 200: { $ref: entry.schema } } },
      },
      async (request) => store.remove(request.params.id),
    );
  }
}
