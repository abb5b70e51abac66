/**
 * Programs on the api server (spec 2 §7): the list, one program (plain, full, its modules, its
 * goals), add and edit (multipart with the image; the edit also as JSON for status, modules and
 * whole lists), delete, the lock toggle, a module's switch, attaching and detaching type
 * records, and the team. Every write locks the program's row first (program-guard.ts): 404,
 * 423 while locked (but for the lock toggle), 403 outside the editing window for a change to
 * the program itself.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { PHOTO_MAX_BYTES } from '@model/rules';
import type { EntitySchema } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { answerList, listQuerySchema, MAX_FILTER_VALUES, parseListParams, type ListQuery } from '../crud/list-params.ts';
import { needsFlag } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { removeImage, serveUploads, storeImage } from '../uploads/public-uploads.ts';
import { guardProgramWrite } from './program-guard.ts';
import { ALWAYS_EDIT_FLAG, LOCK_FLAG, TEAM_FLAG, TYPES_FLAG } from './program-flags.ts';
import { readDetails, multipartBody, MULTIPART_LIMITS } from './program-details.ts';
import { assertKeepsAHead, assertPeople, assertTypesExist, HEAD_REQUIRED } from './program-checks.ts';
import { findProgram, fullProgram, LIST_FIELDS, listPrograms, programGoals, programModules } from './program-read.ts';
import {
  deleteProgram,
  insertProgram,
  nameTakenProblem,
  setModule,
  toggleLock,
  updateDetails,
  updateLists,
  type ListsChange,
} from './program-writes.ts';
import { TYPE_LIST_NAMES, type ProgramModule } from './program-lists.ts';
import { fullAnswer, goalsAnswer, listsBody, lockAnswer, moduleAnswer, moduleBody, programParams } from './program-schemas.ts';
import { routeKit } from '../http/route-kit.ts';
import { assertNotHeld, referrersOf } from '../crud/references.ts';
import { audited } from '../changes/audit-declaration.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import type { Row } from '../changes/changed-fields.ts';
import { goalsOfProgram } from '../goals/goal-store.ts';
import { goalRecord } from '../goals/goal-changes.ts';
import { notificationsOfProgram } from '../notifications/notification-store.ts';
import { editAction, recordProgram } from './program-changes.ts';
import { memberRoutes } from './program-member-routes.ts';
import { programReportRoutes } from './program-report-routes.ts';

/** Program images: `UPLOADS_DIR/programs/<random>.<ext>`, served publicly at /uploads/programs/…. */
const PHOTO_FOLDER = 'programs';
const UPLOAD_BODY_LIMIT = PHOTO_MAX_BYTES + 256 * 1024;
const listQuery = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, filter: { ...listQuerySchema.properties.filter, maxLength: 48 * MAX_FILTER_VALUES } },
};

export async function programRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: MULTIPART_LIMITS });
    await serveUploads(scope, ctx.config.uploadsDir, PHOTO_FOLDER);
    routes(scope, ctx);
    memberRoutes(scope, ctx);
    programReportRoutes(scope, ctx);
  });
}

