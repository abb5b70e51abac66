/**
 * The export job (pg-boss queue `document-export`): claim the export, write its file, keep its
 * progress and heartbeat about every second, finish it and e-mail the requester a link. And the
 * periodic work that makes exports always finish and never linger: re-sending the jobs of
 * exports whose worker died (heartbeat older than 30 s) or whose job ran out of retries, and
 * deleting files past EXPORT_TTL_HOURS.
 *
 *  - A stop of the job system mid-export (a restart) puts the export back in the queue ("queued",
 *    its job ended); the recovery task, at the next start here or within 30 s in another process,
 *    sends it a new job, which runs it from the start.
 *  - A process killed outright leaves its export "running" with a heartbeat that goes stale; the
 *    recovery task (at every start, then every 30 s, in any process) queues it again.
 *  - A cancel sets the row to cancelled and stops the COPY (export-routes.ts); the worker also
 *    notices at its next heartbeat, which finds the row no longer running.
 */
import type { AppContext } from '../context.ts';
import { beat, claimExport, expireExports, failExport, finishExport, orphanedExports, requeueExport } from './export-store.ts';
import { exportKey, runExportToFile } from './export-runner.ts';
import { EXPORTS_FOLDER } from '../files/file-stores.ts';
import { specOf } from './export-query.ts';
import { mailTextsFor } from '../mail/mail-language.ts';

export const EXPORT_QUEUE = 'document-export';

export interface ExportJobData {
  exportId: string;
}

const HEARTBEAT_MS = 1000;

class ExportCancelled extends Error {}

/** The console's page that shows the export and its download button. */
export const exportLink = (consoleUrl: string, exportId: string) => `${consoleUrl}/data-explorer?export=${encodeURIComponent(exportId)}`;

export function defineExportJobs(ctx: AppContext): void {
  ctx.jobs.define<ExportJobData>({
    name: EXPORT_QUEUE,
    // Two exports at once per process: a long one does not hold every other one back.
    concurrency: 2,
    retryLimit: 5,
    expireInSeconds: 6 * 3600,
    handle: (data, job) => runExportJob(ctx, data.exportId, job.signal),
  });
  ctx.jobs.every({ name: 'export-recovery', everySeconds: 30, run: () => recoverExports(ctx) });
  ctx.jobs.every({ name: 'export-expiry', everySeconds: 10 * 60, run: () => removeExpiredExports(ctx) });
}

export async function runExportJob(ctx: AppContext, exportId: string, stopping: AbortSignal): Promise<void> {
  const { db, config } = ctx;
  const claimed = await claimExport(db, exportId, config.clock.now());
  if (!claimed) return; // cancelled, finished, or another attempt has it
  const cancel = new AbortController();
  let copyBackend: number | undefined;
  let beating = false;
  const heartbeat = setInterval(() => {
    if (beating) return;
    beating = true;
    beat(db, exportId, copyBackend, config.clock.now())
      .then((running) => {
        if (!running) cancel.abort(new ExportCancelled('cancelled'));
      })
      .catch(() => undefined)
      .finally(() => (beating = false));
  }, HEARTBEAT_MS);
  try {
    const outcome = await runExportToFile({ db, connect: (name) => ctx.jobs.connect(name) }, specOf(claimed), {
      files: ctx.exportFiles,
      onCopying: (backend) => (copyBackend = backend),
      signal: AbortSignal.any([stopping, cancel.signal]),
    });
    const now = config.clock.now();
    const expiresAt = new Date(now.getTime() + config.exportTtlHours * 3600 * 1000);
    if (!(await finishExport(db, exportId, outcome, now, expiresAt))) {
      await ctx.exportFiles.delete(exportKey(exportId)); // cancelled in the last moment
      return;
    }
    await mailRequester(ctx, exportId);
  } catch (err) {
    if (stopping.aborted) {
      await requeueExport(db, exportId);
      throw err; // the job system swallows it; the recovery task resends the export
    }
    const current = await db.selectFrom('exports').select('status').where('id', '=', exportId).executeTakeFirst();
    if (cancel.signal.aborted || current?.status !== 'running') return; // cancelled (the COPY was stopped for it)
    console.error(`[exports] export ${exportId} failed:`, err);
    await failExport(db, exportId, 'The export could not be written; please try again', config.clock.now());
  } finally {
    clearInterval(heartbeat);
  }
}

