/**
 * Programs on the api server (spec 2 §7): the list and one program (plain, full, its modules, its
 * goals) here; add, edit and delete in program-edit-routes.ts; the lock toggle and a module's
 * switch in program-switch-routes.ts; the type lists and the team in program-member-routes.ts;
 * the report in program-report-routes.ts. Every write locks the program's row first
 * (program-guard.ts): 404, 423 while locked (but for the lock toggle), 403 outside the editing
 * window for a change to the program itself.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { EntitySchema } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import { answerList, listQuerySchema, MAX_FILTER_VALUES, parseListParams, type ListQuery } from '../crud/list-params.ts';
import { serveUploads } from '../uploads/public-uploads.ts';
import { MULTIPART_LIMITS } from './program-details.ts';
import { findProgram, fullProgram, LIST_FIELDS, listPrograms, programGoals, programModules } from './program-read.ts';
import { fullAnswer, goalsAnswer, moduleAnswer, programParams } from './program-schemas.ts';
import { PHOTO_FOLDER, programKit, type ProgramKit } from './program-kit.ts';
import { programEditRoutes } from './program-edit-routes.ts';
import { programSwitchRoutes } from './program-switch-routes.ts';
import { memberRoutes } from './program-member-routes.ts';
import { programReportRoutes } from './program-report-routes.ts';

const listQuery = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, filter: { ...listQuerySchema.properties.filter, maxLength: 48 * MAX_FILTER_VALUES } },
};

export async function programRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    serveUploads(scope, ctx.files, PHOTO_FOLDER);
    const kit = programKit(ctx);
    listRoute(scope, kit);
    showRoutes(scope, kit);
    programEditRoutes(scope, kit);
    programSwitchRoutes(scope, kit);
    memberRoutes(scope, kit);
    programReportRoutes(scope, ctx);
  });
}

function listRoute(app: FastifyInstance, { base, tags, one, flag, db }: ProgramKit): void {
  app.get<{ Querystring: ListQuery }>(
    `${base}/programList`,
    {
      config: { permission: flag('list') },
      schema: {
        tags,
        summary:
          'Programs with their goals: whole list, or one page (range) with Content-Range; sort by name, updated_at or created_at; filter {"q": name search, "status": true|false, "id": [...]}',
        querystring: listQuery,
        response: { 200: { type: 'array', items: one } },
      },
    },
    async (request, reply) => {
      const params = parseListParams(request.query, LIST_FIELDS as unknown as EntitySchema, { sort: { field: 'name', order: 'ASC' } });
      return answerList(reply, 'program', params, await listPrograms(db, params));
    },
  );
}

/** One program, read four ways: as stored, in full, its modules, its goals. */
function showRoutes(app: FastifyInstance, { base, tags, one, flag, db }: ProgramKit): void {
  const show = <T>(path: string, summary: string, answer: unknown, read: (id: string) => Promise<T>) =>
    app.get<{ Params: { id: string } }>(
      `${base}/:id${path}`,
      { config: { permission: flag('show') }, schema: { tags, summary, params: programParams, response: { 200: answer } } },
      async (request) => read(request.params.id),
    );
  show('', 'One program (heads, team and types as ids)', one, (id) => findProgram(db, id));
  show(
    '/full',
    'One program with its heads and team as people (list order), its type lists as the records, and its goals',
    fullAnswer,
    (id) => fullProgram(db, id),
  );
  show('/module', "The program's team, heads (ids) and modules", moduleAnswer, (id) => programModules(db, id));
  show('/goal', "The program's goals, oldest first", goalsAnswer, async (id) => ({ goals: await programGoals(db, id) }));
}
