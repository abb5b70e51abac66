/**
 * One server in a process of its own, as `npm start`'s supervisor runs it (server-workers.ts):
 * `worker.ts auth|api|console`. The database is already migrated and seeded; DATABASE_URL
 * names it. Stops cleanly on SIGTERM, and on its own when the supervisor is gone.
 */
import { loadConfig } from '../config.ts';
import { startServer, type ServerKind } from '../one-server.ts';
import { startFailureText } from './lifecycle.ts';
import { READY_MESSAGE } from './worker-process.ts';

const KINDS: ServerKind[] = ['auth', 'api', 'console'];

// A stop that hangs (a database already gone) must not keep the port from the next start;
// running exports get pg-boss's 15 s to hand themselves back first.
const STOP_DEADLINE_MS = 25_000;

let stopServer: (() => Promise<void>) | undefined;
let stopping = false;

function stop() {
  if (stopping) return;
  stopping = true;
  setTimeout(() => {
    // On stdout: with the supervisor gone, so is the pipe our stderr goes to.
    console.log(`[worker] ${process.argv[2]} server still stopping after ${STOP_DEADLINE_MS / 1000} s: ending it now`);
    process.exit(1);
  }, STOP_DEADLINE_MS).unref();
  // Asked to stop before it served: nothing of it is in use yet.
  if (!stopServer) process.exit(0);
  stopServer().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

// Ctrl-C reaches every process of the terminal's group: the supervisor alone decides, so that
// a stop is not taken for a crash, and stops the workers before PostgreSQL.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', stop);
// The supervisor is gone, even by kill -9: its IPC channel closes. Left alone, this worker would
// hold the port the next start needs.
process.on('disconnect', stop);
// With the supervisor gone, so is the pipe our stderr goes to: a write must not crash the stop.
process.stderr.on('error', () => undefined);

async function main() {
  const kind = process.argv[2] as ServerKind;
  if (!KINDS.includes(kind)) throw new Error(`Usage: worker.ts ${KINDS.join('|')} (got "${kind ?? ''}")`);
  const running = await startServer(kind, loadConfig(), console.log);
  stopServer = running.stop;
  process.send?.(READY_MESSAGE);
}

main().catch((err) => {
  console.error(startFailureText(err));
  process.exit(1);
});
