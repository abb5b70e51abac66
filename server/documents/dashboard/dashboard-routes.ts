/**
 * The dashboard and the Data Explorer on the api server (spec 1 §7, exact paths). The dashboard
 * routes need only a session; the Data Explorer's need `can_explore_data` (explorer-routes.ts,
 * explorer-docs-route.ts). Every document read is scoped by document-scope.ts: a document the
 * caller may not read is answered like one that does not exist (404 DOCUMENT_NOT_FOUND), never 403.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { signedIn } from '../../http/permissions.ts';
import { dashboardCounts, documentByLocalId, documentsPerDay, recentlyProcessed } from './dashboard-read.ts';
import {
  countsAnswer,
  dailyAnswer,
  dailyQuery,
  DAYS_DEFAULT,
  DAYS_MAX,
  documentAnswer,
  documentListAnswer,
  localIdQuery,
} from './dashboard-schemas.ts';
import { bounded } from './query-bounds.ts';
import { documentSearchRoute, moduleTypesRoute, programRoute, programsRoute, submittersRoute } from './explorer-routes.ts';
import { docsPageRoute } from './explorer-docs-route.ts';

const tags = ['Dashboard'];

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  countsRoute(app, ctx);
  recentlyProcessedRoute(app, ctx);
  dailyRoute(app, ctx);
  localIdRoute(app, ctx);
  documentSearchRoute(app, ctx);
  programsRoute(app, ctx);
  programRoute(app, ctx);
  moduleTypesRoute(app, ctx);
  submittersRoute(app, ctx);
  docsPageRoute(app, ctx);
}

function countsRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/dashboard/static',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'The three counts: every program, every form, and the documents the caller may read (exact, from the counters)',
        response: { 200: countsAnswer },
      },
    },
    async (request) => dashboardCounts(ctx.db, request.sessionUser!),
  );
}

function recentlyProcessedRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/dashboard/lastupdated',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'Recently Processed Documents: the 50 most recently processed documents the caller may read, newest processed first',
        response: { 200: documentListAnswer },
      },
    },
    async (request) => recentlyProcessed(ctx.db, request.sessionUser!),
  );
}

function dailyRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { days?: string } }>(
    '/dashboard/daily',
    {
      config: { permission: signedIn },
      schema: {
        tags,
        summary: 'Documents submitted per day (UTC) that the caller may read, every day of the range up to today, oldest first',
        querystring: dailyQuery,
        response: { 200: dailyAnswer },
      },
    },
    async (request) => {
      const days = bounded(request.query.days, DAYS_DEFAULT, 'days', 'Days', 1, DAYS_MAX);
      return documentsPerDay(ctx.db, request.sessionUser!, days, ctx.config.clock.now());
    },
  );
}

function localIdRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: { local_id: string } }>(
    '/dashboard/document',
    {
      config: {
        permission: signedIn,
        errors: { codes: { 404: ['DOCUMENT_NOT_FOUND'] }, notes: { 404: 'No document with this local id that the caller may read' } },
      },
      schema: {
        tags,
        summary:
          "One document by its local id (the mobile app's id), with its answers and form fields; 404 when the caller may not read it",
        querystring: localIdQuery,
        response: { 200: documentAnswer },
      },
    },
    async (request) => documentByLocalId(ctx.db, request.sessionUser!, request.query.local_id),
  );
}
