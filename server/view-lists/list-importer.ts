/**
 * Runs view-list imports off the event loop: each in a worker thread (import-worker.ts) with a
 * heap cap and a time budget, at most VIEW_LIST_IMPORTS_AT_ONCE at once per process and
 * VIEW_LIST_IMPORTS_WAITING more in line (a place is taken before the upload is read; beyond
 * that the request answers 429 IMPORTS_BUSY). The main thread only relays: it records the
 * import's progress and heartbeat (view_list_imports) about every second, and ends a worker that
 * runs over its budget or is stopped with the server.
 *
 * A worker that dies (its heap cap, the budget) takes its database connection with it, and the
 * import's transaction rolls back; its connection is also ended here by name, so a statement
 * waiting on a lock does not linger. Workers are reused while imports keep coming and ended after
 * a minute idle, all but one: a worker takes over a second to boot (tsx, then exceljs, Kysely and
 * pg to load), so with `warmWorker` one is booted when the server starts and kept as the spare,
 * and the first import of the day does not wait for it.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { projectRoot } from '../config.ts';
import type { AppContext } from '../context.ts';
import { Problem, problems } from '../http/errors.ts';
import type { Row } from '../crud/crud-store.ts';
import { viewListFileProblem, type FileKind } from './file-kind.ts';
import type { StoredFile } from './view-list-store.ts';
import { recordImport, recordOutcome, recordProgress } from './import-store.ts';
import type { ImportTask, WorkerMessage } from './import-worker.ts';
import type { ChangeContext } from '../changes/change-log.ts';
import { VIEW_LIST_IMPORTS_AT_ONCE, VIEW_LIST_IMPORTS_WAITING } from './limits.ts';

const WORKER_MODULE = new URL('./import-worker.ts', import.meta.url).href;
// The servers run TypeScript through tsx; a worker thread starts bare, so it registers tsx first.
const WORKER_BOOT = `import('tsx/esm/api').then(({ register }) => {
  register({ tsconfig: ${JSON.stringify(path.join(projectRoot, 'tsconfig.json'))} });
  return import(${JSON.stringify(WORKER_MODULE)});
});`;
const TICK_MS = 500;
const HEARTBEAT_MS = 5000;
const IDLE_MS = 60_000;

export interface ImportRequest {
  importId?: string;
  userId: string;
  action: ImportTask['action'];
  file: { kind: FileKind; stored: StoredFile };
  /** What the worker records the change under (it cannot see the request). */
  change: ChangeContext;
}

export interface ImportOutcome {
  record: Row;
  /** The file the replaced list no longer serves (to remove). */
  replacedFile?: string;
}

/** A place in line, held from before the upload is read until its import ends. */
export interface ImportPlace {
  release(): void;
}

interface Running {
  worker: Worker;
  connectionName: string;
  stop(reason: Problem): void;
}

