/**
 * The pieces `npm start` is made of: the database (embedded PostgreSQL or DATABASE_URL) with its
 * migrations and first-run seed, opened once by the supervisor (cli/start.ts); and one server,
 * started by each worker process (cli/worker.ts). `startServers` puts them together in one
 * process, for `npm run dev` and the browser tests.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb, ensureDatabase, type Db } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate, withStartupLock } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import { TokenService } from './auth/tokens.ts';
import { createMailer } from './mail/mailer.ts';
import { createJobSystem } from './jobs/job-system.ts';
import { assertModelValid } from '@model/resource-map.ts';

export type ServerKind = 'auth' | 'api' | 'console';

export interface ServerUrls {
  console?: string;
  auth: string;
  api: string;
}

export interface Running {
  ctx: AppContext;
  seed: SeedResult;
  databaseLabel: string;
  urls: ServerUrls;
  stop(): Promise<void>;
}

/** Opens the database and brings it up to date (the seed is prepareDatabase's). */
export async function openDatabase(config: Config, log: (line: string) => void) {
  // A map that names a missing flag, field or icon stops here, before PostgreSQL is even started.
  assertModelValid();
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = await ensureDatabase(embedded.url, 'fieldbase');
  }
  const db: Db = createDb(url);
  try {
    await migrate(db);
  } catch (err) {
    await db.destroy();
    await embedded?.stop();
    throw err;
  }
  const label = embedded ? `embedded PostgreSQL, data in ${embedded.dataDir}` : `PostgreSQL at ${new URL(url).host}`;
  log(`[db] ${label}`);
  return { db, embedded, label, url };
}

/** openDatabase, then the first-run seed: what happens once, before any server starts. */
export async function prepareDatabase(config: Config, log: (line: string) => void) {
  const opened = await openDatabase(config, log);
  try {
    const seeded = await withStartupLock(opened.db, () => seed(opened.db, config));
    return { ...opened, seed: seeded };
  } catch (err) {
    await opened.db.destroy().catch(() => undefined);
    await opened.embedded?.stop();
    throw err;
  }
}

/** What the auth and api servers run on: a pool, the signing key, the mailer and the job system. */
export async function createServerContext(config: Config, databaseUrl: string, log: (line: string) => void, db = createDb(databaseUrl)) {
  const mailer = createMailer(config, log);
  const jobs = createJobSystem({ db, databaseUrl, log });
  const ctx: AppContext = { db, config, tokens: await TokenService.create(db), mailer, jobs };
  return ctx;
}

/** Closes what createServerContext opened, once the servers on it are closed. */
export async function closeServerContext(ctx: AppContext, log: (line: string) => void) {
  // Before the database closes: a running export is handed back to the queue for the next start.
  await ctx.jobs.stop().catch((err) => log(`[jobs] stopping: ${(err as Error).message}`));
  await ctx.mailer.flush();
  await ctx.db.destroy().catch(() => undefined);
}

/** Builds one server and listens on its port. The api server's routes define the job queues, so it starts the job system. */
export async function listenServer(kind: ServerKind, config: Config, ctx?: AppContext): Promise<FastifyInstance> {
  // Each server's code is loaded only where that server starts: the supervisor, which imports
  // this module for the database alone, and each worker start sooner (seconds, on a busy machine).
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

/** One server in this process, on a database already prepared: what a worker process runs. */
export async function startServer(kind: ServerKind, config: Config, log: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  if (kind === 'console') {
    const app = await listenServer(kind, config);
    return { stop: () => app.close() };
  }
  if (!config.databaseUrl) throw new Error(`The ${kind} server needs DATABASE_URL`);
  const ctx = await createServerContext(config, config.databaseUrl, log);
  try {
    const app = await listenServer(kind, config, ctx);
    return {
      async stop() {
        await app.close().catch(() => undefined);
        await closeServerContext(ctx, log);
      },
    };
  } catch (err) {
    await closeServerContext(ctx, log);
    throw err;
  }
}

/** Where the browser reaches each server. */
export function serverUrls(config: Config, serveConsole: boolean): ServerUrls {
  const hostName = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  return {
    console: serveConsole ? config.consoleUrl : undefined,
    auth: config.authUrl ?? `http://${hostName}:${config.authPort}`,
    api: config.apiUrl ?? `http://${hostName}:${config.apiPort}`,
  };
}

/** Everything in this one process: the database, both servers and (when asked) the console. */
export async function startServers(config: Config, opts: { serveConsole: boolean; log?: (line: string) => void }): Promise<Running> {
  const log = opts.log ?? console.log;
  const { db, embedded, label, url, seed: seeded } = await prepareDatabase(config, log);
  const started: FastifyInstance[] = [];
  let ctx: AppContext | undefined;
  const stop = async () => {
    for (const app of started.reverse()) await app.close().catch(() => undefined);
    if (ctx) await closeServerContext(ctx, log);
    else await db.destroy().catch(() => undefined);
    await embedded?.stop();
  };
  try {
    ctx = await createServerContext(config, url, log, db);
    const kinds: ServerKind[] = opts.serveConsole ? ['auth', 'api', 'console'] : ['auth', 'api'];
    for (const kind of kinds) started.push(await listenServer(kind, config, ctx));
    return { ctx, seed: seeded, databaseLabel: label, urls: serverUrls(config, opts.serveConsole), stop };
  } catch (err) {
    // Should a port be taken after the first-run seed, its generated password is not lost.
    if (seeded.generatedPassword) log(generatedPasswordLine(seeded));
    await stop();
    throw err;
  }
}

export function generatedPasswordLine(seeded: SeedResult): string {
  return `[seed] admin ${seeded.adminEmail} was created with password ${seeded.generatedPassword}`;
}
