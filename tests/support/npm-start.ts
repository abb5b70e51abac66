/**
 * Runs `npm start` as it is (the command in package.json, minus npm itself) on test ports with a
 * data folder of its own, and finds its processes: the supervisor, its three workers, PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { projectRoot } from '../../server/config.ts';
import { embeddedDataDir } from '../../server/db/embedded.ts';
import { commandLine, processStatus } from '../../server/db/process-table.ts';
import type { ServerKind } from '../../server/one-server.ts';
import { childrenOf, killHard, spawnUnderNonReapingSubreaper } from './processes.ts';

export interface StartPorts {
  console: number;
  auth: number;
  api: number;
  pg: number;
}

export interface Started {
  child: ChildProcess;
  /** The supervisor: the child itself, or the wrapper's child. */
  pid: number;
}

/**
 * Kills what a failed test left running: each app's process and, under a wrapper, its
 * supervisor, but only while it is still the wrapper's child (a pid can be reused once free).
 * Workers end with their supervisor.
 */
export function killLeftovers(started: Started[]): void {
  for (const { child, pid } of started) {
    const running = child.exitCode === null && child.signalCode === null;
    if (pid !== child.pid && running && processStatus(pid)?.ppid === child.pid) killHard(pid);
    child.kill('SIGKILL');
  }
}

export interface App {
  child: ChildProcess;
  /** The supervisor (under the subreaper, the wrapper's child). */
  pid: number;
  output: () => string;
  /** Its worker processes now, by the server each runs. */
  workers(): Partial<Record<ServerKind, number>>;
}

/** package.json's `start` script, run by this Node. */
export function npmStartCommand(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [program, ...args] = pkg.scripts.start.split(' ');
  if (program !== 'node')
    throw new Error(`npm start runs "${pkg.scripts.start}": expected a node command (one process, its pid the supervisor's)`);
  return [process.execPath, ...args];
}

/** Polls `check` up to `polls` times, `pauseMs` apart; throws naming `what` when it never held. */
export async function poll(what: string, check: () => boolean | Promise<boolean>, polls = 600, pauseMs = 100): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (await check()) return;
    await sleep(pauseMs);
  }
  throw new Error(`${what}: still not so after ${polls} checks`);
}

/** Starts the app and resolves once it printed its banner (after a console build if one was due). */
export async function startApp(opts: {
  ports: StartPorts;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  under?: 'non-reaping subreaper';
  /** Collects every app started, for killLeftovers. */
  started: Started[];
}): Promise<App> {
  const command = npmStartCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONSOLE_PORT: String(opts.ports.console),
    AUTH_PORT: String(opts.ports.auth),
    API_PORT: String(opts.ports.api),
    EMBEDDED_PG_PORT: String(opts.ports.pg),
    DATA_DIR: opts.dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    LOG_LEVEL: 'warn',
    ...opts.env,
  };
  const options = { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = opts.under ? spawnUnderNonReapingSubreaper(command, options) : spawn(command[0], command.slice(1), options);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  // A console build on a fresh clone takes minutes on a busy machine: 3,000 checks of 100 ms at least.
  await poll(
    'the app to start',
    () => {
      if (exited) throw new Error(`The app did not start:\n${output}`);
      return output.includes('Fieldbase is running');
    },
    3_000,
  );
  const pid = opts.under ? childPidOf(child.pid!) : child.pid!;
  opts.started.push({ child, pid });
  const workers = () =>
    Object.fromEntries(childrenOf(pid, 'server/cli/worker.ts').map((worker) => [commandLine(worker).at(-1), worker])) as Partial<
      Record<ServerKind, number>
    >;
  return { child, pid, output: () => output, workers };
}

function childPidOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  return children[0];
}

export function postmasterPid(dataDir: string): number {
  return Number(readFileSync(path.join(embeddedDataDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
}