/** The console's page for an export of the audit log. */
export const auditExportLink = (consoleUrl: string, exportId: string) => `${consoleUrl}/audit?export=${encodeURIComponent(exportId)}`;

async function mailRequester(ctx: AppContext, exportId: string): Promise<void> {
  const row = await ctx.db
    .selectFrom('exports as e')
    .innerJoin('users as u', 'u.id', 'e.requested_by')
    .leftJoin('programs as p', 'p.id', 'e.program_id')
    .select([
      'u.email',
      'u.first_name',
      'u.language',
      'u.deleted_at',
      'p.name as program',
      'e.kind',
      'e.module',
      'e.rows_done',
      'e.expires_at',
      'e.file_name',
    ])
    .where('e.id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.deleted_at) return;
  const rows = Number(row.rows_done);
  const until = row.expires_at ? new Date(row.expires_at).toISOString().replace('T', ' ').slice(0, 16) : '';
  const audit = row.kind === 'audit';
  const texts = await mailTextsFor(ctx.db, row.language);
  const mail = texts.exportReady({
    firstName: row.first_name,
    what: audit ? { kind: 'audit', rows } : { kind: 'documents', program: row.program ?? '', module: row.module ?? '', rows },
    link: audit ? auditExportLink(ctx.config.consoleUrl, exportId) : exportLink(ctx.config.consoleUrl, exportId),
    fileName: row.file_name ?? '',
    until,
  });
  try {
    await ctx.mailer.send({ to: row.email, ...mail });
  } catch (err) {
    console.error(`[exports] mail for export ${exportId} failed: ${(err as Error).message}`);
  }
}

/** Sends a job for every export that has none that will run it. */
export async function recoverExports(ctx: AppContext): Promise<void> {
  const ids = await orphanedExports(ctx.db, EXPORT_QUEUE, ctx.config.clock.now());
  for (const exportId of ids) await ctx.jobs.send<ExportJobData>(EXPORT_QUEUE, { exportId });
}

/** An export's file, or the partial file an earlier version wrote beside it (`<id>.csv.part`). */
const EXPORT_FILE = /^exports\/([0-9a-f-]{36})\.csv(\.part)?$/;
const ORPHAN_AGE_MS = 3600 * 1000;

/**
 * Expires finished exports past their time and deletes their files; also any file no export
 * still owns (its export was deleted with its program, or one left by a write that died).
 */
export async function removeExpiredExports(ctx: AppContext): Promise<void> {
  const now = ctx.config.clock.now();
  const ids = await expireExports(ctx.db, now);
  for (const id of ids) await ctx.exportFiles.delete(exportKey(id));
  // Only files an hour old: a newer one may be an export's that was queued again and is being
  // written by the attempt that claimed it since the statuses below were read.
  const files = (await ctx.exportFiles.keysOlderThan(EXPORTS_FOLDER, new Date(now.getTime() - ORPHAN_AGE_MS)))
    .map((key) => ({ key, match: EXPORT_FILE.exec(key) }))
    .filter((f): f is { key: string; match: RegExpExecArray } => f.match !== null)
    .map(({ key, match }) => ({ key, id: match[1]!, partial: match[2] !== undefined }));
  if (!files.length) return;
  const rows = await ctx.db
    .selectFrom('exports')
    .select(['id', 'status'])
    .where(
      'id',
      'in',
      files.map((f) => f.id),
    )
    .execute();
  const status = new Map(rows.map((r) => [r.id, r.status]));
  for (const f of files) {
    // A running export's file is being written, or is complete a moment before it is marked done;
    // a partial file is an earlier version's, which wrote beside the file and renamed.
    const owned = !f.partial && ['queued', 'running', 'done'].includes(status.get(f.id) ?? '');
    if (owned) continue;
    await ctx.exportFiles.delete(f.key).catch((err: Error) => console.error(`[exports] could not remove ${f.key}: ${err.message}`));
  }
}
