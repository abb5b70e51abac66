/**
 * Asking for an export, whatever it exports (documents, the audit log): the request recorded and
 * its job queued in one transaction, with its row in the change log; the same export still
 * pending answered instead; at most MAX_PENDING pending per caller.
 */
import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { inWriteTransaction, type ChangeContext } from '../changes/change-log.ts';
import { pendingCount } from './export-store.ts';
import { EXPORT_QUEUE, type ExportJobData } from './export-job.ts';

/** What the change log calls exports (they are not in the resource map). */
export const EXPORT_RESOURCE = 'export';

export const MAX_PENDING = 3;

/**
 * Records and queues a new export in one transaction, its request in the change log
 * (`export-request`, with what was asked for), unless the same export is still pending (`twin`),
 * which is answered instead; a caller has at most MAX_PENDING exports pending. Answers the id.
 */
export async function queueExport(
  ctx: AppContext,
  callerId: string,
  context: ChangeContext,
  job: { twin: string | undefined; insert: (trx: Db, id: string) => Promise<void>; asked: Record<string, unknown>; programId?: string },
): Promise<string> {
  if (job.twin !== undefined) return job.twin;
  if ((await pendingCount(ctx.db, callerId)) >= MAX_PENDING) throw problems.exportsBusy();
  const id = randomUUID();
  await inWriteTransaction(ctx.db, context, async (trx, changes) => {
    await job.insert(trx, id);
    await ctx.jobs.send<ExportJobData>(EXPORT_QUEUE, { exportId: id }, trx);
    // Named here: the spec's GET aliases ask for exports too, and a GET declares no action.
    changes.record(
      EXPORT_RESOURCE,
      id,
      null,
      { ...job.asked, status: 'queued' },
      { action: 'export-request', ...(job.programId ? { programId: job.programId } : {}) },
    );
  });
  ctx.jobs.wake(EXPORT_QUEUE);
  return id;
}
