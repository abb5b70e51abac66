/**
 * The audit log exported to CSV through the export jobs (flag can_get_audit): the list as filtered
 * when asked (`POST /audit/export`, the list's own filter names), followed by its progress and
 * downloaded by its requester only, who must still hold the flag. The same filter asked again
 * while pending answers the pending export.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { audited } from './audit-declaration.ts';
import { changeContextOf } from './change-context.ts';
import { auditFilterProperties, filterOf, filterQueryOf, type AuditFilterQuery } from './audit-filter.ts';
import { auditExportRows } from './audit-export-sql.ts';
import { queueExport } from '../exports/export-queue.ts';
import { findMyAuditExport, insertAuditExport, pendingAuditTwin } from '../exports/export-store.ts';
import { problems } from '../http/errors.ts';
import { sendExportFile } from '../exports/export-download.ts';
import { AUDIT_FLAG } from './audit-routes.ts';
import { EXPORT_FILE } from '../exports/export-errors.ts';

const tags = ['Audit log'];
const one = { $ref: 'audit-export' } as const;

export const auditExportFileName = (date: Date) => `audit-log-${date.toISOString().slice(0, 10)}.csv`;

export function auditExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const permission = needsFlag(AUDIT_FLAG);
  const mine = async (id: string, userId: string) => {
    const found = await findMyAuditExport(ctx.db, id, userId);
    if (!found) throw problems.notFound('Export');
    return found;
  };

  app.post<{ Body: AuditFilterQuery }>(
    '/audit/export',
    {
      config: { permission, audit: audited('export-request') },
      schema: {
        tags,
        summary: 'Export the audit log, filtered as the list is (the same names as GET /audit), to CSV as a job',
        body: { type: 'object', additionalProperties: false, properties: auditFilterProperties },
        response: { 202: one },
      },
    },
    async (request, reply) => {
      const me = request.sessionUser!.id;
      const filter = filterQueryOf(request.body ?? {});
      filterOf(filter); // 400 naming a bound that is not a date, before anything is recorded
      const now = ctx.config.clock.now();
      const twin = await pendingAuditTwin(ctx.db, me, filter);
      const rowsTotal = twin === undefined ? await auditExportRows(ctx.db, filter) : 0;
      const fileName = auditExportFileName(now);
      const id = await queueExport(ctx, me, changeContextOf(request), {
        twin,
        insert: (trx, id) =>
          insertAuditExport(trx, { id, requested_by: me, filter, file_name: fileName, rows_total: rowsTotal, created_at: now }),
        asked: { kind: 'audit', filter, file_name: fileName, rows_total: rowsTotal },
      });
      return reply.status(202).send((await mine(id, me)).answer);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/audit/export/:id',
    {
      config: { permission },
      schema: { tags, summary: 'One of your audit log exports, with its progress', params: idParams, response: { 200: one } },
    },
    async (request) => (await mine(request.params.id, request.sessionUser!.id)).answer,
  );

  app.get<{ Params: { id: string } }>(
    '/audit/export/:id/file',
    {
      config: { permission, errors: EXPORT_FILE },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "Download one of your finished audit log exports' CSV (UTF-8 with a byte-order mark); 410 once expired",
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => sendExportFile(ctx, request, reply, (await mine(request.params.id, request.sessionUser!.id)).row),
  );
}
