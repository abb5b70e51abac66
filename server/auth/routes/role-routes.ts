/** /role and /permission routes (spec 1 §7): roles by name, their flags, and safe deletion. */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../context.ts';
import { permissionFlags, resourceEntry, resourceSchema, schemaById } from '../../../src/shared/schema-registry.ts';
import { needsFlag } from '../../http/permissions.ts';
import { idParams, writeSchema } from '../../http/body-schemas.ts';
import { Problem, problems } from '../../http/errors.ts';
import { GenericStore } from '../../crud/generic-store.ts';
import { answerList, listQuerySchema, parseListParams, type ListQuery } from '../../crud/list-params.ts';
import { assertGrantable, assertMayManageRole, assertMayNameRole, assertNotSelf, flagsTurnedOn } from '../privileges.ts';

const schema = resourceSchema('role');
const entry = resourceEntry('role');
const tags = ['Roles'];
const one = { $ref: 'role' };

export function slugify(name: string): string {
  return name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'role';
}

const permissionBody = { ...schemaById('permission'), $id: undefined, title: 'Permission flags', minProperties: 1 };

/** The name as stored (trimmed); '   ' passes the schema's minLength but is no name. */
function roleName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw problems.validation({ role: schema.properties.role['x-messages']?.required ?? 'Role is required' });
  return trimmed;
}

export function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = new GenericStore(ctx.db as unknown as Kysely<any>, 'roles', schema, entry);
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
      return answerList(reply, 'role', params, await store.list(params));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/role/:id',
    { config: { permission: needsFlag('can_get_role') }, schema: { tags, summary: 'One role with its flags', params: idParams, response: { 200: one } } },
    async (request) => store.get(request.params.id),
  );

  app.post<{ Body: { role: string; status?: boolean } }>(
    '/role',
    { config: { permission: needsFlag('can_create_role') }, schema: { tags, summary: 'Add a role (no flags yet)', body: writeSchema(schema, 'create'), response: { 201: one } } },
    async (request, reply) => {
      const role = roleName(request.body.role);
      assertMayNameRole(caller(request), role);
      const slug = await freeSlug(ctx.db as unknown as Kysely<any>, slugify(role));
      const noFlags = Object.fromEntries(permissionFlags.map((f) => [f.name, false]));
      const created = await store.create({ role, status: request.body.status ?? true, role_slug: slug, permission: JSON.stringify(noFlags) }, now());
      return reply.status(201).send(created);
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
      const current = (await store.get(request.params.id)) as { role: string; permission: Record<string, boolean> };
      assertMayManageRole(caller(request), current);
      if (body.role !== undefined) assertMayNameRole(caller(request), body.role, current.role);
      return store.update(request.params.id, body, now());
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/role/:id',
    { config: { permission: needsFlag('can_delete_role') }, schema: { tags, summary: 'Delete a role no user holds', params: idParams, response: { 200: one } } },
    async (request) => {
      assertMayManageRole(caller(request), (await store.get(request.params.id)) as { role: string; permission: Record<string, boolean> });
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
        return new GenericStore(trx as unknown as Kysely<any>, 'roles', schema, entry).remove(request.params.id);
      });
    },
  );

  app.patch<{ Params: { id: string }; Body: Record<string, boolean> }>(
    '/permission/:id',
    {
      config: { permission: needsFlag('can_edit_role') },
      schema: { tags, summary: "Set a role's permission flags (only those sent change)", params: idParams, body: permissionBody, response: { 200: one } },
    },
    async (request) => {
      const current = (await store.get(request.params.id)) as { role: string; permission: Record<string, boolean> };
      assertMayManageRole(caller(request), current);
      assertGrantable(caller(request), flagsTurnedOn(current.permission, request.body));
      // Merged in one statement: two editors ticking different flags at once both keep theirs.
      await ctx.db
        .updateTable('roles')
        .set({ permission: sql`permission || ${JSON.stringify(request.body)}::jsonb` as never, updated_at: now() })
        .where('id', '=', request.params.id)
        .execute();
      return store.get(request.params.id);
    },
  );
}

/** "field-staff", or "field-staff-2" when taken: the slug names a role in code and never changes. */
async function freeSlug(db: Kysely<any>, base: string): Promise<string> {
  const taken = new Set(
    (await db.selectFrom('roles').select('role_slug').where('role_slug', 'like', `${base}%`).execute()).map((r) => r.role_slug as string),
  );
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
