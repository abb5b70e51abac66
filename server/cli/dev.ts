/**
 * `npm run dev`: both servers plus Vite with hot reload for the console, all in this one process
 * (no supervisor: a crash while developing should stop and show itself, not be restarted).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig, projectRoot } from '../config.ts';
import { startServers } from '../servers.ts';
import { stopOnSignals, printBanner, startFailureText } from './lifecycle.ts';

async function main() {
  const vitePort = Number(process.env.VITE_PORT ?? 5173);
  // The console is Vite's here: reset links and the allowed CORS origin point at it.
  const config = loadConfig({ ...process.env, CONSOLE_URL: process.env.CONSOLE_URL || `http://localhost:${vitePort}` });
  const running = await startServers(config, { serveConsole: false });
  const vite = spawn(process.execPath, [path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js'), '--port', String(vitePort)], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, AUTH_PORT: String(config.authPort), API_PORT: String(config.apiPort) },
  });
  stopOnSignals(running.stop, () => vite.kill('SIGTERM'));
  printBanner({ ...running, mail: running.ctx.mailer.describe(), urls: { ...running.urls, console: config.consoleUrl } });
}

main().catch((err) => {
  console.error(startFailureText(err));
  process.exit(1);
});
