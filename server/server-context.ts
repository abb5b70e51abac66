/** What the auth and api servers run on: a pool, the signing key, the mailer and the job system. */
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createDb } from './db/database.ts';
import { TokenService } from './auth/tokens.ts';
import { createMailer } from './mail/mailer.ts';
import { createJobSystem } from './jobs/job-system.ts';
import { fileStoresFor, fileStoresWhere } from './files/file-stores.ts';

export async function createServerContext(
  config: Config,
  databaseUrl: string,
  log: (line: string) => void,
  db = createDb(databaseUrl, config.databasePoolSize),
) {
  const mailer = createMailer(config, log);
  const jobs = createJobSystem({ db, databaseUrl, log });
  const ctx: AppContext = { db, config, tokens: await TokenService.create(db), mailer, jobs, ...fileStoresFor(config) };
  log(`[files] ${fileStoresWhere(ctx)}`);
  return ctx;
}

/** Closes what createServerContext opened, once the servers on it are closed. */
export async function closeServerContext(ctx: AppContext, log: (line: string) => void) {
  // Before the database closes: a running export is handed back to the queue for the next start.
  await ctx.jobs.stop().catch((err) => log(`[jobs] stopping: ${(err as Error).message}`));
  await ctx.mailer.flush();
  await ctx.db.destroy().catch(() => undefined);
}
