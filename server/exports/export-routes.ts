/**
 * The export routes (flag can_explore_data): ask for an export of a Data Explorer query or of one
 * document, follow it, cancel it, download its file; and the spec's GET aliases the console's
 * older calls use (/extra/v2/...). Every export is its requester's alone: another caller is
 * answered 404, as if it did not exist.
 *
 * The change log records each export asked for (`export-request`, also by the spec's GET aliases),
 * cancelled (`export-cancel`) and downloaded (`export-download`: a GET, recorded all the same, in a
 * small transaction of its own once the file is found and before it is sent).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DOCUMENT_MODULES, MODULE_KINDS, isDocumentModule, moduleOfDocType, type DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { exportProblems } from './export-problems.ts';
import { cancelExport, findMine, listMine, lockedStatus } from './export-store.ts';
import { EXPORT_RESOURCE, requestExport, type ExportRequest } from './export-request.ts';
import { audited } from '../changes/audit-declaration.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { inWriteTransaction } from '../changes/change-log.ts';
import { defineExportJobs } from './export-job.ts';
import { exportConnectionName } from './export-runner.ts';
import { sendExportFile } from './export-download.ts';

const FLAG = 'can_explore_data';
const tags = ['Exports'];
const one = { $ref: 'export-job' };
const DOC_TYPES = DOCUMENT_MODULES.map((m) => MODULE_KINDS[m].docType);
const RECEIVED = 'We have received your request, you will receive an email shortly to download the report.';

const text = (description: string, maxLength = 200) => ({ type: 'string', minLength: 1, maxLength, description });
const docType = { type: 'string', enum: DOC_TYPES, description: 'The module, as BENEFICIARY, LOCATION, EVENT, SURVEY or CASE' };

const exportAllFields = {
  doc_type: docType,
  program_slug: text("The program's name_slug"),
  doc_id: text('The type record (a beneficiary type…) to export; without it, the whole module', 64),
  module_type_name: { type: 'string', maxLength: 200, description: "The type record's name (informational)" },
};

const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['doc_type'],
  description: 'Export all: program_slug (and doc_id for one type). One document: document_id.',
  properties: { ...exportAllFields, document_id: text('One document to export', 64) },
};

const acceptedAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['message', 'job'],
  properties: { message: { type: 'string' }, job: one },
};

const caller = (request: FastifyRequest) => request.sessionUser!;

export function documentExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineExportJobs(ctx);
  const permission = needsFlag(FLAG);
  const asked = (request: FastifyRequest, input: ExportRequest) => requestExport(ctx, caller(request), input, changeContextOf(request));

  app.post<{ Body: ExportRequest }>(
    '/export',
    {
      config: { permission, audit: audited('export-request') },
      schema: {
        tags,
        summary:
          'Export documents to CSV as a job: all of a program type (or module) in your sight, or one document; the same export still pending is answered instead of a new one',
        body: requestBody,
        response: { 202: one },
      },
    },
    async (request, reply) => reply.status(202).send(await asked(request, request.body)),
  );

  app.get(
    '/export',
    {
      config: { permission },
      schema: { tags, summary: 'Your exports, newest first (20)', response: { 200: { type: 'array', items: one } } },
    },
    async (request) => listMine(ctx.db, caller(request).id),
  );

  app.get<{ Params: { id: string } }>(
    '/export/:id',
    {
      config: { permission },
      schema: { tags, summary: 'One of your exports, with its progress', params: idParams, response: { 200: one } },
    },
    async (request) => {
      const found = await findMine(ctx.db, request.params.id, caller(request).id);
      if (!found) throw exportProblems.notFound();
      return found.answer;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/export/:id/cancel',
    {
      config: { permission, audit: audited('export-cancel') },
      schema: {
        tags,
        summary: 'Cancel one of your exports that is queued or running (its partial file is removed); a cancelled one is answered as it is',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const me = caller(request).id;
      const found = await findMine(ctx.db, request.params.id, me);
      if (!found) throw exportProblems.notFound();
      const cancelled = await inWriteTransaction(ctx.db, changeContextOf(request), async (trx, changes) => {
        const was = await lockedStatus(trx, found.row.id);
        if (!(await cancelExport(trx, found.row.id, me, ctx.config.clock.now()))) return false;
        changes.record(EXPORT_RESOURCE, found.row.id, { status: was }, { status: 'cancelled' }, { programId: found.row.program_id! });
        return true;
      });
      if (cancelled) {
        // Stops the COPY at once, whichever process runs it (its worker would notice within a second anyway).
        await sql`select pg_cancel_backend(pid) from pg_stat_activity
          where application_name = ${exportConnectionName(found.row.id)} and datname = current_database()`.execute(ctx.db);
      } else if (found.row.status !== 'cancelled') {
        throw exportProblems.finished();
      }
      return (await findMine(ctx.db, found.row.id, me))!.answer;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/export/:id/file',
    {
      config: { permission },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "Download one of your finished exports' CSV (UTF-8 with a byte-order mark); 410 once expired",
        params: idParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const found = await findMine(ctx.db, request.params.id, caller(request).id);
      if (!found) throw exportProblems.notFound();
      return sendExportFile(ctx, request, reply, found.row);
    },
  );

  // The spec's calls (spec 1 §7): GETs that ask for an export and answer the message it shows.
  app.get<{ Querystring: Omit<ExportRequest, 'document_id'> }>(
    '/extra/v2/allReport',
    {
      config: { permission },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Export all (spec alias of POST /export): the documents of a program type or module in your sight',
        querystring: { type: 'object', additionalProperties: false, required: ['doc_type'], properties: exportAllFields },
        response: { 202: acceptedAnswer },
      },
    },
    async (request, reply) => reply.status(202).send({ message: RECEIVED, job: await asked(request, request.query) }),
  );

  app.get<{ Params: { id: string }; Querystring: { doc_type: string } }>(
    '/extra/v2/single/report/doc/:id',
    {
      config: { permission },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Export one document (spec alias of POST /export with document_id)',
        params: idParams,
        querystring: { type: 'object', additionalProperties: false, required: ['doc_type'], properties: { doc_type: docType } },
        response: { 202: acceptedAnswer },
      },
    },
    async (request, reply) =>
      reply.status(202).send({
        message: RECEIVED,
        job: await asked(request, { doc_type: request.query.doc_type, document_id: request.params.id }),
      }),
  );

  app.get<{ Querystring: { doc_type: string; module_type_name?: string } }>(
    '/extra/v2/report_download',
    {
      config: { permission },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Download your newest finished export of a module (and type, by name): spec alias of GET /export/{id}/file',
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['doc_type'],
          properties: {
            doc_type: {
              type: 'string',
              enum: [...DOC_TYPES, ...DOCUMENT_MODULES],
              description: 'The module (events) or its doc_type (EVENT)',
            },
            module_type_name: {
              type: 'string',
              minLength: 1,
              maxLength: 200,
              description: "The type record's name; without it, any export of the module",
            },
          },
        },
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { doc_type, module_type_name } = request.query;
      const module: DocumentModule = isDocumentModule(doc_type) ? doc_type : moduleOfDocType(doc_type)!;
      const me = caller(request).id;
      const typeTable = MODULE_KINDS[module].typeResource;
      const { rows } = await sql<{ id: string }>`
        select e.id from exports e
        where e.requested_by = ${me} and e.module = ${module} and e.document_id is null and e.status = 'done'
          and ${
            module_type_name === undefined
              ? sql`true`
              : sql`e.type_id in (select t.id from ${sql.table(typeTable)} t where lower(t.name) = lower(${module_type_name}))`
          }
        order by e.finished_at desc limit 1`.execute(ctx.db);
      const found = rows[0] && (await findMine(ctx.db, rows[0].id, me));
      if (!found) throw exportProblems.noFinishedExport();
      return sendExportFile(ctx, request, reply, found.row);
    },
  );
}
