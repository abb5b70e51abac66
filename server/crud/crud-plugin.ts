/**
 * The CRUD routes of one resource, as a Fastify plugin:
 *
 *   app.register(crudPlugin, { resource: 'designation' })                       // all five
 *   app.register(crudPlugin, { resource: 'user', only: ['list', 'show'], store }) // and its own writes
 *
 * GET /{path}, GET /{path}/{id}, POST /{path}, PATCH /{path}/{id}, DELETE /{path}/{id}: the path,
 * the flag of each action and the default sort come from the resource map, bodies are checked
 * against the resource's schema. Each write is one transaction, `beforeWrite` and its change-log
 * row included, so a hook that throws leaves nothing written and nothing recorded. `afterRead`
 * shapes every record answered.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import { permissionFor, resourceEntry, resourceSchema, type ResourceName } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { needsFlag, needsFlagOrSelf, type PermissionDeclaration } from '../http/permissions.ts';
import { idParams, writeSchema } from '../http/body-schemas.ts';
import { assertTrimmedText, trimTextFields } from '../http/text-fields.ts';
import { GenericStore } from './generic-store.ts';
import { answerList, listQuerySchema, MAX_FILTER_VALUES, parseListParams, type ListQuery } from './list-params.ts';
import type { CrudStore, Row } from './crud-store.ts';
import { inWriteTransaction } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { audited } from '../changes/audit-declaration.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, configuration and services the routes work with. */
    appContext: AppContext;
  }
}

/** Makes the app's context reachable from plugins registered on it (call once per app, before them). */
export function provideAppContext(app: FastifyInstance, ctx: AppContext): void {
  app.decorate('appContext', ctx);
}

/** The flag the resource map names for an action; a map without one is a mistake caught at start. */
export function mapFlag(resource: ResourceName, action: Action): string {
  const flag = permissionFor(resource, action);
  if (!flag) throw new Error(`schemas/resources.json: ${resource} names no permission for ${action}`);
  return flag;
}

export interface WriteEvent {
  action: 'create' | 'edit' | 'delete';
  /** The record changed or deleted. */
  id?: string;
  /** What will be stored (create, edit): validated and trimmed. */
  body?: Row;
  /** The write's transaction: whatever the hook writes on it stands or falls with the record. */
  trx: Db;
  request: FastifyRequest;
}

export interface CrudHooks {
  /** Inside the write's transaction, before the store writes; may answer the body to store instead; a throw writes nothing. */
  beforeWrite?(event: WriteEvent): Promise<Row | void> | Row | void;
  /** Shapes each record answered: list rows, one record, a written record. */
  afterRead?(record: Row, request: FastifyRequest): Promise<Row> | Row;
  /**
   * After the write's transaction has committed, with the record as written (as deleted, for a
   * delete): what cannot be rolled back with it, such as removing a file the record held.
   */
  afterCommit?(event: { action: WriteEvent['action']; record: Row; request: FastifyRequest }): Promise<void> | void;
}

export interface CrudOptions {
  resource: ResourceName;
  /** Only these actions' routes (a custom resource keeps the rest as routes of its own). */
  only?: Action[];
  except?: Action[];
  hooks?: CrudHooks;
  /** Default: the generic store of the resource's schema-driven table. */
  store?: CrudStore;
  /** Actions the user named by the route's id may take on themselves without the flag (one's own profile). */
  self?: Action[];
}

const ALL: Action[] = ['list', 'show', 'create', 'edit', 'delete'];

/** A getMany of MAX_FILTER_VALUES ids (filter={"id":[...]}) needs a longer filter than other lists. */
const FILTER_MAX_CHARS = 48 * MAX_FILTER_VALUES;
const listQuery = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, filter: { ...listQuerySchema.properties.filter, maxLength: FILTER_MAX_CHARS } },
};

