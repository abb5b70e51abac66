/**
 * The spec's calls (spec 1 §7): GETs that ask for an export and answer the message it shows, and
 * one that downloads the caller's newest finished export of a module (the console's older calls,
 * /extra/v2/...). They ask and download exactly as the export routes do.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DOCUMENT_MODULES, MODULE_KINDS, isDocumentModule, moduleOfDocType, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../../db/database.ts';
import { idParams } from '../../http/body-schemas.ts';
import { problems } from '../../http/errors.ts';
import { findMine } from '../../exports/export-store.ts';
import type { ExportRequest } from './export-request.ts';
import { sendExportFile } from '../../exports/export-download.ts';
import { acceptedAnswer, docType, DOC_TYPES, exportAllFields, tags } from './export-schemas.ts';
import type { ExportKit } from './export-kit.ts';
import { DOCUMENT_EXPORT_FILE, EXPORT_REQUEST } from '../../exports/export-errors.ts';

const RECEIVED = 'We have received your request, you will receive an email shortly to download the report.';

export function allReportRoute(app: FastifyInstance, { permission, ask }: ExportKit): void {
  app.get<{ Querystring: Omit<ExportRequest, 'document_id'> }>(
    '/extra/v2/allReport',
    {
      config: { permission, errors: EXPORT_REQUEST },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Export all (spec alias of POST /export): the documents of a program type or module in your sight',
        querystring: { type: 'object', additionalProperties: false, required: ['doc_type'], properties: exportAllFields },
        response: { 202: acceptedAnswer },
      },
    },
    async (request, reply) => reply.status(202).send({ message: RECEIVED, job: await ask(request, request.query) }),
  );
}

export function singleReportRoute(app: FastifyInstance, { permission, ask }: ExportKit): void {
  app.get<{ Params: { id: string }; Querystring: { doc_type: string } }>(
    '/extra/v2/single/report/doc/:id',
    {
      config: { permission, errors: EXPORT_REQUEST },
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
        job: await ask(request, { doc_type: request.query.doc_type, document_id: request.params.id }),
      }),
  );
}

const reportDownloadQuery = {
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
};

export function reportDownloadRoute(app: FastifyInstance, { ctx, db, permission, callerOf }: ExportKit): void {
  app.get<{ Querystring: { doc_type: string; module_type_name?: string } }>(
    '/extra/v2/report_download',
    {
      config: {
        permission,
        errors: {
          codes: DOCUMENT_EXPORT_FILE.codes,
          notes: { ...DOCUMENT_EXPORT_FILE.notes, 404: 'You have no finished export of these documents' },
        },
      },
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Download your newest finished export of a module (and type, by name): spec alias of GET /export/{id}/file',
        querystring: reportDownloadQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { doc_type, module_type_name } = request.query;
      const module: DocumentModule = isDocumentModule(doc_type) ? doc_type : moduleOfDocType(doc_type)!;
      const me = callerOf(request).id;
      const newest = await newestFinishedExport(db, me, module, module_type_name);
      const found = newest && (await findMine(db, newest, me));
      if (!found) throw problems.noFinishedExport();
      return sendExportFile(ctx, request, reply, found.row);
    },
  );
}

/** The id of the user's newest finished export of all of a module (of the type of that name, when named). */
async function newestFinishedExport(db: Db, userId: string, module: DocumentModule, typeName: string | undefined) {
  const typeTable = MODULE_KINDS[module].typeResource;
  const { rows } = await sql<{ id: string }>`
    select e.id from exports e
    where e.requested_by = ${userId} and e.module = ${module} and e.document_id is null and e.status = 'done'
      and ${
        typeName === undefined
          ? sql`true`
          : sql`e.type_id in (select t.id from ${sql.table(typeTable)} t where lower(t.name) = lower(${typeName}))`
      }
    order by e.finished_at desc limit 1`.execute(db);
  return rows[0]?.id;
}
