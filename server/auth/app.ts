/** The auth server: sign-in, sessions, users, roles, permissions, designations (spec 1 §7). */
import type { AppContext } from '../context.ts';
import { createBaseApp, type ServerApp } from '../http/create-app.ts';
import { recordRefusals } from '../changes/refusal-log.ts';
import { healthRoute, readyRoute } from '../http/health-route.ts';
import { provideAppContext } from '../crud/crud-plugin.ts';
import { historyRoutes } from '../changes/history-routes.ts';
import { genericCrudRoutes } from '../crud/generic-routes.ts';
import { RESOURCE_OVERRIDES } from '../resource-overrides.ts';
import { sessionRoutes } from './routes/session-routes.ts';
import { passwordResetRoutes } from './routes/password-reset-routes.ts';
import { userRoutes } from './routes/user-routes.ts';
import { roleRoutes } from './routes/role-routes.ts';
import { uploadsRoutes } from './routes/uploads-routes.ts';
import { exportRoutes } from '../crud/export-routes.ts';
import { listUsers } from './user-store.ts';
import { settingsRoutes } from '../settings/settings-routes.ts';

export async function createAuthServer(ctx: AppContext): Promise<ServerApp> {
  const server = await createBaseApp(ctx, 'auth');
  // Refusals worth knowing (403 on a write, 423) go to the change log.
  recordRefusals(server.app, ctx);
  provideAppContext(server.app, ctx);
  healthRoute(server.app, ctx, 'auth');
  readyRoute(server.app, ctx, 'auth');
  sessionRoutes(server.app, ctx);
  passwordResetRoutes(server.app, ctx);
  await uploadsRoutes(server.app, ctx);
  userRoutes(server.app, ctx);
  roleRoutes(server.app, ctx);
  settingsRoutes(server.app, ctx);
  historyRoutes(server.app, ctx, 'auth');
  genericCrudRoutes(server.app, 'auth', RESOURCE_OVERRIDES);
  exportRoutes(server.app, ctx, 'auth', { user: listUsers });
  return server;
}
