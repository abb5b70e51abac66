/**
 * A record's own history, `GET /{path}/{id}/history`, for every resource of the map, under the
 * flag that reads the record (not the audit log's): that one record's changes, newest first,
 * paged like the log.
 * A program's history is every change filed under it (its team, goals, documents…) and is read by
 * a role with can_get_audit or by the program's own heads — a program manager reads what happened
 * in the programs they run, and nothing else.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { resourceEntries, resourceEntry, type ResourceName } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { auditPage } from './audit-store.ts';
import type { AuditFilter } from './audit-filter.ts';
import { AUDIT_FLAG, auditPageAnswer, pageOf, pageParams, type PageQuery } from './audit-routes.ts';

/** Who may read a program's history: the audit flag, or being one of its heads. */
async function assertMayReadProgramHistory(ctx: AppContext, request: FastifyRequest, programId: string): Promise<void> {
  const user = request.sessionUser!;
  if (user.permission[AUDIT_FLAG] === true) return;
  const { rows } = await sql<{ head: boolean }>`
    select program_head @> jsonb_build_array(${user.id}::text) as head from programs where id = ${programId}`.execute(ctx.db);
  if (!rows[0]) throw problems.notFound('Program');
  if (!rows[0].head) throw problems.forbidden(AUDIT_FLAG);
}

/** The history route of `resource`, on the server that serves it. */
export function historyRoute(app: FastifyInstance, ctx: AppContext, resource: ResourceName): void {
  const entry = resourceEntry(resource);
  const isProgram = resource === 'program';
  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    `/${entry.path}/:id/history`,
    {
      config: { permission: needsFlag(mapFlag(resource, 'show')) },
      schema: {
        tags: [entry.label.many],
        summary: isProgram
          ? "Every change filed under the program (its team, goals, documents…), newest first; for can_get_audit or the program's heads"
          : `The ${entry.label.one.toLowerCase()}'s own changes, newest first`,
        params: idParams,
        querystring: pageParams,
        response: { 200: auditPageAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (isProgram) await assertMayReadProgramHistory(ctx, request, id);
      const filter: AuditFilter = isProgram ? { program: id } : { resource, record: id };
      const { limit, before } = pageOf(request.query);
      return auditPage(ctx.db, filter, limit, before);
    },
  );
}

/** The history route of every resource of the map that `server` serves: a new entity gets one with nothing to add. */
export function historyRoutes(app: FastifyInstance, ctx: AppContext, server: 'auth' | 'api'): void {
  for (const [name, entry] of resourceEntries()) if (entry.server === server && entry.permissions.show) historyRoute(app, ctx, name);
}
