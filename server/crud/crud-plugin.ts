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
import { permissionFor, resourceSchema, type ResourceName } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { needsFlag, needsFlagOrSelf, type PermissionDeclaration } from '../http/permissions.ts';
import { idParams, writeSchema } from '../http/body-schemas.ts';
import { assertTrimmedText } from '../http/text-fields.ts';
import { routeKit } from '../http/route-kit.ts';
import { GenericStore } from './generic-store.ts';
import { answerList, listQuerySchema, MAX_FILTER_VALUES, parseListParams, type ListQuery } from './list-params.ts';
import type { CrudStore, Row } from './crud-store.ts';
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

/** What the routes of one registration share: the resource's kit, its store and hooks, and the rules of its options. */
function crudKit(ctx: AppContext, options: CrudOptions) {
  const { resource, hooks = {}, self = [] } = options;
  const schema = resourceSchema(resource);
  const kit = routeKit(ctx, resource, schema);
  return {
    ...kit,
    db: ctx.db,
    resource,
    schema,
    store: options.store ?? new GenericStore(resource),
    hooks,
    /** The record's name in summaries ("Add a designation"). */
    noun: kit.entry.label.one.toLowerCase(),
    sort: kit.entry.list?.sort ?? { field: '_id', order: 'ASC' as const },
    /** Whether the user named by the route's id may take the action on themselves without the flag. */
    self: (action: Action) => self.includes(action),
    permission: (action: Action): PermissionDeclaration =>
      self.includes(action) ? needsFlagOrSelf(mapFlag(resource, action)) : needsFlag(mapFlag(resource, action)),
    shape: (record: Row, request: FastifyRequest) => (hooks.afterRead ? hooks.afterRead(record, request) : record),
  };
}
type CrudKit = ReturnType<typeof crudKit>;

/** The store's write of that kind; a store without it cannot serve the route, which is a mistake caught at start. */
function writer<K extends 'create' | 'update' | 'remove'>(kit: CrudKit, method: K) {
  const write = kit.store[method];
  if (!write) throw new Error(`${kit.resource}: its store cannot ${method}, so the plugin cannot register that route`);
  return write.bind(kit.store) as NonNullable<CrudStore[K]>;
}

/** The hook, the store's write and its change row, in one transaction; then the hook that runs after the commit. */
async function hookedWrite(
  kit: CrudKit,
  request: FastifyRequest,
  event: Omit<WriteEvent, 'trx' | 'request'>,
  write: (trx: Db, body: Row) => Promise<Row>,
): Promise<Row> {
  const { store, hooks } = kit;
  const record = await kit.write(request, async (trx, changes) => {
    const before = event.id === undefined ? null : await store.get(trx, event.id);
    const body = (await hooks.beforeWrite?.({ ...event, trx, request })) ?? event.body ?? {};
    const written = await write(trx, body);
    const after = event.action === 'delete' ? null : written;
    changes.record(kit.resource, String(written.id ?? written._id ?? event.id), before, after);
    return written;
  });
  await hooks.afterCommit?.({ action: event.action, record, request });
  return record;
}

function listRoute(app: FastifyInstance, kit: CrudKit) {
  app.get<{ Querystring: ListQuery }>(
    kit.base,
    {
      config: { permission: kit.permission('list') },
      schema: {
        tags: kit.tags,
        summary: `List ${kit.entry.label.many.toLowerCase()} (whole list, or one page with range/sort/filter)`,
        querystring: listQuery,
        response: { 200: { type: 'array', items: { $ref: kit.entry.schema } } },
      },
    },
    async (request, reply) => {
      const params = parseListParams(request.query, kit.schema, { sort: kit.sort });
      const { rows, total } = await kit.store.list(kit.db, params);
      return answerList(reply, kit.resource, params, { rows: await Promise.all(rows.map((r) => kit.shape(r, request))), total });
    },
  );
}

function showRoute(app: FastifyInstance, kit: CrudKit) {
  app.get<{ Params: { id: string } }>(
    `${kit.base}/:id`,
    {
      config: { permission: kit.permission('show') },
      schema: {
        tags: kit.tags,
        summary: kit.self('show') ? `One ${kit.noun} (anyone may read their own)` : `One ${kit.noun}`,
        params: idParams,
        response: { 200: { $ref: kit.entry.schema } },
      },
    },
    async (request) => kit.shape(await kit.store.get(kit.db, request.params.id), request),
  );
}

function createRoute(app: FastifyInstance, kit: CrudKit) {
  const create = writer(kit, 'create');
  app.post<{ Body: Row }>(
    kit.base,
    {
      config: { permission: kit.permission('create'), audit: audited('create') },
      schema: {
        tags: kit.tags,
        summary: `Add a ${kit.noun}`,
        body: writeSchema(kit.schema, 'create'),
        response: { 201: { $ref: kit.entry.schema } },
      },
      // Before validation, so the schema judges what will be stored: text trimmed, and an optional
      // field left blank cleared to null (not refused as too short, or as a choice it is not).
      preValidation: kit.trimBody,
    },
    async (request, reply) => {
      const body = request.body;
      assertTrimmedText(body, kit.schema);
      const created = await hookedWrite(kit, request, { action: 'create', body }, (trx, values) => create(trx, values, kit.now()));
      return reply.status(201).send(await kit.shape(created, request));
    },
  );
}

function editRoute(app: FastifyInstance, kit: CrudKit) {
  const update = writer(kit, 'update');
  app.patch<{ Params: { id: string }; Body: Row }>(
    `${kit.base}/:id`,
    {
      config: { permission: kit.permission('edit'), audit: audited('update') },
      schema: {
        tags: kit.tags,
        summary: `Change a ${kit.noun} (only the fields sent)`,
        params: idParams,
        body: writeSchema(kit.schema, 'update'),
        response: { 200: { $ref: kit.entry.schema } },
      },
      preValidation: kit.trimBody,
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      assertTrimmedText(body, kit.schema);
      const updated = await hookedWrite(kit, request, { action: 'edit', id, body }, (trx, values) => update(trx, id, values, kit.now()));
      return kit.shape(updated, request);
    },
  );
}

function deleteRoute(app: FastifyInstance, kit: CrudKit) {
  const remove = writer(kit, 'remove');
  app.delete<{ Params: { id: string } }>(
    `${kit.base}/:id`,
    {
      config: { permission: kit.permission('delete'), audit: audited('delete') },
      schema: {
        tags: kit.tags,
        summary: `Delete a ${kit.noun}; answers the deleted record`,
        params: idParams,
        response: { 200: { $ref: kit.entry.schema } },
      },
    },
    async (request) => {
      const { id } = request.params;
      return kit.shape(await hookedWrite(kit, request, { action: 'delete', id }, (trx) => remove(trx, id)), request);
    },
  );
}

/** Each action's route, registered in this order. */
const ROUTES: Record<Action, (app: FastifyInstance, kit: CrudKit) => void> = {
  list: listRoute,
  show: showRoute,
  create: createRoute,
  edit: editRoute,
  delete: deleteRoute,
};

export const crudPlugin: FastifyPluginAsync<CrudOptions> = async (app, options) => {
  const kit = crudKit(app.appContext, options);
  const actions = ALL.filter((a) => (options.only ?? ALL).includes(a) && !(options.except ?? []).includes(a));
  for (const action of actions) ROUTES[action](app, kit);
};
