/** Marking documents processed (reviewed): one from its drawer, or several at once from the Data Explorer. */
import type { FastifyInstance } from 'fastify';
import { audited } from '../changes/audit-declaration.ts';
import { needsFlag } from '../http/permissions.ts';
import { loadDocument } from './document-read.ts';
import { markManyProcessed, markOneProcessed } from './mark-processed.ts';
import { bulkProcessedAnswer, bulkProcessedBody, documentParams, oneDocument } from './document-schemas.ts';
import { DOCUMENT_TAGS, type DocumentKit } from './document-route-kit.ts';

export function processedRoutes(app: FastifyInstance, { db, now, write }: DocumentKit): void {
  app.post<{ Params: { id: string } }>(
    '/document/:id/processed',
    {
      config: {
        permission: needsFlag('can_edit_document'),
        audit: audited('process'),
        errors: { codes: { 404: ['DOCUMENT_NOT_FOUND'], 423: ['PROGRAM_LOCKED'] } },
      },
      schema: {
        tags: DOCUMENT_TAGS,
        summary: 'Mark a document processed (reviewed); marking it again changes nothing; a locked program refuses it',
        params: documentParams,
        response: { 200: oneDocument },
      },
    },
    async (request) => {
      await write(request, (trx, changes) => markOneProcessed(trx, changes, request.sessionUser!, request.params.id, now()));
      return loadDocument(db, request.params.id);
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/document/processed',
    {
      config: { permission: needsFlag('can_edit_document'), audit: audited('process') },
      schema: {
        tags: DOCUMENT_TAGS,
        summary:
          'Mark several documents processed in one transaction, each checked and recorded as POST /document/{id}/processed does; ' +
          'those not marked (not found or not visible, locked program, already processed) are listed with the reason',
        body: bulkProcessedBody,
        response: { 200: bulkProcessedAnswer },
      },
    },
    async (request) => write(request, (trx, changes) => markManyProcessed(trx, changes, request.sessionUser!, request.body.ids, now())),
  );
}
