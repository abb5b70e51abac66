/**
 * Runs the PostgreSQL programs: `initdb` once, then the postmaster, which a watchdog ties to
 * this process so that it ends with it, even after a `kill -9` (Node has no
 * PR_SET_PDEATHSIG). As root both run as the `postgres` user: PostgreSQL refuses root.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedStartError } from './embedded-start-error.ts';
import type { PostgresBinaries } from './postgres-binaries.ts';

export interface RunAs {
  uid: number;
  gid: number;
}

const userId = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());

/** The `postgres` user when we are root (created if the system has none), else undefined: run as ourselves. */
export function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    return { uid: userId('-u'), gid: userId('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['--force', '--system', 'postgres'], { stdio: 'ignore' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], {
        stdio: 'ignore',
      });
      return { uid: userId('-u'), gid: userId('-g') };
    } catch (err) {
      throw new EmbeddedStartError(
        `PostgreSQL refuses to run as root and there is no postgres user to run it as (creating one failed: ${(err as Error).message}).\n` +
          `Create one (useradd --system postgres), run Fieldbase as another user, or set DATABASE_URL.`,
      );
    }
  }
}

function spawnAs(program: string, args: string[], opts: { runAs?: RunAs; cwd: string }): ChildProcess {
  return spawn(program, args, {
    ...opts.runAs,
    cwd: opts.cwd,
    // Startup is recognised by an English log line.
    env: { ...process.env, LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function cannotRun(program: string, err: NodeJS.ErrnoException, runAs?: RunAs): EmbeddedStartError {
  const who = runAs ? 'the postgres user' : 'this user';
  return new EmbeddedStartError(
    `Could not run ${program} (${err.code ?? err.message}): ${who} may not execute it or reach its folder.\n` +
      `Run Fieldbase from a folder ${who} can enter, or set DATABASE_URL.`,
  );
}

/** initdb: a new cluster owned by `user` with `password` (handed over in a file only its reader can read). */
export async function initCluster(
  bin: PostgresBinaries,
  opts: { databaseDir: string; user: string; password: string; runAs?: RunAs; flags: string[] },
): Promise<void> {
  await mkdir(opts.databaseDir, { recursive: true, mode: 0o700 });
  if (opts.runAs) await chown(opts.databaseDir, opts.runAs.uid, opts.runAs.gid);
  const passwordFile = path.join(os.tmpdir(), `fieldbase-initdb-${randomBytes(8).toString('hex')}`);
  await writeFile(passwordFile, `${opts.password}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (opts.runAs) await chown(passwordFile, opts.runAs.uid, opts.runAs.gid);
    const args = [
      `--pgdata=${opts.databaseDir}`,
      `--username=${opts.user}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      ...opts.flags,
    ];
    const child = spawnAs(bin.initdb, args, { runAs: opts.runAs, cwd: path.dirname(opts.databaseDir) });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      child.on('error', (err) => reject(cannotRun(bin.initdb, err, opts.runAs)));
      child.on('close', (code) =>
        code === 0
          ? resolve()
          : reject(new EmbeddedStartError(`initdb could not create the cluster in ${opts.databaseDir}:\n${output.trim()}`)),
      );
    });
  } finally {
    await rm(passwordFile, { force: true });
  }
}

// Ends PostgreSQL (fast shutdown) once nobody holds the write end of its stdin any more, which
// happens when this process ends, however it ends. A shell builtin loop: no extra process,
// nothing to install. Its own session: Ctrl-C or a kill of our process group does not end it.
const WATCHDOG_SCRIPT = 'trap "" INT HUP; while read -r _; do :; done; kill -INT "$1" 2>/dev/null';

function startWatchdog(postmasterPid: number): { disarm(): void } {
  if (process.platform === 'win32') return { disarm: () => undefined };
  const watchdog = spawn('/bin/sh', ['-c', WATCHDOG_SCRIPT, 'fieldbase-postgres-watchdog', String(postmasterPid)], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
  });
  watchdog.on('error', () => undefined);
  // Neither it nor its pipe keeps this process alive.
  watchdog.unref();
  (watchdog.stdin as Socket | null)?.unref();
  return { disarm: () => watchdog.kill('SIGKILL') };
}

export interface Postmaster {
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts the postmaster and resolves once it accepts connections. A failure rejects with the
 * log lines that explain it (port in use, lock file...).
 */
export async function startPostmaster(
  bin: PostgresBinaries,
  opts: { databaseDir: string; port: number; runAs?: RunAs; log?: (line: string) => void },
): Promise<Postmaster> {
  const child = spawnAs(bin.postgres, ['-D', opts.databaseDir, '-p', String(opts.port)], {
    runAs: opts.runAs,
    cwd: path.dirname(opts.databaseDir),
  });
  const watchdog = child.pid ? startWatchdog(child.pid) : undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => watchdog?.disarm());
  const recent: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const onLog = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      // Kept reading for the whole run: a full pipe would block PostgreSQL's logging.
      opts.log?.(text);
      recent.push(...text.split('\n').filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 40));
      if (text.includes('database system is ready to accept connections')) resolve();
    };
    child.stdout?.on('data', onLog);
    child.stderr?.on('data', onLog);
    child.on('error', (err) => reject(cannotRun(bin.postgres, err, opts.runAs)));
    // 'close', not 'exit': by then its last words have been read.
    child.on('close', () => reject(new PostmasterExited(recent)));
  });
  return {
    pid: child.pid!,
    async stop() {
      watchdog?.disarm();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGINT');
        await exited;
      }
    },
  };
}

/** The postmaster ended before it was ready; `lines` is what it said. */
export class PostmasterExited extends Error {
  constructor(readonly lines: string[]) {
    super('PostgreSQL ended before it was ready');
  }
}
