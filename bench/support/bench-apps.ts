/**
 * Both servers on a throw-away database, as the api benchmarks use them: an embedded PostgreSQL
 * in `dataDir` on `port` (or BENCH_DATABASE_URL when set), migrated and seeded with an admin,
 * and the auth and api apps built on it (not listening: `listenAndSignIn` where HTTP is measured).
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { createDb, type Db } from '../../server/db/database.ts';
import { createJobSystem } from '../../server/jobs/job-system.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { TokenService } from '../../server/auth/tokens.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createAuthServer } from '../../server/auth/app.ts';
import { createApiServer } from '../../server/api/app.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';
import { fileStoresFor } from '../../server/files/file-stores.ts';

export const BENCH_ADMIN = { email: 'admin@bench.local', password: 'bench-passphrase-for-everyone' };

export async function startBenchApps(dataDir: string, port: number, overrides: Partial<Config> = {}) {
  const embedded = process.env.BENCH_DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir, port: Number(process.env.EMBEDDED_PG_PORT ?? port) });
  const database = await createTestDatabase(process.env.BENCH_DATABASE_URL ?? embedded!.url);
  const config = loadConfig(
    { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
    { databaseUrl: database.url, dataDir, outboxDir: path.join(dataDir, 'outbox'), logLevel: 'silent', ...overrides },
  );
  const db = createDb(config.databaseUrl!);
  const stopDatabase = async () => {
    await db.destroy();
    await database.drop();
    await embedded?.stop();
  };
  try {
    await migrate(db);
    await seed(db, config);
    const ctx = await benchContext(db, config);
    const auth = (await createAuthServer(ctx)).app;
    const api = (await createApiServer(ctx)).app;
    return {
      db,
      ctx,
      databaseUrl: database.url,
      auth,
      api,
      async stop() {
        await auth.close();
        await api.close();
        await stopDatabase();
      },
    };
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}

/**
 * Both apps listening on free ports and the seeded admin signed in over HTTP, as a client would:
 * each server's base URL, the token, and JSON headers carrying it.
 */
export async function listenAndSignIn(apps: { auth: FastifyInstance; api: FastifyInstance }) {
  const base = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  };
  const authUrl = await base(apps.auth);
  const apiUrl = await base(apps.api);
  const login = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (login.status !== 200) throw new Error(`POST /login answered ${login.status}: ${await login.text()}`);
  const token = ((await login.json()) as { token: string }).token;
  return { authUrl, apiUrl, token, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } };
}

/**
 * The servers' context as `npm start` builds it, with mail kept in the outbox. Its job system is
 * made but not started: a bench that runs jobs (the export) starts it itself. `databaseUrl`: the
 * jobs' connection, when the config does not name it (an embedded server opened by openDatabase).
 */
export async function benchContext(db: Db, config: Config, databaseUrl = config.databaseUrl!): Promise<AppContext> {
  return {
    db,
    config,
    tokens: await TokenService.create(db),
    mailer: createMailer(config, () => undefined),
    jobs: createJobSystem({ db, databaseUrl }),
    ...fileStoresFor(config),
  };
}