export class ListImporter {
  private places = 0;
  private reading = 0;
  private readonly line: Array<() => void> = [];
  /** Workers waiting for an import: each ends when its timer fires; the spare has none. */
  private readonly idle = new Map<Worker, NodeJS.Timeout | undefined>();
  private readonly running = new Set<Running>();
  private stopping = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly limits: { timeoutSeconds: number; heapMb: number; warmWorker: boolean },
  ) {}

  /** Takes a place in line, or refuses with 429 when every place is taken. */
  reserve(): ImportPlace {
    if (this.stopping) throw problems.importStopped();
    const places = VIEW_LIST_IMPORTS_AT_ONCE + VIEW_LIST_IMPORTS_WAITING;
    if (this.places >= places) throw problems.importsBusy(places);
    this.places++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.places--;
      },
    };
  }

  /** Reads the file into the list (create or replace), waiting its turn; answers the list. */
  async run(request: ImportRequest): Promise<ImportOutcome> {
    const { db, config } = this.ctx;
    const id = request.importId ?? randomUUID();
    await recordImport(db, {
      id,
      userId: request.userId,
      viewListId: request.action.kind === 'update' ? request.action.id : undefined,
      filePath: request.file.stored.path,
      now: config.clock.now(),
    });
    const state = { status: 'queued' as 'queued' | 'reading', rowsRead: 0, fraction: 0, changed: false, beatAt: Date.now() };
    // The heartbeat runs from now, so a sweep elsewhere knows the import waiting in line is alive.
    let writing = false;
    const beat = setInterval(() => {
      if (writing || (!state.changed && Date.now() - state.beatAt < HEARTBEAT_MS)) return;
      writing = true;
      state.changed = false;
      state.beatAt = Date.now();
      recordProgress(db, id, { ...state, now: config.clock.now() })
        .catch(() => undefined)
        .finally(() => (writing = false));
    }, TICK_MS);
    beat.unref();
    try {
      await this.turn();
      try {
        state.status = 'reading';
        await recordProgress(db, id, { ...state, now: config.clock.now() });
        const outcome = await this.inWorker(id, request, (rowsRead, fraction) =>
          Object.assign(state, { rowsRead, fraction, changed: true }),
        );
        clearInterval(beat);
        // The list is saved: what follows only tells about it, and cannot undo it.
        await recordOutcome(db, id, {
          status: 'done',
          viewListId: String(outcome.record._id),
          rowsRead: state.rowsRead,
          now: config.clock.now(),
        }).catch(() => undefined);
        return outcome;
      } finally {
        this.reading--;
        this.line.shift()?.();
      }
    } catch (error) {
      clearInterval(beat);
      const message = error instanceof Problem ? error.message : 'The file could not be read';
      await recordOutcome(db, id, { status: 'failed', message, now: config.clock.now() }).catch(() => undefined);
      throw error;
    }
  }

  /** Boots the spare worker ahead of any import, unless one is waiting already. */
  warm(): void {
    if (!this.limits.warmWorker || this.stopping || this.idle.size) return;
    this.idle.set(this.spawn(), undefined);
  }

  /** Ends every import (their transactions roll back) and worker: the server is stopping. */
  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of this.line.splice(0)) wake();
    for (const run of this.running) run.stop(problems.importStopped());
    const workers = [...this.idle.keys()];
    for (const timer of this.idle.values()) clearTimeout(timer);
    this.idle.clear();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** Waits until fewer than VIEW_LIST_IMPORTS_AT_ONCE imports are reading. */
  private async turn(): Promise<void> {
    while (this.reading >= VIEW_LIST_IMPORTS_AT_ONCE && !this.stopping) await new Promise<void>((wake) => this.line.push(wake));
    if (this.stopping) throw problems.importStopped();
    this.reading++;
  }

  private worker(): Worker {
    const [reused] = this.idle.keys();
    if (reused) {
      clearTimeout(this.idle.get(reused));
      this.idle.delete(reused);
      return reused;
    }
    return this.spawn();
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_BOOT, {
      eval: true,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb },
    });
    // An idle worker must not keep the process alive.
    worker.unref();
    // One that fails or ends while waiting (at boot, say) is not handed the next import.
    worker
      .on('error', () => undefined)
      .on('exit', () => {
        clearTimeout(this.idle.get(worker));
        this.idle.delete(worker);
      });
    return worker;
  }

  private rest(worker: Worker) {
    if (this.stopping) return void worker.terminate();
    if (this.limits.warmWorker && ![...this.idle.values()].includes(undefined)) {
      this.idle.set(worker, undefined);
      return;
    }
    const timer = setTimeout(() => {
      this.idle.delete(worker);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idle.set(worker, timer);
  }

  private inWorker(id: string, request: ImportRequest, onProgress: (rowsRead: number, fraction: number) => void): Promise<ImportOutcome> {
    const { config } = this.ctx;
    const worker = this.worker();
    const connectionName = `fieldbase-view-list-import:${id}`;
    const task: ImportTask = {
      importId: id,
      databaseUrl: this.ctx.jobs.databaseUrl,
      connectionName,
      action: request.action,
      file: request.file,
      // The thread opens the same store as this process (it cannot be handed the object).
      fileStore: { s3Url: config.s3Url, uploadsDir: config.uploadsDir, dataDir: config.dataDir },
      now: config.clock.now().toISOString(),
      change: request.change,
    };
    const started = config.clock.now().getTime();
    const budgetMs = this.limits.timeoutSeconds * 1000;
    return new Promise<ImportOutcome>((resolve, reject) => {
      let committing = false;
      let settled = false;
      const run: Running = {
        worker,
        connectionName,
        stop: (reason) => finish(reason, true),
      };
      const finish = (result: ImportOutcome | Problem | Error, kill = false) => {
        if (settled) return;
        settled = true;
        clearInterval(budget);
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        this.running.delete(run);
        if (kill) {
          void worker.terminate();
          void this.endConnection(connectionName);
          this.warm();
        } else this.rest(worker);
        if (result instanceof Error) reject(result);
        else resolve(result);
      };
      const onMessage = (message: WorkerMessage) => {
        switch (message.type) {
          case 'progress':
            return onProgress(message.rowsRead, message.fraction);
          case 'committing':
            committing = true;
            return;
          case 'done':
            onProgress(message.rowsRead, 1);
            return finish({ record: message.record, replacedFile: message.replacedFile });
          case 'refused':
            return finish(problems.again(message));
          case 'fault':
            return finish(Object.assign(new Error(`list import failed: ${message.message}`), { stack: message.stack }));
        }
      };
      const onError = (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          return finish(
            viewListFileProblem(
              `The file needs more memory to read than an import may use (${this.limits.heapMb} MB): split it into smaller lists`,
            ),
            true,
          );
        }
        finish(error, true);
      };
      const onExit = (code: number) => finish(new Error(`list import worker exited (code ${code})`), true);
      const budget = setInterval(() => {
        if (committing || config.clock.now().getTime() - started <= budgetMs) return;
        finish(
          viewListFileProblem(`The file took too long to read (over ${this.limits.timeoutSeconds} seconds): split it into smaller lists`),
          true,
        );
      }, TICK_MS);
      budget.unref();
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.running.add(run);
      worker.postMessage(task);
    });
  }

  /** Ends the import's database connection (its transaction rolls back at once, even mid-statement). */
  private async endConnection(name: string): Promise<void> {
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${name}`
      .execute(this.ctx.db)
      .catch(() => undefined);
  }
}
