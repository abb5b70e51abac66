/**
 * /role and /permission routes (spec 1 §7): the list and one role come from the CRUD plugin;
 * adding (with its slug), renaming, deleting and the flags keep the privilege rules of their own.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Role } from '@model/generated/index.ts';
import { resourceSchema, schemaById } from '@model/schema-registry.ts';
import { needsFlag } from '../../http/permissions.ts';
import { idParams, writeSchema } from '../../http/body-schemas.ts';
import { problems } from '../../http/errors.ts';
import { rowToWire } from '../../db/columns.ts';
import { GenericStore } from '../../crud/generic-store.ts';
import { crudPlugin, mapFlag } from '../../crud/crud-plugin.ts';
import type { Row } from '../../crud/crud-store.ts';
import {
  assertAdminRoleKept,
  assertGrantable,
  assertMayManageRole,
  assertMayNameRole,
  assertNotSelf,
  flagsTurnedOn,
} from '../privileges.ts';
import { keepingARoleEditor } from '../role-editors.ts';
import { roleNameKey } from '../role-name.ts';
import { insertRole } from '../role-insert.ts';
import { roleForCaller } from '../permission-visibility.ts';
import type { Db } from '../../db/database.ts';
import { routeKit } from '../../http/route-kit.ts';
import { audited } from '../../changes/audit-declaration.ts';

const schema = resourceSchema('role');
const tags = ['Roles'];
const one = { $ref: 'role' };

const permissionBody = { ...schemaById('permission'), $id: undefined, title: 'Permission flags', minProperties: 1 };

/** A stored role, as the privilege rules read it. */
type StoredRole = Required<Pick<Role, '_id' | 'role' | 'role_slug'>> & { permission: Record<string, boolean> };

/** A role as the wire shows it: name_key is the database's business. */
function toWire(row: Row): Row {
  const { name_key: _key, ...role } = row;
  return role;
}

/** The name as stored (trimmed, model/trim-text.ts); '   ' or only invisible characters pass the schema's minLength but are no name. */
function roleName(name: string): string {
  const trimmed = trimText(name);
  if (!roleNameKey(trimmed)) throw problems.validation({ role: schema.properties.role['x-messages']?.required ?? 'Role is required' });
  return trimmed;
}

/**
 * A role as the change log keeps it: each permission flag its own field (`can_edit_user: [false,
 * true]`), so who gave a role a flag reads directly; name_key is derived from the name.
 */
export async function roleLogRow(trx: Db, id: string): Promise<Row> {
  const {
    name_key: _derived,
    permission,
    ...role
  } = await trx.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ...role, ...(permission as Record<string, boolean>) };
}

const caller = (request: FastifyRequest) => request.sessionUser!;

/** What the role routes share: the write runner, the store, a role read under lock, and a role as the caller may see it. */
function roleKit(ctx: AppContext) {
  const { write, now } = routeKit(ctx, 'role');
  const store = new GenericStore('role', 'roles');
  return {
    db: ctx.db,
    write,
    now,
    store,
    /** The role as stored, its row locked until the transaction ends: two editors' checks run one after the other. */
    lockedRole: async (trx: Db, id: string) => {
      await trx.selectFrom('roles').select('id').where('id', '=', id).forUpdate().execute();
      return (await store.get(trx, id)) as StoredRole;
    },
    /** A role as this caller may see it: the flags only with can_get_permission. */
    answer: (row: Row, request: FastifyRequest) => roleForCaller(toWire(row), caller(request)),
  };
}
type RoleKit = ReturnType<typeof roleKit>;

/**
 * One change of a stored role (its name, status or flags): the row locked, the caller's right to
 * manage it and the route's own `check` judged on the role as stored, then `apply`, recorded with
 * the role before and after. A change that leaves nobody able to edit roles is refused.
 */
function changeRole(
  kit: RoleKit,
  request: FastifyRequest<{ Params: { id: string } }>,
  check: (current: StoredRole) => void,
  apply: (trx: Db) => Promise<Row>,
): Promise<Row> {
  const { id } = request.params;
  return kit.write(request, (trx, changes) =>
    keepingARoleEditor(trx, async () => {
      const current = await kit.lockedRole(trx, id);
      assertMayManageRole(caller(request), current);
      check(current);
      const before = await roleLogRow(trx, id);
      const written = await apply(trx);
      changes.record('role', id, before, await roleLogRow(trx, id));
      return written;
    }),
  );
}

function addRoleRoute(app: FastifyInstance, kit: RoleKit) {
  app.post<{ Body: Pick<Role, 'role' | 'status'> }>(
    '/role',
    {
      config: {
        permission: needsFlag(mapFlag('role', 'create')),
        audit: audited('create'),
        errors: { codes: { 403: ['ADMIN_NAME_RESERVED'], 409: ['CHANGED_MEANWHILE'] } },
      },
      schema: { tags, summary: 'Add a role (no flags yet)', body: writeSchema(schema, 'create'), response: { 201: one } },
    },
    async (request, reply) => {
      const role = roleName(request.body.role);
      assertMayNameRole(caller(request), role);
      const created = await kit.write(request, async (trx, changes) => {
        const inserted = await insertRole(trx, role, request.body.status ?? true, kit.now());
        changes.record('role', inserted.id, null, await roleLogRow(trx, inserted.id));
        return inserted;
      });
      return reply.status(201).send(kit.answer(rowToWire(created), request));
    },
  );
}

