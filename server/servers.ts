/**
 * Starts everything `npm start` runs in one process: the database (embedded PostgreSQL or
 * DATABASE_URL), migrations and first-run seed, the auth and api servers, and the console.
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
import { createAuthServer } from './auth/app.ts';
import { createApiServer } from './api/app.ts';
import { createConsoleServer } from './console-server.ts';
import { createJobSystem, type JobSystem } from './jobs/job-system.ts';
import { assertModelValid } from '@model/resource-map.ts';
import { makeDataDirPrivate } from './uploads/private-data-dir.ts';

export interface Running {
  ctx: AppContext;
  seed: SeedResult;
  databaseLabel: string;
  urls: { console?: string; auth: string; api: string };
  stop(): Promise<void>;
}

/** Opens the database, brings it up to date and seeds it. */
export async function openDatabase(config: Config, log: (line: string) => void) {
  // A map that names a missing flag, field or icon stops here, before PostgreSQL is even started.
  assertModelValid();
  await makeDataDirPrivate(config, log);
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

export async function startServers(config: Config, opts: { serveConsole: boolean; log?: (line: string) => void }): Promise<Running> {
  const log = opts.log ?? console.log;
  const { db, embedded, label, url } = await openDatabase(config, log);
  const started: FastifyInstance[] = [];
  let mailer: AppContext['mailer'] | undefined;
  let jobs: JobSystem | undefined;
  let seeded: SeedResult | undefined;
  const stop = async () => {
    for (const app of started.reverse()) await app.close().catch(() => undefined);
    // Before the database closes: a running export is handed back to the queue for the next start.
    await jobs?.stop().catch((err) => log(`[jobs] stopping: ${(err as Error).message}`));
    await mailer?.flush();
    await db.destroy().catch(() => undefined);
    await embedded?.stop();
  };
  try {
    seeded = await withStartupLock(db, () => seed(db, config));
    mailer = createMailer(config, log);
    jobs = createJobSystem({ db, databaseUrl: url, log });
    const ctx: AppContext = { db, config, tokens: await TokenService.create(db), mailer, jobs };
    const auth = (await createAuthServer(ctx)).app;
    const api = (await createApiServer(ctx)).app;
    // The api server's routes defined their queues; exports left by a stop or a crash resume now.
    await jobs.start();
    await auth.listen({ host: config.host, port: config.authPort });
    started.push(auth);
    await api.listen({ host: config.host, port: config.apiPort });
    started.push(api);
    let consoleUrl: string | undefined;
    if (opts.serveConsole) {
      const consoleApp = await createConsoleServer(config);
      await consoleApp.listen({ host: config.host, port: config.consolePort });
      started.push(consoleApp);
      consoleUrl = config.consoleUrl;
    }
    const hostName = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
    return {
      ctx,
      seed: seeded,
      databaseLabel: label,
      urls: {
        console: consoleUrl,
        auth: config.authUrl ?? `http://${hostName}:${config.authPort}`,
        api: config.apiUrl ?? `http://${hostName}:${config.apiPort}`,
      },
      stop,
    };
  } catch (err) {
    // Should a port be taken after the first-run seed, its generated password is not lost.
    if (seeded?.generatedPassword) log(`[seed] admin ${seeded.adminEmail} was created with password ${seeded.generatedPassword}`);
    await stop();
    throw err;
  }
}
