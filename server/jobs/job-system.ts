/**
 * Background jobs on pg-boss, in the same PostgreSQL as everything else (schema `pgboss`), run
 * through the app's own connection pool: a job is sent in the transaction that records what it
 * is for, so the two commit or vanish together.
 *
 * One job system per process (per database), started with the api server and stopped before
 * the database closes. Stopping aborts the running handlers (their AbortSignal fires): a handler
 * puts its work back and throws; that throw is swallowed here (the owner's recovery task queues
 * the work again at the next start), and stop() waits for the handlers and for pg-boss's last
 * word on their jobs, so nothing queries the pool after the caller destroys it.
 *
 * Periodic tasks (recovering stale work, expiring files) run on plain timers rather than
 * pg-boss's cron, which would keep two more timers and a clock check per process for the sake of
 * a query a minute; each task's query must be safe to run from several processes at once.
 */
import PgBoss from 'pg-boss';
import pg from 'pg';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';

export interface RunningJob {
  /** pg-boss's id of this attempt. */
  id: string;
  /** Fires when the job system stops: put the work back (for a recovery task to resend) and throw. */
  signal: AbortSignal;
}

export interface QueueDefinition<T extends object> {
  name: string;
  handle(data: T, job: RunningJob): Promise<void>;
  /** Jobs of this queue one process runs at once. */
  concurrency: number;
  /** Attempts after the first (a stop mid-job does not count: its job ends, the work is resent). */
  retryLimit: number;
  /** pg-boss fails an attempt running longer than this (and retries it). */
  expireInSeconds: number;
}

export interface PeriodicTask {
  name: string;
  everySeconds: number;
  run(): Promise<void>;
}

export interface JobSystem {
  /** Adds a queue and its handler (once per name; a second definition of a name is ignored). */
  define<T extends object>(queue: QueueDefinition<T>): void;
  /** Adds a task run at start and then every `everySeconds`. */
  every(task: PeriodicTask): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly started: boolean;
  /**
   * Queues a job; inside `trx` when given, so it exists only if that transaction commits (then
   * call `wake` after the commit).
   */
  send<T extends object>(queue: string, data: T, trx?: Db): Promise<string>;
  /** Lets this process's idle workers of the queue look for work now rather than at their next poll. */
  wake(queue: string): void;
  /** Runs a periodic task now (tests, and right after a change that it should see soon). */
  runTask(name: string): Promise<void>;
  /**
   * A connection of its own, outside the pool, for a long statement of a job (a COPY): it does
   * not hold one of the pool's connections for minutes, and its name shows in pg_stat_activity.
   */
  connect(applicationName: string): Promise<pg.Client>;
  /** The database's address, for a worker thread that opens its own connection. */
  readonly databaseUrl: string;
}

/** pg-boss's database port, over a Kysely connection or transaction. */
const bossDb = (db: Db, inFlight?: Set<Promise<unknown>>): PgBoss.Db => ({
  executeSql: async (text, values) => {
    const query = db.executeQuery(CompiledQuery.raw(text, values ?? []));
    inFlight?.add(query);
    try {
      const result = await query;
      return { rows: result.rows as unknown[] };
    } finally {
      inFlight?.delete(query);
    }
  },
});

const STOP_TIMEOUT_MS = 15_000;

