/**
 * The console's sync calls (spec 2 §7): build a program's offline database now and say what it
 * holds (`GET /sync/{id}`, the Overview's Database Sync), and publish the view lists' current
 * rows into every program database that uses them (`POST /sync/viewlist`, one list:
 * `POST /sync/viewlist/{id}`). The follower (sync-follower.ts) does the same after every change
 * on its own; these are for a person who wants it done, and seen done, now.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { notAudited } from '../changes/audit-declaration.ts';
import { findProgram } from '../programs/program-read.ts';
import { programParams } from '../programs/program-schemas.ts';
import { findViewList, VIEW_LIST_RESOURCE } from '../view-lists/view-list-store.ts';
import { buildDependents, buildProgram, programDatabaseSummary } from './program-builds.ts';
import { databaseSummary, viewListSync } from './sync-schemas.ts';

const TAGS = ['Offline sync'];
const derived = notAudited('rebuilds offline copies of configuration whose own changes are logged');
const PROGRAM_404 = { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No such program' } };

export function syncConsoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  programRoutes(app, ctx);
  viewListRoutes(app, ctx);
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
