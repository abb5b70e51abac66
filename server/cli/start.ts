/**
 * `npm start`, the supervisor: builds the console if stale, starts PostgreSQL, migrates and
 * seeds once, then runs the auth server, the api server and the console server each in a worker
 * process of its own (server-workers.ts), so that one that dies (out of memory, a crash) is
 * started again while the others keep serving and PostgreSQL keeps running.
 */
import { loadConfig } from '../config.ts';
import { generatedPasswordLine, prepareDatabase, serverUrls } from '../servers.ts';
import { createMailer } from '../mail/mailer.ts';
import { buildConsoleIfStale } from './console-build.ts';
import { startServerWorkers, WORKER_NAMES } from './server-workers.ts';
import { assertModelValid } from '@model/resource-map.ts';
import { stopOnSignals, printBanner, startFailureText } from './lifecycle.ts';

async function main() {
  const config = loadConfig();
  // Before the console build (which can take a while): a broken map would only fail after it.
  assertModelValid();
  buildConsoleIfStale(console.log);
  const database = await prepareDatabase(config, console.log);
  // The workers open pools of their own.
  await database.db.destroy();
  const workers = startServerWorkers(config, database.url, { info: console.log, warn: console.error });
  const stop = async () => {
    await workers.stop();
    await database.embedded?.stop();
  };
  stopOnSignals(stop);
  try {
    await workers.ready;
  } catch (err) {
    // Should a port be taken after the first-run seed, its generated password is not lost.
    if (database.seed.generatedPassword) console.log(generatedPasswordLine(database.seed));
    await stop();
    throw err;
  }
  const pids = workers.pids();
  printBanner({
    urls: serverUrls(config, true),
    databaseLabel: database.label,
    mail: createMailer(config).describe(),
    seed: database.seed,
    processes:
      `supervisor ${process.pid}; ` +
      (['console', 'auth', 'api'] as const).map((kind) => `${WORKER_NAMES[kind]} ${pids[kind]}`).join(', ') +
      ' (a server that dies is started again)',
  });
}

main().catch((err) => {
  console.error(startFailureText(err));
  process.exit(1);
});