export function createJobSystem(opts: {
  db: Db;
  databaseUrl: string;
  log?: (line: string) => void;
  /** How long stop() lets pg-boss wait for aborted handlers before it records their jobs as failed. */
  stopTimeoutMs?: number;
}): JobSystem {
  const { db, databaseUrl } = opts;
  const log = opts.log ?? console.warn;
  const queues = new Map<string, QueueDefinition<object>>();
  const tasks = new Map<string, PeriodicTask>();
  // A fresh pg-boss per start: a stopped instance keeps its maintenance switched off for good.
  let boss: PgBoss | undefined;
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<AbortController, Promise<void>>();
  // pg-boss's own statements still under way: stop() lets them end before the pool may close.
  const inFlight = new Set<Promise<unknown>>();
  const workerIds = new Map<string, string[]>();

  const newBoss = () =>
    new PgBoss({
      db: bossDb(db, inFlight),
      schema: 'pgboss',
      // No cron: periodic work runs on the timers below.
      schedule: false,
      // Expiry of timed-out jobs, archiving and deleting old ones: every few minutes is plenty.
      supervise: true,
      maintenanceIntervalSeconds: 300,
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    });

  async function runTask(task: PeriodicTask): Promise<void> {
    const run = task.run().catch((err: unknown) => log(`[jobs] ${task.name} failed: ${(err as Error).message}`));
    // Awaited by stop(), so no task queries the pool after its owner destroys it.
    inFlight.add(run);
    try {
      await run;
    } finally {
      inFlight.delete(run);
    }
  }

  async function work(b: PgBoss, queue: QueueDefinition<object>): Promise<void> {
    await b.createQueue(queue.name, {
      name: queue.name,
      retryLimit: queue.retryLimit,
      retryDelay: 0,
      expireInSeconds: queue.expireInSeconds,
    });
    const ids: string[] = [];
    for (let i = 0; i < queue.concurrency; i++) {
      ids.push(
        await b.work<object>(queue.name, { batchSize: 1 }, async ([job]) => {
          if (!job) return;
          const controller = new AbortController();
          // Fetched while stopping: the handler starts already told to put the work back.
          if (boss !== b) controller.abort(new Error('The job system is stopping'));
          const handled = queue.handle(job.data, { id: job.id, signal: controller.signal }).catch((err: unknown) => {
            // Stopped: the work is back in its owner's hands, and pg-boss (stopping too) should
            // not be asked to record a failure against a pool that is about to close.
            if (!controller.signal.aborted) throw err;
          });
          running.set(controller, handled);
          try {
            await handled;
          } finally {
            running.delete(controller);
          }
        }),
      );
    }
    workerIds.set(queue.name, ids);
  }

  const system: JobSystem = {
    databaseUrl,
    get started() {
      return boss !== undefined;
    },
    define(queue) {
      if (queues.has(queue.name)) return;
      queues.set(queue.name, queue as unknown as QueueDefinition<object>);
      if (boss) void work(boss, queues.get(queue.name)!).catch((err) => log(`[jobs] ${queue.name}: ${(err as Error).message}`));
    },
    every(task) {
      if (tasks.has(task.name)) return;
      tasks.set(task.name, task);
      if (boss) schedule(task);
    },
    async start() {
      if (boss) return;
      const b = newBoss();
      b.on('error', (err) => log(`[jobs] ${err.message}`));
      // One process at a time installs pg-boss and creates the queues (their DDL deadlocks when
      // several instances start together); the lock is a session's, on a connection of its own.
      const starting = await system.connect('fieldbase-jobs-start');
      try {
        await starting.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.jobsStart]);
        await b.start();
        boss = b;
        for (const queue of queues.values()) await work(b, queue);
      } finally {
        await starting.end().catch(() => undefined);
      }
      for (const task of tasks.values()) {
        await runTask(task);
        schedule(task);
      }
    },
    async stop() {
      const b = boss;
      if (!b) return;
      boss = undefined;
      for (const timer of timers.splice(0)) clearInterval(timer);
      workerIds.clear();
      const handlers = [...running.values()];
      for (const controller of running.keys()) controller.abort(new Error('The job system is stopping'));
      // Graceful: waits (up to the timeout) for the aborted handlers to hand their jobs back.
      await b.stop({ graceful: true, wait: true, close: false, timeout: opts.stopTimeoutMs ?? STOP_TIMEOUT_MS });
      // A handler slower than pg-boss's timeout still ends before the pool may close; then
      // pg-boss records each job's end (a statement started a moment after the handler settles).
      await Promise.allSettled(handlers);
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...inFlight]);
    },
    async send(queue, data, trx) {
      const b = boss ?? newBoss();
      const id = await b.send(queue, data, trx ? { db: bossDb(trx) } : {});
      if (!id) throw new Error(`[jobs] queue ${queue} does not exist: the job system was never started on this database`);
      if (!trx) system.wake(queue);
      return id;
    },
    wake(queue) {
      for (const workerId of workerIds.get(queue) ?? []) boss?.notifyWorker(workerId);
    },
    async connect(applicationName) {
      const client = new pg.Client({ connectionString: databaseUrl, application_name: applicationName });
      await client.connect();
      return client;
    },
    async runTask(name) {
      const task = tasks.get(name);
      if (!task) throw new Error(`[jobs] no periodic task ${name}`);
      await task.run();
    },
  };

  function schedule(task: PeriodicTask) {
    const timer = setInterval(() => void runTask(task), task.everySeconds * 1000);
    timer.unref();
    timers.push(timer);
  }

  return system;
}
