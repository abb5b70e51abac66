/**
 * Before starting, make sure no PostgreSQL of ours still holds the data folder (postmaster.pid).
 *
 * * none, or its process is gone: nothing to do (PostgreSQL clears a stale file itself);
 * * its process is a zombie (dead, not yet reaped): PostgreSQL would still see it alive and
 *   refuse, so the stale file is removed;
 * * the pid now belongs to another program (reused after a reboot): the stale file is removed;
 * * it is our PostgreSQL on this folder and the Fieldbase that started it is gone (killed hard):
 *   it is stopped cleanly (fast shutdown) and the start goes on;
 * * it is our PostgreSQL and the Fieldbase that started it still runs: refuse, naming both.
 *
 * Who started it is kept in `<folder>.owner` (its pid). After that process ends, the kernel gives
 * PostgreSQL another parent, so "the parent is still the owner" tells a live owner from a dead one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedStartError } from './embedded-start-error.ts';
import { commandLine, processRunning, processStatus, processTableReadable } from './process-table.ts';

const ownerFile = (databaseDir: string) => `${databaseDir}.owner`;

export async function recordOwner(databaseDir: string): Promise<void> {
  await writeFile(ownerFile(databaseDir), `${process.pid}\n`, { mode: 0o600 });
}

export async function forgetOwner(databaseDir: string): Promise<void> {
  await rm(ownerFile(databaseDir), { force: true });
}

function recordedOwner(databaseDir: string): number | undefined {
  try {
    return Number(readFileSync(ownerFile(databaseDir), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** A postmaster (`postgres -D <folder>`) serving exactly this folder. */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  if (processStatus(pid)?.comm !== 'postgres') return false;
  const args = commandLine(pid);
  const dataArg = args.indexOf('-D');
  return dataArg >= 0 && path.resolve(args[dataArg + 1] ?? '') === path.resolve(databaseDir);
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (processRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

const heldMessage = (databaseDir: string, pid: number, owner?: number) =>
  `The database folder ${databaseDir} is held by a running PostgreSQL (pid ${pid})` +
  (owner ? `, started by Fieldbase process ${owner}, which is still running.\n` : '.\n') +
  `Another Fieldbase is probably running from this folder: stop it (Ctrl-C in its terminal, or kill ${owner ?? pid}) and start again.`;

export async function releaseStalePostmaster(
  databaseDir: string,
  opts: { log?: (line: string) => void; stopTimeoutMs?: number } = {},
): Promise<void> {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const [firstLine, dataLine] = lines;
  const pid = Number(firstLine);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (!processTableReadable()) {
    // No /proc (macOS): only `kill(pid, 0)` to go by, so never stop anything by guesswork.
    if (processRunning(pid)) throw new EmbeddedStartError(heldMessage(databaseDir, pid));
    return;
  }
  const status = processStatus(pid);
  if (!status) return;
  const log = opts.log ?? (() => undefined);
  if (status.state === 'Z') {
    log(`[db] the PostgreSQL that held ${databaseDir} (pid ${pid}) has ended; clearing its lock files`);
    await clearLocksOf(pid, pidFile, lines);
    return;
  }
  if (path.resolve(dataLine ?? '') !== path.resolve(databaseDir) || !isPostmasterOf(pid, databaseDir)) {
    log(`[db] ${pidFile} names pid ${pid}, which is not a PostgreSQL on this folder; clearing the stale lock files`);
    await clearLocksOf(pid, pidFile, lines);
    return;
  }
  const owner = recordedOwner(databaseDir);
  // Without a record (a cluster started by an older Fieldbase) only init as parent proves an
  // orphan. An owner that is a zombie is dead (or its last threads are on their way out).
  const orphaned = owner ? status.ppid !== owner || !processRunning(owner) : status.ppid === 1;
  if (!orphaned) throw new EmbeddedStartError(heldMessage(databaseDir, pid, owner));
  log(`[db] stopping the PostgreSQL (pid ${pid}) left running by a Fieldbase that ended without stopping it`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // Ended meanwhile.
  }
  if (!(await waitUntilGone(pid, opts.stopTimeoutMs ?? 60_000))) {
    throw new EmbeddedStartError(
      `The PostgreSQL left running on ${databaseDir} (pid ${pid}) did not stop when asked.\n` +
        `Stop it (kill ${pid}; if it stays, kill -9 ${pid}) and start again.`,
    );
  }
  // Gone, or a zombie waiting for its new parent to reap it: either way its locks are stale.
  await clearLocksOf(pid, pidFile, lines);
}

/**
 * Removes postmaster.pid and the Unix socket's lock file (`<socket dir>/.s.PGSQL.<port>.lock`,
 * named on lines 4 and 5 of postmaster.pid) when it names the same dead postmaster: PostgreSQL
 * would take a zombie's lock for a live one and refuse the port.
 */
async function clearLocksOf(pid: number, pidFile: string, lines: string[]): Promise<void> {
  const [port, socketDir] = [lines[3]?.trim(), lines[4]?.trim()];
  if (port && socketDir) {
    const socketLock = path.join(socketDir, `.s.PGSQL.${port}.lock`);
    try {
      if (Number(readFileSync(socketLock, 'utf8').split('\n')[0]) === pid) await rm(socketLock, { force: true });
    } catch {
      // No socket lock.
    }
  }
  await rm(pidFile, { force: true });
}
