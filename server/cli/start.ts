/** `npm start`: build the console if stale, start the database and the three servers, say where they are. */
import { loadConfig } from '../config.ts';
import { startServers } from '../servers.ts';
import { buildConsoleIfStale } from './console-build.ts';
import { assertModelValid } from '@model/resource-map.ts';
import { stopOnSignals, printBanner, startFailureText } from './lifecycle.ts';

async function main() {
  const config = loadConfig();
  // Before the console build (which can take a while): a broken map would only fail after it.
  assertModelValid();
  buildConsoleIfStale(console.log);
  const running = await startServers(config, { serveConsole: true });
  stopOnSignals(running.stop);
  printBanner(running);
}

main().catch((err) => {
  console.error(startFailureText(err));
  process.exit(1);
});
