/**
 * The export routes (flag can_explore_data): ask for an export of a Data Explorer query or of one
 * document, follow it, cancel it, download its file; and the spec's GET aliases the console's
 * older calls use (/extra/v2/..., export-alias-routes.ts). Every export is its requester's alone:
 * another caller is answered 404, as if it did not exist.
 *
 * The change log records each export asked for (`export-request`, also by the spec's GET aliases),
 * cancelled (`export-cancel`) and downloaded (`export-download`: a GET, recorded all the same, in a
 * small transaction of its own once the file is found and before it is sent).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { idParams } from '../../http/body-schemas.ts';
import { problems } from '../../http/errors.ts';
import { cancelExport, findMine, listMine, lockedStatus } from '../../exports/export-store.ts';
import type { ExportRequest } from './export-request.ts';
import { EXPORT_RESOURCE } from '../../exports/export-queue.ts';
import { audited } from '../../changes/audit-declaration.ts';
import { changeContextOf } from '../../changes/change-context.ts';
import { inWriteTransaction } from '../../changes/change-log.ts';
import { defineExportJobs } from '../../exports/export-job.ts';
import { exportConnectionName } from '../../exports/export-runner.ts';
import { sendExportFile } from '../../exports/export-download.ts';
import { one, requestBody, tags } from './export-schemas.ts';
import { exportKit, type ExportKit } from './export-kit.ts';
import { allReportRoute, reportDownloadRoute, singleReportRoute } from './export-alias-routes.ts';
import { DOCUMENT_EXPORT_FILE, EXPORT_REQUEST } from '../../exports/export-errors.ts';

export function documentExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineExportJobs(ctx);
  const kit = exportKit(ctx);
  requestRoute(app, kit);
  listRoute(app, kit);
  oneRoute(app, kit);
  cancelRoute(app, kit);
  fileRoute(app, kit);
  allReportRoute(app, kit);
  singleReportRoute(app, kit);
  reportDownloadRoute(app, kit);
}

function requestRoute(app: FastifyInstance, { permission, ask }: ExportKit): void {
  app.post<{ Body: ExportRequest }>(
    '/export',
    {
      config: { permission, audit: audited('export-request'), errors: EXPORT_REQUEST },
      schema: {
        tags,
        summary:
          'Export documents to CSV as a job: all of a program type (or module) in your sight, or one document; the same export still pending is answered instead of a new one',
        body: requestBody,
        response: { 202: one },
      },
    },
    async (request, reply) => reply.status(202).send(await ask(request, request.body)),
  );
}

function listRoute(app: FastifyInstance, { db, permission, callerOf }: ExportKit): void {
  app.get(
    '/export',
    {
      config: { permission },
      schema: { tags, summary: 'Your exports, newest first (20)', response: { 200: { type: 'array', items: one } } },
    },
    async (request) => listMine(db, callerOf(request).id),
  );
}

function oneRoute(app: FastifyInstance, { permission, mine }: ExportKit): void {
  app.get<{ Params: { id: string } }>(
    '/export/:id',
    {
      config: { permission },
      schema: { tags, summary: 'One of your exports, with its progress', params: idParams, response: { 200: one } },
    },
    async (request) => (await mine(request, request.params.id)).answer,
  );
}

function cancelRoute(app: FastifyInstance, { ctx, db, permission, callerOf, mine }: ExportKit): void {
  app.post<{ Params: { id: string } }>(
    '/export/:id/cancel',
    {
      config: {
        permission,
        audit: audited('export-cancel'),
        errors: { codes: { 409: ['EXPORT_FINISHED'] }, notes: { 409: 'EXPORT_FINISHED: done, failed or expired already' } },
      },
      schema: {
        tags,
        summary: 'Cancel one of your exports that is queued or running (its partial file is removed); a cancelled one is answered as it is',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const me = callerOf(request).id;
      const found = await mine(request, request.params.id);
      const cancelled = await inWriteTransaction(db, changeContextOf(request), async (trx, changes) => {
        const was = await lockedStatus(trx, found.row.id);
        if (!(await cancelExport(trx, found.row.id, me, ctx.config.clock.now()))) return false;
        changes.record(EXPORT_RESOURCE, found.row.id, { status: was }, { status: 'cancelled' }, { programId: found.row.program_id! });
        return true;
      });
      if (cancelled) {
        // Stops the COPY at once, whichever process runs it (its worker would notice within a second anyway).
        await sql`select pg_cancel_backend(pid) from pg_stat_activity
          where application_name = ${exportConnectionName(found.row.id)} and datname = current_database()`.execute(db);
      } else if (found.row.status !== 'cancelled') {
        throw problems.exportFinished();
      }
      return (await findMine(db, found.row.id, me))!.answer;
    },
  );
}

function fileRoute(app: FastifyInstance, { ctx, permission, mine }: ExportKit): void {
  app.get<{ Params: { id: string } }>(
    '/export/:id/file',
    {
      config: { permission, errors: DOCUMENT_EXPORT_FILE },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "Download one of your finished exports' CSV (UTF-8 with a byte-order mark); 410 once expired",
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => sendExportFile(ctx, request, reply, (await mine(request, request.params.id)).row),
  );
}
