/** Shared by `npm start` and `npm run dev`: clean shutdown and the first-run banner. */
import type { ServerUrls } from '../servers.ts';
import type { SeedResult } from '../db/seed.ts';
import { EmbeddedStartError } from '../db/embedded-start-error.ts';
import { SchemaTableError } from '../db/schema-table-error.ts';
import { ModelError } from '@model/resource-map.ts';
import { WorkerStartError } from './worker-process.ts';

/**
 * What a failed start prints: a stop the message fully explains (the data folder, a table that
 * does not match its schema, a worker that ended before it served: its own error is printed
 * above) as its message alone; anything else with its stack, to debug.
 */
export function startFailureText(err: unknown): string | unknown {
  const explained = [EmbeddedStartError, SchemaTableError, ModelError, WorkerStartError];
  return explained.some((kind) => err instanceof kind) ? `\n${(err as Error).message}\n` : err;
}

/** Ctrl-C and SIGTERM stop the servers and PostgreSQL cleanly. */
export function stopOnSignals(stop: () => Promise<void>, also: () => void = () => undefined) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n[fieldbase] ${signal}: stopping...`);
    also();
    stop()
      .then(() => {
        console.log('[fieldbase] stopped cleanly');
        process.exit(0);
      })
      .catch((err) => {
        console.error(err);
        process.exit(1);
      });
  };
  // Ours is the only handler: it stops the servers first, then the pool, then PostgreSQL. (If
  // this process dies without it, PostgreSQL's watchdog stops it.) A second signal forces the exit.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => (stopping ? process.exit(1) : handler(signal)));
  }
}

export interface BannerInfo {
  urls: ServerUrls;
  databaseLabel: string;
  /** The mailer's describe(). */
  mail: string;
  seed: SeedResult;
  /** Under `npm start`: which process is which. */
  processes?: string;
}

export function printBanner(info: BannerInfo) {
  const { urls, seed } = info;
  const lines = [
    '',
    '  Fieldbase is running',
    '',
    urls.console ? `  Console      ${urls.console}` : undefined,
    `  Auth server  ${urls.auth}   (API docs: ${urls.auth}/docs)`,
    `  Api server   ${urls.api}   (API docs: ${urls.api}/docs)`,
    `  Database     ${info.databaseLabel}`,
    `  Mail         ${info.mail}`,
    info.processes ? `  Processes    ${info.processes}` : undefined,
    '',
    `  Admin e-mail     ${seed.adminEmail}`,
    seed.generatedPassword
      ? `  Admin password   ${seed.generatedPassword}   <- generated now and shown only this once: note it down`
      : seed.seeded
        ? '  Admin password   the one in ADMIN_PASSWORD'
        : '  Admin password   as set on first start (ADMIN_PASSWORD, or the one printed then; "Forgot password?" mails a reset link)',
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.filter((l) => l !== undefined).join('\n'));
}
