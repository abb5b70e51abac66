/**
 * The console's sync calls (spec 2 §7): build a program's offline database now and say what it
 * holds (`GET /sync/{id}`, the Overview's Database Sync), and publish the view lists' current
 * rows into every program database that uses them (`POST /sync/viewlist`, one list:
 * `POST /sync/viewlist/{id}`). The follower (sync-follower.ts) does the same after every change
 * on its own; these are for a person who wants it done, and seen done, now. And two calls of
 * the spec's: give a user their offline databases (`GET /sync/add/{id}`) and compact a program's
 * (`GET /sync/compact/{id}`).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { problems } from '../http/errors.ts';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { notAudited } from '../changes/audit-declaration.ts';
import { findProgram } from '../programs/program-read.ts';
import { programParams } from '../programs/program-schemas.ts';
import { findViewList, VIEW_LIST_RESOURCE } from '../view-lists/view-list-store.ts';
import { buildDependents, buildProgram, ensureBuilt, programDatabaseSummary } from './program-builds.ts';
import { programDatabase } from './program-database.ts';
import { compactDatabase } from './compact-database.ts';
import { writeProfile } from './user-profile.ts';
import { userDatabase } from './database-names.ts';
import { addedUser, compacted, databaseSummary, viewListSync } from './sync-schemas.ts';

const TAGS = ['Offline sync'];
const derived = notAudited('rebuilds offline copies of configuration whose own changes are logged');
const PROGRAM_404 = { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No such program' } };

export function syncConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  programRoutes(app, ctx);
  viewListRoutes(app, ctx);
  addUserRoute(app, ctx);
  compactRoute(app, ctx);
}

function addUserRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>(
    '/sync/add/:id',
    {
      config: {
        permission: needsFlag('can_add_sync_user'),
        errors: {
          codes: { 404: ['NOT_FOUND'], 409: ['USER_WITHOUT_MOBILE'] },
          notes: { 404: 'No such user', 409: "USER_WITHOUT_MOBILE: the user's role lacks can_access_mobile" },
        },
      },
      schema: {
        tags: TAGS,
        summary:
          "Gives a user their offline databases: writes their documents database's profile (the program databases to pull) and builds those",
        params: programParams,
        response: { 200: addedUser },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { rows } = await sql<{ permission: Record<string, boolean> }>`
        select r.permission from users u join roles r on r.id = u.role_id where u.id = ${id} and u.deleted_at is null`.execute(ctx.db);
      if (!rows[0]) throw problems.notFound('User');
      if (rows[0].permission.can_access_mobile !== true) throw problems.userWithoutMobile();
      const profile = (await writeProfile(ctx.db, id))!;
      const programs = profile.programs as { id: string; database: string }[];
      for (const program of programs) await ensureBuilt(ctx.db, program.id);
      return { db: userDatabase(id), programs: programs.map((p) => p.database) };
    },
  );
}

function compactRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>(
    '/sync/compact/:id',
    {
      config: { permission: needsFlag('can_compact_sync'), errors: PROGRAM_404 },
      schema: {
        tags: TAGS,
        summary: "Compacts a program's offline database: the bodies of replaced revisions go, the histories stay; says what it freed",
        params: programParams,
        response: { 200: compacted },
      },
    },
    async (request) => {
      await findProgram(ctx.db, request.params.id);
      const name = programDatabase(request.params.id);
      return { db: name, ...(await compactDatabase(ctx.db, name)) };
    },
  );
}

function programRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { id: string } }>(
    '/sync/status/:id',
    {
      config: { permission: needsFlag('can_sync_program'), errors: PROGRAM_404 },
      schema: {
        tags: TAGS,
        summary: "What a program's offline database holds and when it was last built",
        params: programParams,
        response: { 200: databaseSummary },
      },
    },
    async (request) => {
      await findProgram(ctx.db, request.params.id);
      return programDatabaseSummary(ctx.db, request.params.id);
    },
  );
  app.get<{ Params: { id: string } }>(
    '/sync/:id',
    {
      config: { permission: needsFlag('can_sync_program'), errors: PROGRAM_404 },
      schema: {
        tags: TAGS,
        summary: "Builds a program's offline database from its configuration now, and says what it holds",
        params: programParams,
        response: { 200: databaseSummary },
      },
    },
    async (request) => {
      await findProgram(ctx.db, request.params.id);
      await buildProgram(ctx.db, request.params.id);
      return programDatabaseSummary(ctx.db, request.params.id);
    },
  );
}

function viewListRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(
    '/sync/viewlist',
    {
      config: { permission: needsFlag('can_sync_view_list'), audit: derived },
      schema: {
        tags: TAGS,
        summary: "Publishes every view list's current rows into the offline databases of the programs using it",
        response: { 200: viewListSync },
      },
    },
    async () => ({ databases: await buildDependents(ctx.db, VIEW_LIST_RESOURCE) }),
  );
  app.post<{ Params: { id: string } }>(
    '/sync/viewlist/:id',
    {
      config: { permission: needsFlag('can_sync_view_list'), audit: derived, errors: { codes: { 404: ['NOT_FOUND'] } } },
      schema: {
        tags: TAGS,
        summary: "Publishes one view list's current rows into the offline databases of the programs using it",
        params: programParams,
        response: { 200: viewListSync },
      },
    },
    async (request) => {
      await findViewList(ctx.db, request.params.id);
      return { databases: await buildDependents(ctx.db, VIEW_LIST_RESOURCE, request.params.id) };
    },
  );
}