interface Stored {
  program_head: string[];
  teams: string[];
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const { base, tags, one, now, write } = routeKit(ctx, 'program');
  const flag = (action: 'list' | 'show' | 'create' | 'edit' | 'delete') => needsFlag(mapFlag('program', action));
  /** A change to the program itself: locked → 423, outside the editing window → 403. */
  const programChange = (trx: Db, request: FastifyRequest, id: string) => guardProgramWrite(trx, request, id, { programChange: true });
  const stored = async (trx: Db, id: string): Promise<Stored> =>
    (await trx.selectFrom('programs').select(['program_head', 'teams']).where('id', '=', id).executeTakeFirstOrThrow()) as Stored;
  const removePhoto = (photo: string | null | undefined) => removeImage(ctx.config.uploadsDir, PHOTO_FOLDER, photo);

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
      return answerList(reply, 'program', params, await listPrograms(ctx.db, params));
    },
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('show') },
      schema: { tags, summary: 'One program (heads, team and types as ids)', params: programParams, response: { 200: one } },
    },
    async (request) => findProgram(ctx.db, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/full`,
    {
      config: { permission: flag('show') },
      schema: {
        tags,
        summary: 'One program with its heads and team as people (list order), its type lists as the records, and its goals',
        params: programParams,
        response: { 200: fullAnswer },
      },
    },
    async (request) => fullProgram(ctx.db, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/module`,
    {
      config: { permission: flag('show') },
      schema: { tags, summary: "The program's team, heads (ids) and modules", params: programParams, response: { 200: moduleAnswer } },
    },
    async (request) => programModules(ctx.db, request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/goal`,
    {
      config: { permission: flag('show') },
      schema: { tags, summary: "The program's goals, oldest first", params: programParams, response: { 200: goalsAnswer } },
    },
    async (request) => ({ goals: await programGoals(ctx.db, request.params.id) }),
  );

  app.post(
    base,
    {
      config: { permission: flag('create'), audit: audited('create') },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary: "Add a program (multipart: the form's fields, program_head as a JSON list, an optional image); 422 when the name is taken",
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody('create'),
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const { details, photo } = await readDetails(request, 'create');
      const stored = photo ? await storeImage(ctx.config.uploadsDir, PHOTO_FOLDER, photo.content, photo.ext) : null;
      try {
        const created = await write(request, async (trx, changes) => {
          const heads = details.program_head ?? [];
          await assertPeople(trx, { program_head: heads });
          const id = await insertProgram(
            trx,
            {
              name: details.name!,
              description: details.description!,
              no_of_days_for_edit_program: details.no_of_days_for_edit_program!,
              documentVisible: details.documentVisible!,
              program_head: heads,
              photo: stored,
            },
            request.sessionUser!.id,
            now(),
          );
          const program = await findProgram(trx, id);
          recordProgram(changes, null, program);
          return program;
        });
        return reply.status(201).send(created);
      } catch (err) {
        await removePhoto(stored);
        throw nameTakenProblem(err);
      }
    },
  );

  app.patch<{ Params: { id: string }; Body: ListsChange & { _id?: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('edit'), audit: audited('update') },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Change a program: multipart with the form's fields (any of them; program_head not empty) and an optional new image, " +
          'or JSON with status, active_module (the modules sent), or whole lists (heads, team, types). ' +
          'A list of heads sent alone takes its users out of the team, and the other way round. ' +
          'JSON teams or program_head also need can_manage_program_team, a type list can_manage_program_types (403 naming the flag)',
        consumes: ['multipart/form-data', 'application/json'],
        multipartBody: multipartBody('update'),
        body: { content: { 'application/json': { schema: listsBody } } },
        params: programParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (request.isMultipart()) {
        const { details, photo } = await readDetails(request, 'update');
        if (!Object.keys(details).length && !photo) throw problems.validation({ name: 'Send at least one field to change' });
        const newPhoto = photo ? await storeImage(ctx.config.uploadsDir, PHOTO_FOLDER, photo.content, photo.ext) : undefined;
        try {
          const { program, replacedPhoto } = await write(request, async (trx, changes) => {
            const guarded = await programChange(trx, request, id);
            assertMayChangeWindow(request, guarded.no_of_days_for_edit_program, details.no_of_days_for_edit_program);
            const before = await findProgram(trx, id);
            if (details.program_head) {
              const current = await stored(trx, id);
              await assertPeople(trx, { program_head: details.program_head.filter((u) => !current.program_head.includes(u)) });
            }
            const { replacedPhoto } = await updateDetails(trx, id, { ...details, photo: newPhoto }, now());
            const program = await findProgram(trx, id);
            recordProgram(changes, before, program);
            return { program, replacedPhoto };
          });
          await removePhoto(replacedPhoto);
          return program;
        } catch (err) {
          await removePhoto(newPhoto);
          throw nameTakenProblem(err);
        }
      }
      // Fastify parses text/plain too (to a string), and a body without a type reaches here unparsed.
      if (!isJson(request)) throw problems.unsupportedMediaType('JSON (application/json) or a form (multipart/form-data)');
      const { _id: _ignored, ...change } = request.body ?? {};
      if (!Object.keys(change).length) throw problems.validation({ status: 'Send at least one field to change' });
      if (change.program_head && !change.program_head.length) throw problems.validation({ program_head: HEAD_REQUIRED });
      // Whole lists are the team's and the types' business: the same flags as their own routes.
      const holds = (flag: string) => request.sessionUser!.permission[flag] === true;
      if ((change.teams || change.program_head) && !holds(TEAM_FLAG)) throw problems.forbidden(TEAM_FLAG);
      if (TYPE_LIST_NAMES.some((list) => change[list]) && !holds(TYPES_FLAG)) throw problems.forbidden(TYPES_FLAG);
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        const before = await findProgram(trx, id);
        const current = await stored(trx, id);
        // Heads already heads passed the check when they became heads; one coming from the team is
        // checked now as a head (active, not the built-in admin), as the team route checks them.
        const newHeads = change.program_head?.filter((u) => !current.program_head.includes(u));
        const newMembers = change.teams?.filter((u) => !current.program_head.includes(u) && !current.teams.includes(u));
        await assertPeople(trx, { program_head: newHeads, teams: newMembers });
        if (change.program_head && change.teams && change.program_head.some((u) => change.teams!.includes(u)))
          throw problems.validation({ teams: 'A user is either a program head or a team member, not both' });
        const headsAfter = change.program_head ?? current.program_head.filter((u) => !change.teams?.includes(u));
        assertKeepsAHead(current.program_head, headsAfter);
        for (const list of TYPE_LIST_NAMES) if (change[list]) await assertTypesExist(trx, list, change[list]);
        await updateLists(trx, id, change, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { action: editAction });
        return program;
      });
    },
  );

  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('delete'), audit: audited('delete') },
      schema: {
        tags,
        summary: 'Delete a program with its goals and notifications; answers the deleted program (423 while locked)',
        params: programParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      const deleted = await write(request, async (trx, changes) => {
        await guardProgramWrite(trx, request, id, { programChange: false });
        const program = await findProgram(trx, id);
        // Its documents keep it (409 "3 Documents use this Program"), counted under the row lock the guard took.
        await assertNotHeld(trx, referrersOf('program'), id, 'Program');
        await recordDeleted(trx, changes, program);
        await deleteProgram(trx, id);
        return program;
      });
      await removePhoto(deleted.photo as string | null);
      return deleted;
    },
  );

  app.patch<{ Params: { id: string } }>(
    `${base}/change/lock/status/:id`,
    {
      // One toggle: its row says which way it went (`lock`, or `unlock` when it unlocked).
      config: { permission: needsFlag(LOCK_FLAG), audit: audited('lock') },
      schema: {
        tags,
        summary: 'Lock an unlocked program, unlock a locked one (the only write a locked program takes)',
        params: programParams,
        response: { 200: lockAnswer },
      },
    },
    async (request) =>
      write(request, async (trx, changes) => {
        const { id } = request.params;
        // Locked first, so the program read is the one toggled (a missing one: 404 Program, as before).
        await trx.selectFrom('programs').select('id').where('id', '=', id).forUpdate().execute();
        const before = await findProgram(trx, id);
        const toggled = await toggleLock(trx, id, now());
        recordProgram(changes, before, await findProgram(trx, id), { action: toggled.lockProgram ? 'lock' : 'unlock' });
        return toggled;
      }),
  );

  app.put<{ Params: { id: string }; Body: { module: ProgramModule; status: boolean } }>(
    `${base}/change/status/module/program/:id`,
    {
      // One switch: its row says which way it went (`module-on`, or `module-off`).
      config: { permission: flag('edit'), audit: audited('module-on') },
      schema: { tags, summary: 'Switch one module on or off', params: programParams, body: moduleBody, response: { 200: one } },
    },
    async (request) => {
      const { id } = request.params;
      return write(request, async (trx, changes) => {
        await programChange(trx, request, id);
        const before = await findProgram(trx, id);
        await setModule(trx, id, request.body.module, request.body.status, now());
        const program = await findProgram(trx, id);
        recordProgram(changes, before, program, { action: request.body.status ? 'module-on' : 'module-off' });
        return program;
      });
    },
  );
}

/** A program deleted takes its goals and notifications with it (by cascade): each is recorded deleted. */
async function recordDeleted(trx: Db, changes: ChangeSet, program: Row): Promise<void> {
  const id = String(program._id);
  recordProgram(changes, program, null);
  for (const goal of await goalsOfProgram(trx, id)) changes.record('goal', goal._id, goalRecord(goal), null, { programId: id });
  for (const note of await notificationsOfProgram(trx, id)) changes.record('notification', note._id, { ...note }, null, { programId: id });
}

/**
 * A role bound by the editing window must not stretch it from inside (36500 days); only a role
 * that may edit whenever it likes changes it on an existing program. Sending the value it has is no change.
 */
function assertMayChangeWindow(request: FastifyRequest, days: number, sent: number | undefined): void {
  if (sent === undefined || sent === days || request.sessionUser!.permission[ALWAYS_EDIT_FLAG] === true) return;
  throw problems.forbidden(ALWAYS_EDIT_FLAG, `Only a role with ${ALWAYS_EDIT_FLAG} may change the days a program stays editable`);
}

function isJson(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}
