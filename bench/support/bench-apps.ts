/**
 * Both servers on a throw-away database, as the api benchmarks use them: an embedded PostgreSQL
 * in `dataDir` on `port` (or BENCH_DATABASE_URL when set), migrated and seeded with an admin,
 * and the auth and api apps built on it (not listening: call `listen` where HTTP is measured).
 */
import path from 'node:path';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { createDb } from '../../server/db/database.ts';
import { createJobSystem } from '../../server/jobs/job-system.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { TokenService } from '../../server/auth/tokens.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createAuthServer } from '../../server/auth/app.ts';
import { createApiServer } from '../../server/api/app.ts';
import { createTestDatabase } from '../../tests/support/test-database.ts';

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
    const ctx: AppContext = {
      db,
      config,
      tokens: await TokenService.create(db),
      mailer: createMailer(config, () => undefined),
      // Never started: these benches run no background jobs.
      jobs: createJobSystem({ db, databaseUrl: config.databaseUrl! }),
    };
    const auth = (await createAuthServer(ctx)).app;
    const api = (await createApiServer(ctx)).app;
    return {
      db,
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
