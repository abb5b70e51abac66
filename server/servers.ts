/**
 * The database `npm start` opens once, in its supervisor (cli/start.ts), before any server
 * starts: embedded PostgreSQL or DATABASE_URL, migrations, the first-run seed. Each server then
 * starts in a worker process of its own (one-server.ts); `startServers` puts everything in this
 * one process instead, for `npm run dev` and the browser tests.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb, ensureDatabase, type Db } from './db/database.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { migrate, withStartupLock } from './db/migrate.ts';
import { seed, type SeedResult } from './db/seed.ts';
import { closeServer, listenServer, type ServerKind } from './one-server.ts';
import { closeServerContext, createServerContext } from './server-context.ts';
import { assertModelValid } from '@model/resource-map.ts';
import { makeDataDirPrivate } from './uploads/private-data-dir.ts';

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
  await makeDataDirPrivate(config, log);
  let embedded: EmbeddedDatabase | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    url = await ensureDatabase(embedded.url, 'fieldbase');
  }
  const db: Db = createDb(url, config.databasePoolSize);
  try {
    await migrate(db, { hashChain: config.auditHashChain });
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
    await Promise.all(started.map(closeServer));
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
