/** The api server: the generic resources of the map that live on it, and their CSV exports. */
import type { AppContext } from '../context.ts';
import { createBaseApp, type ServerApp } from '../http/create-app.ts';
import { recordRefusals } from '../changes/refusal-log.ts';
import { healthRoute, readyRoute } from '../http/health-route.ts';
import { provideAppContext } from '../crud/crud-plugin.ts';
import { genericCrudRoutes } from '../crud/generic-routes.ts';
import { RESOURCE_OVERRIDES } from '../resource-overrides.ts';
import { exportRoutes } from '../crud/export-routes.ts';
import { viewListRoutes } from '../view-lists/view-list-routes.ts';
import { formRoutes } from '../forms/form-routes.ts';
import { programRoutes } from '../programs/program-routes.ts';
import { goalRoutes } from '../goals/goal-routes.ts';
import { notificationRoutes } from '../notifications/notification-routes.ts';
import { documentRoutes } from '../documents/document-routes.ts';
import { dashboardRoutes } from '../documents/dashboard/dashboard-routes.ts';
import { mapRoutes } from '../documents/dashboard/map-routes.ts';
import { documentExportRoutes } from '../documents/exports/export-routes.ts';
import { supportRoutes } from '../support/support-routes.ts';
import { auditRoutes } from '../changes/audit-routes.ts';
import { historyRoutes } from '../changes/history-routes.ts';
import { auditExportRoutes } from '../changes/audit-export-routes.ts';
import { syncRoutes } from '../sync/sync-routes.ts';
import { sweepRateLimitsPeriodically } from '../http/rate-limit-store.ts';

export async function createApiServer(ctx: AppContext): Promise<ServerApp> {
  const server = await createBaseApp(ctx, 'api');
  // Refusals worth knowing (403 on a write, 423) go to the change log.
  recordRefusals(server.app, ctx);
  provideAppContext(server.app, ctx);
  healthRoute(server.app, ctx, 'api');
  readyRoute(server.app, ctx, 'api');
  genericCrudRoutes(server.app, 'api', RESOURCE_OVERRIDES);
  exportRoutes(server.app, ctx, 'api');
  await viewListRoutes(server.app, ctx);
  await formRoutes(server.app, ctx);
  await programRoutes(server.app, ctx);
  goalRoutes(server.app, ctx);
  notificationRoutes(server.app, ctx);
  await documentRoutes(server.app, ctx);
  dashboardRoutes(server.app, ctx);
  mapRoutes(server.app, ctx);
  documentExportRoutes(server.app, ctx);
  supportRoutes(server.app, ctx);
  auditRoutes(server.app, ctx);
  auditExportRoutes(server.app, ctx);
  historyRoutes(server.app, ctx, 'api');
  syncRoutes(server.app, ctx);
  sweepRateLimitsPeriodically(ctx);
  return server;
}
