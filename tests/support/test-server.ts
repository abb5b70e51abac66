/**
 * One fully wired pair of servers for a test file, built exactly as server/servers.ts builds
 * them (createDb, migrate, seed, TokenService, outbox mailer), on a database of its own and a
 * hand-driven clock. Requests go through `app.inject`: no ports are opened.
 *
 *   let t: TestServer;
 *   beforeAll(async () => { t = await startTestServer(); });
 *   afterAll(() => t?.close());
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import type { UserListRow } from '../../server/auth/user-store.ts';
import type { Permission } from '@model/generated/index.ts';
import { createDb } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seed } from '../../server/db/seed.ts';
import { TokenService } from '../../server/auth/tokens.ts';
import { createMailer } from '../../server/mail/mailer.ts';
import { createAuthServer } from '../../server/auth/app.ts';
import { createApiServer } from '../../server/api/app.ts';
import { createJobSystem } from '../../server/jobs/job-system.ts';
import { fileStoresFor } from '../../server/files/file-stores.ts';
import type { ServerApp } from '../../server/http/create-app.ts';
import { createTestDatabase } from './test-database.ts';
import { createTestClock, type TestClock } from './test-clock.ts';
// Every answer a test receives is checked against the OpenAPI document (see answer-check.ts).
import './answer-check.ts';

export const ADMIN_EMAIL = 'admin@fieldbase.local';
export const ADMIN_PASSWORD = 'admin-test-passphrase-42';

/** One user as the server answers them (sign-in, GET /user/{id}): as in a list, and the role with its flags. */
export type UserAnswer = Omit<UserListRow, 'role'> & { role: UserListRow['role'] & { permission: Permission } };

export interface Session {
  token: string;
  user: UserAnswer;
  /** Ready to spread into `inject({ headers })`. */
  headers: { authorization: string };
}

export interface TestServer {
  auth: ServerApp;
  api: ServerApp;
  ctx: AppContext;
  clock: TestClock;
  /** Where the mailer writes .eml files (read them with readOutbox). */
  outboxDir: string;
  /** Signs in through POST /login; throws with the answer when it is not 200. */
  loginAs(email: string, password: string, opts?: { isKeepLogin?: boolean; userAgent?: string }): Promise<Session>;
  close(): Promise<void>;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * `config`: settings over the tests' own. `sameDatabaseAs`: another instance of that server, on
 * its database (a second machine behind a load balancer); closing it leaves the database.
 */
export async function startTestServer(opts: { config?: Partial<Config>; sameDatabaseAs?: TestServer } = {}): Promise<TestServer> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) throw new Error('No pgAdminUrl: run server tests through the `server` project (vitest run --project server).');
  const shared = opts.sameDatabaseAs?.ctx.config.databaseUrl;
  const database = shared
    ? { url: shared, drop: async () => undefined }
    : await createTestDatabase(adminUrl, { template: inject('pgTemplate') });
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-test-'));
  const clock = createTestClock();
  // A clean environment: nothing from the developer's shell (DATABASE_URL, SMTP_URL...) leaks in.
  const config = loadConfig(
    // No spare import worker booted for every test server (the heap-cap test turns it on).
    { ADMIN_PASSWORD, ADMIN_EMAIL, VIEW_LIST_IMPORT_WARM_WORKER: 'off' },
    {
      databaseUrl: database.url,
      dataDir: tempDir,
      uploadsDir: path.join(tempDir, 'uploads'),
      outboxDir: path.join(tempDir, 'outbox'),
      logLevel: 'silent',
      loginRateLimit: { max: 10_000, windowMs: 60_000 },
      // TEST_FILE_STORE=s3: this server's files in the run's S3 server, under a prefix of its own
      // (a second instance of it shares the first's).
      s3Url: opts.sameDatabaseAs?.ctx.config.s3Url ?? (inject('testS3Url') ? `${inject('testS3Url')}/${randomUUID()}` : undefined),
      clock,
      ...opts.config,
    },
  );

  const db = createDb(database.url);
  const jobs = createJobSystem({ db, databaseUrl: database.url, log: () => undefined });
  const apps: ServerApp[] = [];
  const close = async () => {
    for (const s of apps) await s.app.close().catch(() => undefined);
    await jobs.stop().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await database.drop();
    await rm(tempDir, { recursive: true, force: true });
  };
  try {
    await migrate(db);
    await seed(db, config);
    const ctx: AppContext = {
      db,
      config,
      tokens: await TokenService.create(db),
      mailer: createMailer(config, () => undefined),
      jobs,
      ...fileStoresFor(config),
    };
    const auth = await createAuthServer(ctx);
    apps.push(auth);
    const api = await createApiServer(ctx);
    apps.push(api);
    // As the servers start it (server/servers.ts): pg-boss's schema on this database, and its workers.
    await jobs.start();
    await Promise.all([auth.app.ready(), api.app.ready()]);

    const loginAs: TestServer['loginAs'] = async (email, password, options = {}) => {
      const res = await auth.app.inject({ method: 'POST', url: '/login', payload: { email, password, ...options } });
      if (res.statusCode !== 200) throw new Error(`login as ${email} answered ${res.statusCode}: ${res.body}`);
      const body = res.json() as { token: string; user: UserAnswer };
      return { ...body, headers: bearer(body.token) };
    };
    return { auth, api, ctx, clock, outboxDir: config.outboxDir, loginAs, close };
  } catch (err) {
    await close();
    throw err;
  }
}
