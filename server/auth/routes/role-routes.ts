/** /role and /permission routes (spec 1 §7): roles by name, their flags, and safe deletion. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { resourceEntry, resourceSchema, schemaById } from '@model/schema-registry.ts';
import { needsFlag } from '../../http/permissions.ts';
import { idParams, writeSchema } from '../../http/body-schemas.ts';
import { Problem, problems } from '../../http/errors.ts';
import { rowToWire } from '../../db/columns.ts';
import { GenericStore } from '../../crud/generic-store.ts';
import { answerList, listQuerySchema, parseListParams, type ListQuery } from '../../crud/list-params.ts';
import { assertAdminRoleKept, assertGrantable, assertMayManageRole, assertMayNameRole, assertNotSelf, flagsTurnedOn } from '../privileges.ts';
import { keepingARoleEditor } from '../role-editors.ts';
import { roleNameKey } from '../role-name.ts';
import { insertRole } from '../role-insert.ts';

const schema = resourceSchema('role');
const entry = resourceEntry('role');
const tags = ['Roles'];
const one = { $ref: 'role' };

const permissionBody = { ...schemaById('permission'), $id: undefined, title: 'Permission flags', minProperties: 1 };

type Role = { role: string; role_slug: string; permission: Record<string, boolean> };

/** A role as the wire shows it: name_key is the database's business. */
function toWire(row: Record<string, unknown>): Record<string, unknown> {
  const { name_key: _key, ...role } = row;
  return role;
}

/** The name as stored (trimmed); '   ' or only invisible characters pass the schema's minLength but are no name. */
function roleName(name: string): string {
  const trimmed = name.trim();
  if (!roleNameKey(trimmed)) throw problems.validation({ role: schema.properties.role['x-messages']?.required ?? 'Role is required' });
  return trimmed;
}

export function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  const storeOf = (db: Db) => new GenericStore(db as unknown as Kysely<any>, 'roles', schema, entry);
  const store = storeOf(ctx.db);
  const getRole = async (id: string) => (await store.get(id)) as unknown as Role;
  const now = () => ctx.config.clock.now();
  const caller = (request: import('fastify').FastifyRequest) => request.sessionUser!;

  app.get<{ Querystring: ListQuery }>(
    '/role',
    {
      config: { permission: needsFlag('can_get_role') },
      schema: { tags, summary: 'List roles, sorted by name', querystring: listQuerySchema, response: { 200: { type: 'array', items: one } } },
    },
    async (request, reply) => {
      const params = parseListParams(request.query, schema, { sort: { field: 'role', order: 'ASC' } });
      const { rows, total } = await store.list(params);
      return answerList(reply, 'role', params, { rows: rows.map(toWire), total });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/role/:id',
    { config: { permission: needsFlag('can_get_role') }, schema: { tags, summary: 'One role with its flags', params: idParams, response: { 200: one } } },
    async (request) => toWire(await store.get(request.params.id)),
  );

  app.post<{ Body: { role: string; status?: boolean } }>(
    '/role',
    { config: { permission: needsFlag('can_create_role') }, schema: { tags, summary: 'Add a role (no flags yet)', body: writeSchema(schema, 'create'), response: { 201: one } } },
    async (request, reply) => {
      const role = roleName(request.body.role);
      assertMayNameRole(caller(request), role);
      const created = await insertRole(ctx.db, role, request.body.status ?? true, now());
      return reply.status(201).send(toWire(rowToWire(created)));
    },
  );

  app.patch<{ Params: { id: string }; Body: { role?: string; status?: boolean } }>(
    '/role/:id',
    {
      config: { permission: needsFlag('can_edit_role') },
      schema: { tags, summary: 'Rename, activate or deactivate a role (flags: PATCH /permission/{id})', params: idParams, body: writeSchema(schema, 'update'), response: { 200: one } },
    },
    async (request) => {
      if (request.body.status === false) {
        const own = await ctx.db.selectFrom('users').select('role_id').where('id', '=', caller(request).id).executeTakeFirst();
        if (own?.role_id === request.params.id) assertNotSelf(caller(request), caller(request).id, 'deactivate your own role');
      }
      const body = request.body.role !== undefined ? { ...request.body, role: roleName(request.body.role) } : request.body;
      const current = await getRole(request.params.id);
      assertMayManageRole(caller(request), current);
      assertAdminRoleKept(current, { name: body.role });
      if (body.role !== undefined) assertMayNameRole(caller(request), body.role, current.role);
      const row = body.role !== undefined ? { ...body, name_key: roleNameKey(body.role) } : body;
      // Deactivating a role may take away the last editors of roles.
      return toWire(await keepingARoleEditor(ctx.db, (trx) => storeOf(trx).update(request.params.id, row, now())));
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/role/:id',
    { config: { permission: needsFlag('can_delete_role') }, schema: { tags, summary: 'Delete a role no user holds', params: idParams, response: { 200: one } } },
    async (request) => {
      assertMayManageRole(caller(request), await getRole(request.params.id));
      const { count } = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('role_id', '=', request.params.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      const holders = Number(count);
      if (holders > 0) {
        throw new Problem(409, 'ROLE_IN_USE', `This role is held by ${holders} user${holders === 1 ? '' : 's'}; give them another role first`, undefined, { users: holders });
      }
      // Deleted users keep their history but not the role: it may go.
      return ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ role_id: null }).where('role_id', '=', request.params.id).where('deleted_at', 'is not', null).execute();
        return toWire(await storeOf(trx).remove(request.params.id));
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/permission/:id',
    { config: { permission: needsFlag('can_get_permission') }, schema: { tags, summary: "One role with its permission flags (the checklist's data)", params: idParams, response: { 200: one } } },
    async (request) => toWire(await store.get(request.params.id)),
  );

  app.patch<{ Params: { id: string }; Body: Record<string, boolean> }>(
    '/permission/:id',
    {
      config: { permission: needsFlag('can_edit_permission') },
      schema: { tags, summary: "Set a role's permission flags (only those sent change)", params: idParams, body: permissionBody, response: { 200: one } },
    },
    async (request) => {
      const current = await getRole(request.params.id);
      assertMayManageRole(caller(request), current);
      assertAdminRoleKept(current, { flags: true });
      assertGrantable(caller(request), flagsTurnedOn(current.permission, request.body));
      // Merged in one statement: two editors ticking different flags at once both keep theirs.
      // Switching a flag off may take away the last editors of roles.
      await keepingARoleEditor(ctx.db, (trx) =>
        trx
          .updateTable('roles')
          .set({ permission: sql`permission || ${JSON.stringify(request.body)}::jsonb` as never, updated_at: now() })
          .where('id', '=', request.params.id)
          .execute(),
      );
      return toWire(await store.get(request.params.id));
    },
  );
}