export const crudPlugin: FastifyPluginAsync<CrudOptions> = async (app, options) => {
  const { resource, hooks = {} } = options;
  const ctx = app.appContext;
  const entry = resourceEntry(resource);
  const schema = resourceSchema(resource);
  const store = options.store ?? new GenericStore(resource);
  const actions = ALL.filter((a) => (options.only ?? ALL).includes(a) && !(options.except ?? []).includes(a));
  const base = `/${entry.path}`;
  const tags = [entry.label.many];
  const one = entry.label.one.toLowerCase();
  const sort = entry.list?.sort ?? { field: '_id', order: 'ASC' as const };
  const now = () => ctx.config.clock.now();
  const permission = (action: Action): PermissionDeclaration =>
    options.self?.includes(action) ? needsFlagOrSelf(mapFlag(resource, action)) : needsFlag(mapFlag(resource, action));
  const shape = (record: Row, request: FastifyRequest) => (hooks.afterRead ? hooks.afterRead(record, request) : record);
  const writer = <K extends 'create' | 'update' | 'remove'>(method: K) => {
    const write = store[method];
    if (!write) throw new Error(`${resource}: its store cannot ${method}, so the plugin cannot register that route`);
    return write.bind(store) as NonNullable<CrudStore[K]>;
  };
  /**
   * Before validation, so the schema judges what will be stored: text trimmed, and an optional
   * field left blank cleared to null (not refused as too short, or as a choice it is not).
   */
  const trimBody = async (request: FastifyRequest) => {
    request.body = trimTextFields(request.body, schema);
  };
  /** The hook, the store's write and its change row, in one transaction. */
  const inTransaction = (
    request: FastifyRequest,
    event: Omit<WriteEvent, 'trx' | 'request'>,
    write: (trx: Db, body: Row) => Promise<Row>,
  ) =>
    inWriteTransaction(ctx.db, changeContextOf(request), async (trx, changes) => {
      const before = event.id === undefined ? null : await store.get(trx, event.id);
      const body = (await hooks.beforeWrite?.({ ...event, trx, request })) ?? event.body ?? {};
      const record = await write(trx, body);
      const after = event.action === 'delete' ? null : record;
      changes.record(resource, String(record.id ?? record._id ?? event.id), before, after);
      return record;
    }).then(async (record) => {
      await hooks.afterCommit?.({ action: event.action, record, request });
      return record;
    });

  if (actions.includes('list')) {
    app.get<{ Querystring: ListQuery }>(
      base,
      {
        config: { permission: permission('list') },
        schema: {
          tags,
          summary: `List ${entry.label.many.toLowerCase()} (whole list, or one page with range/sort/filter)`,
          querystring: listQuery,
          response: { 200: { type: 'array', items: { $ref: entry.schema } } },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, schema, { sort });
        const { rows, total } = await store.list(ctx.db, params);
        return answerList(reply, resource, params, { rows: await Promise.all(rows.map((r) => shape(r, request))), total });
      },
    );
  }

  if (actions.includes('show')) {
    app.get<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        config: { permission: permission('show') },
        schema: {
          tags,
          summary: options.self?.includes('show') ? `One ${one} (anyone may read their own)` : `One ${one}`,
          params: idParams,
          response: { 200: { $ref: entry.schema } },
        },
      },
      async (request) => shape(await store.get(ctx.db, request.params.id), request),
    );
  }

  if (actions.includes('create')) {
    const create = writer('create');
    app.post<{ Body: Row }>(
      base,
      {
        config: { permission: permission('create'), audit: audited('create') },
        schema: { tags, summary: `Add a ${one}`, body: writeSchema(schema, 'create'), response: { 201: { $ref: entry.schema } } },
        preValidation: trimBody,
      },
      async (request, reply) => {
        const body = request.body;
        assertTrimmedText(body, schema);
        const created = await inTransaction(request, { action: 'create', body }, (trx, values) => create(trx, values, now()));
        return reply.status(201).send(await shape(created, request));
      },
    );
  }

  if (actions.includes('edit')) {
    const update = writer('update');
    app.patch<{ Params: { id: string }; Body: Row }>(
      `${base}/:id`,
      {
        config: { permission: permission('edit'), audit: audited('update') },
        schema: {
          tags,
          summary: `Change a ${one} (only the fields sent)`,
          params: idParams,
          body: writeSchema(schema, 'update'),
          response: { 200: { $ref: entry.schema } },
        },
        preValidation: trimBody,
      },
      async (request) => {
        const { id } = request.params;
        const body = request.body;
        assertTrimmedText(body, schema);
        return shape(await inTransaction(request, { action: 'edit', id, body }, (trx, values) => update(trx, id, values, now())), request);
      },
    );
  }

  if (actions.includes('delete')) {
    const remove = writer('remove');
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        config: { permission: permission('delete'), audit: audited('delete') },
        schema: {
          tags,
          summary: `Delete a ${one}; answers the deleted record`,
          params: idParams,
          response: { 200: { $ref: entry.schema } },
        },
      },
      async (request) => {
        const { id } = request.params;
        return shape(await inTransaction(request, { action: 'delete', id }, (trx) => remove(trx, id)), request);
      },
    );
  }
};
