/**
 * Keeps one worker process running: forks it, waits for it to say it is ready, and when it dies
 * says why in the log and starts it again after a growing pause (backoff.ts). Its stderr passes
 * through here on its way to ours, so that an out-of-memory death is named as one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Backoff, type BackoffSettings } from './backoff.ts';
import { describeExit, FatalLineWatch } from './exit-reason.ts';

/** What a worker sends once it serves (worker.ts). */
export const READY_MESSAGE = 'fieldbase:ready';

export interface WorkerSpec {
  /** As the log names it: "auth server". */
  name: string;
  module: string;
  args?: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Node's options for it (the TypeScript loader, the heap limit). */
  execArgv: string[];
  /** The --max-old-space-size in execArgv, named in an out-of-memory death. */
  heapLimitMb?: number;
}

export interface SupervisorLog {
  info(line: string): void;
  warn(line: string): void;
}

export interface SupervisedWorker {
  readonly name: string;
  /** Resolves once the first start serves; rejects with the reason when it dies before that. */
  readonly ready: Promise<void>;
  readonly pid: number | undefined;
  /** Ends it (SIGTERM, then SIGKILL after `stopGraceMs`) and starts it no more. */
  stop(): Promise<void>;
}

/** The worker ended before its first start served: the whole start fails with this. */
export class WorkerStartError extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;

export function superviseWorker(
  spec: WorkerSpec,
  opts: {
    log: SupervisorLog;
    backoff?: BackoffSettings;
    stopGraceMs?: number;
    /** Where the worker's stderr goes on to: ours. */
    stderr?: { write(chunk: string): unknown };
  },
): SupervisedWorker {
  const { log } = opts;
  const stderr = opts.stderr ?? process.stderr;
  const backoff = new Backoff(opts.backoff);
  let current: { process: ChildProcess; closed: Promise<void> } | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let stopping = false;
  let served = false;
  /** When the worker that is being started again ended, and how ("died", "stopped"). */
  let down: { at: number; how: string } | undefined;
  let resolveReady!: () => void;
  let rejectReady!: (err: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  // A caller that stops before awaiting `ready` is not told of an unhandled rejection.
  ready.catch(() => undefined);

  /** The worker has ended, or could not be started: the start fails, or it is started again after the pause. */
  function ended(what: string, reason: string, startedAt: number, how = 'died') {
    if (stopping) return;
    if (!served) {
      rejectReady(new WorkerStartError(`The ${spec.name} did not start: ${reason}.`));
      return;
    }
    down ??= { at: Date.now(), how };
    const delay = backoff.next(Date.now() - startedAt);
    log.warn(`[supervisor] ${spec.name} ${what}: ${reason}; starting it again in ${seconds(delay)}`);
    restartTimer = setTimeout(start, delay);
  }

  function start() {
    restartTimer = undefined;
    const startedAt = Date.now();
    const watch = new FatalLineWatch();
    let child: ChildProcess;
    try {
      child = fork(spec.module, spec.args ?? [], {
        cwd: spec.cwd,
        env: spec.env,
        execArgv: spec.execArgv,
        stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      });
    } catch (err) {
      // Some failures to spawn throw rather than emit: never a crash of the supervisor.
      ended('could not be started', (err as Error).message, startedAt);
      return;
    }
    if (child.pid === undefined) {
      // Not spawned (no such folder, no processes left): 'error' tells why; a 'close' may follow.
      child.once('error', (err) => ended('could not be started', err.message, startedAt));
      return;
    }
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    current = { process: child, closed };
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr.write(chunk);
      watch.feed(chunk);
    });
    child.on('message', (message) => {
      if (message !== READY_MESSAGE) return;
      if (!served) {
        served = true;
        resolveReady();
      } else if (down) {
        log.info(
          `[supervisor] ${spec.name} is back (pid ${child.pid}), serving again ${seconds(Date.now() - down.at)} after it ${down.how}`,
        );
      }
      down = undefined;
    });
    // A failed kill or message: its end, if it comes, is told by 'close'.
    child.on('error', (err) => log.warn(`[supervisor] ${spec.name} (pid ${child.pid}): ${err.message}`));
    // 'close', not 'exit': by then its last words on stderr have been read.
    child.once('close', (code, signal) => {
      if (current?.process === child) current = undefined;
      const reason = describeExit({ code, signal, fatalLine: watch.fatalLine, heapLimitMb: spec.heapLimitMb });
      // Exit code 0 is a worker stopping cleanly, as it does on a SIGTERM from someone else.
      const how = code === 0 ? 'stopped' : 'died';
      ended(`(pid ${child.pid}) ${how}`, reason, startedAt, how);
    });
  }

  start();

  return {
    name: spec.name,
    ready,
    get pid() {
      return current?.process.pid;
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const running = current;
      if (!running) return;
      running.process.kill('SIGTERM');
      // A worker stuck in a loop never gets to its SIGTERM handler.
      const force = setTimeout(() => running.process.kill('SIGKILL'), opts.stopGraceMs ?? 30_000);
      await running.closed;
      clearTimeout(force);
    },
  };
}