function changeRoleRoute(app: FastifyInstance, kit: RoleKit) {
  app.patch<{ Params: { id: string }; Body: Partial<Pick<Role, 'role' | 'status'>> }>(
    '/role/:id',
    {
      config: {
        permission: needsFlag(mapFlag('role', 'edit')),
        audit: audited('update'),
        errors: {
          codes: { 403: ['PRIVILEGE_ESCALATION', 'ADMIN_NAME_RESERVED', 'ADMIN_ROLE_FIXED', 'SELF_CHANGE'], 409: ['LAST_ROLE_EDITOR'] },
        },
      },
      schema: {
        tags,
        summary: 'Rename, activate or deactivate a role (flags: PATCH /permission/{id})',
        params: idParams,
        body: writeSchema(schema, 'update'),
        response: { 200: one },
      },
    },
    async (request) => {
      if (request.body.status === false) {
        const own = await kit.db.selectFrom('users').select('role_id').where('id', '=', caller(request).id).executeTakeFirst();
        if (own?.role_id === request.params.id) assertNotSelf(caller(request), caller(request).id, 'deactivate your own role');
      }
      const body = request.body.role !== undefined ? { ...request.body, role: roleName(request.body.role) } : request.body;
      const row = body.role !== undefined ? { ...body, name_key: roleNameKey(body.role) } : body;
      // Deactivating a role may take away the last editors of roles.
      const updated = await changeRole(
        kit,
        request,
        (current) => {
          assertAdminRoleKept(current, { name: body.role });
          if (body.role !== undefined) assertMayNameRole(caller(request), body.role, current.role);
        },
        (trx) => kit.store.update(trx, request.params.id, row, kit.now()),
      );
      return kit.answer(updated, request);
    },
  );
}

function deleteRoleRoute(app: FastifyInstance, kit: RoleKit) {
  app.delete<{ Params: { id: string } }>(
    '/role/:id',
    {
      config: {
        permission: needsFlag(mapFlag('role', 'delete')),
        audit: audited('delete'),
        errors: { codes: { 403: ['PRIVILEGE_ESCALATION'], 409: ['ROLE_IN_USE'] } },
      },
      schema: { tags, summary: 'Delete a role no user holds', params: idParams, response: { 200: one } },
    },
    async (request) => {
      const { id } = request.params;
      return kit.write(request, async (trx, changes) => {
        // Locked first: a user being given this role meanwhile (its foreign key shares the lock) is counted.
        assertMayManageRole(caller(request), await kit.lockedRole(trx, id));
        const { count } = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('role_id', '=', id)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow();
        if (Number(count) > 0) throw problems.roleInUse(Number(count));
        // Deleted users keep their history but not the role: it may go.
        const released = await trx
          .updateTable('users')
          .set({ role_id: null })
          .where('role_id', '=', id)
          .where('deleted_at', 'is not', null)
          .returning('id')
          .execute();
        for (const user of released) changes.record('user', user.id, { role_id: id }, { role_id: null }, { action: 'update' });
        changes.record('role', id, await roleLogRow(trx, id), null);
        return kit.answer(await kit.store.remove(trx, id), request);
      });
    },
  );
}

function readPermissionRoute(app: FastifyInstance, kit: RoleKit) {
  app.get<{ Params: { id: string } }>(
    '/permission/:id',
    {
      config: { permission: needsFlag('can_get_permission') },
      schema: { tags, summary: "One role with its permission flags (the checklist's data)", params: idParams, response: { 200: one } },
    },
    async (request) => kit.answer(await kit.store.get(kit.db, request.params.id), request),
  );
}

function setPermissionRoute(app: FastifyInstance, kit: RoleKit) {
  app.patch<{ Params: { id: string }; Body: Record<string, boolean> }>(
    '/permission/:id',
    {
      config: {
        permission: needsFlag('can_edit_permission'),
        audit: audited('permission-change'),
        errors: { codes: { 403: ['PRIVILEGE_ESCALATION', 'ADMIN_ROLE_FIXED'], 409: ['LAST_ROLE_EDITOR'] } },
      },
      schema: {
        tags,
        summary: "Set a role's permission flags (only those sent change)",
        params: idParams,
        body: permissionBody,
        response: { 200: one },
      },
    },
    async (request) => {
      // Switching a flag off may take away the last editors of roles.
      const { id } = request.params;
      const updated = await changeRole(
        kit,
        request,
        (current) => {
          assertAdminRoleKept(current, { flags: true });
          assertGrantable(caller(request), flagsTurnedOn(current.permission, request.body));
        },
        async (trx) => {
          // Merged in one statement: only the flags sent change (and each flag changed is its own field of the change).
          await trx
            .updateTable('roles')
            .set({ permission: sql<string>`permission || ${JSON.stringify(request.body)}::jsonb`, updated_at: kit.now() })
            .where('id', '=', id)
            .execute();
          return kit.store.get(trx, id);
        },
      );
      return kit.answer(updated, request);
    },
  );
}

export function roleRoutes(app: FastifyInstance, ctx: AppContext) {
  const kit = roleKit(ctx);
  app.register(crudPlugin, { resource: 'role', only: ['list', 'show'], store: kit.store, hooks: { afterRead: kit.answer } });
  addRoleRoute(app, kit);
  changeRoleRoute(app, kit);
  deleteRoleRoute(app, kit);
  readPermissionRoute(app, kit);
  setPermissionRoute(app, kit);
}
