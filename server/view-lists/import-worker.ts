/**
 * The import worker thread: reads an uploaded view list and writes its rows to PostgreSQL over a
 * connection of its own, so no row is parsed or serialised on the event loop that answers
 * requests. One import at a time; the thread is reused for the next one. The thread and its
 * backend run at a lower priority than requests (import-priority.ts).
 *
 * The whole import is one transaction (view-list-store.ts): the rows under a fresh generation and
 * the switch of the list to them commit together, so a refused file, a killed thread (time
 * budget, heap cap) or a dead process leaves nothing behind — PostgreSQL rolls the transaction
 * back when the connection goes — and readers see the old rows until the commit. The list's change
 * is recorded in that same transaction (the change context comes with the task: the thread cannot
 * see the request), so the log has it exactly when the rows are in.
 */
import { parentPort } from 'node:worker_threads';
import { createDb } from '../db/database.ts';
import { Problem, problems } from '../http/errors.ts';
import { problemFor } from '../http/error-answers.ts';
import type { Row } from '../crud/crud-store.ts';
import { readRows, type ReadProgress } from './read-rows.ts';
import {
  createViewList,
  loggedViewList,
  updateViewList,
  VIEW_LIST_FOLDER,
  VIEW_LIST_RESOURCE,
  type StoredFile,
} from './view-list-store.ts';
import { fileStoresFor, type FileStoreSettings } from '../files/file-stores.ts';
import type { FileStore } from '../files/file-store.ts';
import { readStoredFile } from '../uploads/stored-files.ts';
import type { FileKind } from './file-kind.ts';
import { lowerBackend, lowerThisThread } from './import-priority.ts';
import { stillLive } from './import-store.ts';
import { inWriteTransaction, type ChangeContext, type ChangeEntry } from '../changes/change-log.ts';
import { changedFields } from '../changes/changed-fields.ts';

export interface ImportTask {
  importId: string;
  databaseUrl: string;
  /** The connection's application_name, by which the main thread can end it. */
  connectionName: string;
  action: { kind: 'create'; name: string } | { kind: 'update'; id: string; name?: string };
  /** The stored upload: its kind, and what the list records of it (its key in the store among it). */
  file: { kind: FileKind; stored: StoredFile };
  /** Where the process keeps its files, for the thread to read the upload from the same store. */
  fileStore: FileStoreSettings;
  now: string;
  /** Who asked, from where, under which action: what the change log records the import under. */
  change: ChangeContext;
}

export type WorkerMessage =
  | { type: 'progress'; rowsRead: number; fraction: number }
  /** Every row is written: only the commit is left, which no time budget should interrupt. */
  | { type: 'committing' }
  | { type: 'done'; record: Row; replacedFile?: string; rowsRead: number }
  | { type: 'refused'; status: number; code: string; message: string; fields?: Record<string, string>; extra?: Record<string, unknown> }
  | { type: 'fault'; message: string; stack?: string };

const PROGRESS_EVERY_MS = 250;

lowerThisThread();

const port = parentPort!;
port.on('message', (task: ImportTask) => {
  void runImport(task).then((message) => port.postMessage(message));
});

/**
 * An import's change: the list's fields that changed, and always the file's name and the rows it
 * holds now (a file replaced by one of the same name and length still shows them); never the rows.
 * A new list is its `create`; a list given a new file, an `import`.
 */
function importChange(previous: Row | null, record: Row): ChangeEntry {
  const resource = VIEW_LIST_RESOURCE;
  const recordId = String(record._id);
  const after = loggedViewList(record);
  if (!previous) return { resource, recordId, fields: changedFields(null, after) };
  const before = loggedViewList(previous);
  return {
    resource,
    recordId,
    action: 'import',
    fields: {
      ...changedFields(before, after),
      file_name: [before.file_name, after.file_name],
      row_count: [before.row_count, after.row_count],
    },
  };
}

// One store for the thread's imports (its S3 client keeps its connections), made from the first task's settings.
let uploads: FileStore | undefined;
const uploadsOf = (settings: FileStoreSettings) => (uploads ??= fileStoresFor(settings).files);

async function runImport(task: ImportTask): Promise<WorkerMessage> {
  const url = new URL(task.databaseUrl);
  url.searchParams.set('application_name', task.connectionName);
  const db = createDb(url.toString());
  try {
    const content = await readStoredFile(uploadsOf(task.fileStore), VIEW_LIST_FOLDER, task.file.stored.path);
    // Removed meanwhile: the import was given up for dead (import-store.ts) before it could start.
    if (!content) throw problems.importLost();
    const progress: ReadProgress = { fraction: 0 };
    let rowsRead = 0;
    let told = 0;
    const rows = async function* () {
      let header = true;
      for await (const cells of readRows(content, task.file.kind, progress)) {
        if (header) header = false;
        else rowsRead++;
        yield cells;
        if (Date.now() - told >= PROGRESS_EVERY_MS) {
          told = Date.now();
          port.postMessage({ type: 'progress', rowsRead, fraction: progress.fraction } satisfies WorkerMessage);
        }
      }
    };
    const now = new Date(task.now);
    const { action } = task;
    const outcome = await inWriteTransaction(db, task.change, async (trx, changes) => {
      await lowerBackend(trx);
      const result =
        action.kind === 'create'
          ? { previous: null, record: await createViewList(trx, action.name, task.file.stored, rows(), now) }
          : await updateViewList(trx, action.id, { name: action.name, file: task.file.stored, rows: rows() }, now);
      // Given up for dead meanwhile (its heartbeat went stale, its file was removed): nothing is kept.
      if (!(await stillLive(trx, task.importId))) throw problems.importLost();
      changes.add(importChange(result.previous, result.record));
      port.postMessage({ type: 'committing' } satisfies WorkerMessage);
      return result;
    });
    return { type: 'done', record: outcome.record, replacedFile: 'replacedFile' in outcome ? outcome.replacedFile : undefined, rowsRead };
  } catch (error) {
    const problem = error instanceof Problem ? error : problemFor(error);
    if (problem) {
      return {
        type: 'refused',
        status: problem.status,
        code: problem.code,
        message: problem.message,
        fields: problem.fields,
        extra: problem.extra,
      };
    }
    return { type: 'fault', message: (error as Error)?.message ?? String(error), stack: (error as Error)?.stack };
  } finally {
    await db.destroy().catch(() => undefined);
  }
}
