/**
 * One server in this process, on a database already migrated and seeded: what each worker of
 * `npm start` runs (cli/worker.ts), and what startServers runs for each server in one process.
 * Each server's code, and the database's for the two that use it, is loaded only where that
 * server starts: a worker loads its own alone, which saves seconds at each start on a busy machine.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';

export type ServerKind = 'auth' | 'api' | 'console';

/** Builds one server and listens on its port. The api server's routes define the job queues, so it starts the job system. */
export async function listenServer(kind: ServerKind, config: Config, ctx?: AppContext): Promise<FastifyInstance> {
  if (kind === 'console') {
    const { createConsoleServer } = await import('./console-server.ts');
    const app = await createConsoleServer(config);
    await app.listen({ host: config.host, port: config.consolePort });
    return app;
  }
  if (!ctx) throw new Error(`The ${kind} server needs a database`);
  const app = (
    kind === 'auth'
      ? await (await import('./auth/app.ts')).createAuthServer(ctx)
      : await (await import('./api/app.ts')).createApiServer(ctx)
  ).app;
  try {
    // Exports left by a stop or a crash resume now.
    if (kind === 'api') await ctx.jobs.start();
    await app.listen({ host: config.host, port: kind === 'auth' ? config.authPort : config.apiPort });
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  return app;
}

/**
 * Closes a server once its requests in flight are answered. Fastify closes the connections idle
 * at that moment; one whose request was in flight stays open after its answer (keep-alive, 72 s)
 * and would hold the close, and the port the next start needs: closed as soon as it is idle.
 */
export async function closeServer(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  const idleSweep = setInterval(() => app.server.closeIdleConnections(), 100);
  try {
    await closing;
  } catch {
    // Closing anyway: nothing more to do for it.
  } finally {
    clearInterval(idleSweep);
  }
}

/** One server in this process, on a database already prepared: what a worker process runs. */
export async function startServer(kind: ServerKind, config: Config, log: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  if (kind === 'console') {
    const app = await listenServer(kind, config);
    return { stop: () => closeServer(app) };
  }
  if (!config.databaseUrl) throw new Error(`The ${kind} server needs DATABASE_URL`);
  const { createServerContext, closeServerContext } = await import('./server-context.ts');
  const ctx = await createServerContext(config, config.databaseUrl, log);
  try {
    const app = await listenServer(kind, config, ctx);
    return {
      async stop() {
        await closeServer(app);
        await closeServerContext(ctx, log);
      },
    };
  } catch (err) {
    await closeServerContext(ctx, log);
    throw err;
  }
}
