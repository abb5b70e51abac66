/** The three worker processes of `npm start`: how each is run, and one supervisor over them all. */
import path from 'node:path';
import { projectRoot, type Config } from '../config.ts';
import type { ServerKind } from '../one-server.ts';
import { superviseWorker, type SupervisedWorker, type SupervisorLog, type WorkerSpec } from './worker-process.ts';

export const WORKER_NAMES: Record<ServerKind, string> = { auth: 'auth server', api: 'api server', console: 'console server' };
const KINDS = Object.keys(WORKER_NAMES) as ServerKind[];

export function workerSpec(kind: ServerKind, config: Config, databaseUrl: string): WorkerSpec {
  // The console serves files: it has no use for the database's password.
  const { DATABASE_URL: _unused, ...withoutDatabase } = process.env;
  return {
    name: WORKER_NAMES[kind],
    module: path.join(projectRoot, 'server', 'cli', 'worker.ts'),
    args: [kind],
    // tsx reads tsconfig.json (the `@model/` paths) from the working folder.
    cwd: projectRoot,
    env: kind === 'console' ? withoutDatabase : { ...process.env, DATABASE_URL: databaseUrl },
    execArgv: ['--import', import.meta.resolve('tsx'), `--max-old-space-size=${config.workerMaxHeapMb}`],
    heapLimitMb: config.workerMaxHeapMb,
  };
}

export interface ServerWorkers {
  /** Resolves once all three serve; rejects when one dies before it served (the start fails). */
  ready: Promise<void>;
  pids(): Partial<Record<ServerKind, number>>;
  stop(): Promise<void>;
}

export function startServerWorkers(config: Config, databaseUrl: string, log: SupervisorLog): ServerWorkers {
  const workers = new Map<ServerKind, SupervisedWorker>(
    KINDS.map((kind) => [kind, superviseWorker(workerSpec(kind, config, databaseUrl), { log })]),
  );
  return {
    ready: Promise.all([...workers.values()].map((w) => w.ready)).then(() => undefined),
    pids: () => Object.fromEntries([...workers].map(([kind, w]) => [kind, w.pid])),
    stop: async () => {
      await Promise.all([...workers.values()].map((w) => w.stop()));
    },
  };
}
