/**
 * The documents field staff submit from the mobile app, and their files (docs/api.md, "Documents
 * API"). Every route but "mark processed" takes a mobile session too. Reads
 * and changes see a document only when the one visibility rule (document-scope.ts) lets the
 * caller read it; otherwise 404, so nobody learns that it exists.
 *
 * Here: the wiring, and a document's read, change and delete. The submission, the files and
 * "mark processed" have files of their own.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { problems } from '../http/errors.ts';
import { audited } from '../changes/audit-declaration.ts';
import { signedInMobile } from '../http/permissions.ts';
import { loadDocument, readVisibleDocument } from './document-read.ts';
import { programForDocument } from './document-checks.ts';
import { removeAttachmentFiles, removeUnclaimedUploads } from './document-attachments.ts';
import { assertMayDelete } from './document-rules.ts';
import { recordDeleted } from './document-changes.ts';
import { deleteDocument } from './document-store.ts';
import { editDocument } from './document-edit.ts';
import { lockVisible } from './mark-processed.ts';
import { changeBody, documentParams, oneDocument } from './document-schemas.ts';
import { DOCUMENT_TAGS, documentKit, type DocumentKit } from './document-route-kit.ts';
import { submitRoute } from './document-submit-route.ts';
import { attachmentRoute, attachmentUploadRoute } from './document-attachment-routes.ts';
import { processedRoutes } from './document-processed-routes.ts';

export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    const maxBytes = ctx.config.documentAttachmentMaxBytes;
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 4096 } });
    routes(scope, documentKit(ctx));
  });
  ctx.jobs.every({
    name: 'document-upload-sweep',
    everySeconds: 3600,
    run: async () => {
      await removeUnclaimedUploads(ctx.db, ctx.files, ctx.config.documentUploadTtlHours, ctx.config.clock.now());
    },
  });
}

function routes(app: FastifyInstance, kit: DocumentKit): void {
  attachmentUploadRoute(app, kit);
  submitRoute(app, kit);
  readRoute(app, kit);
  changeRoute(app, kit);
  deleteRoute(app, kit);
  processedRoutes(app, kit);
  attachmentRoute(app, kit);
}

function readRoute(app: FastifyInstance, { db }: DocumentKit): void {
  app.get<{ Params: { id: string } }>(
    '/document/:id',
    {
      config: {
        permission: signedInMobile,
        errors: { codes: { 404: ['DOCUMENT_NOT_FOUND'] }, notes: { 404: 'No such document, or one the caller may not read' } },
      },
      schema: {
        tags: DOCUMENT_TAGS,
        summary: 'A document the caller may read, in full',
        params: documentParams,
        response: { 200: oneDocument },
      },
    },
    async (request) => readVisibleDocument(db, request.sessionUser!, request.params.id),
  );
}

function changeRoute(app: FastifyInstance, { db, files, now, write }: DocumentKit): void {
  app.patch<{ Params: { id: string }; Body: { form_data: Record<string, unknown>; form_revision_id?: string } }>(
    '/document/:id',
    {
      config: {
        permission: signedInMobile,
        audit: audited('update'),
        errors: {
          codes: {
            403: ['FORBIDDEN', 'EDIT_WINDOW_CLOSED'],
            404: ['DOCUMENT_NOT_FOUND'],
            409: ['MODULE_INACTIVE'],
            422: ['INVALID_DOCUMENT'],
            423: ['PROGRAM_LOCKED'],
          },
          notes: {
            403: "FORBIDDEN names the flag the change needs; EDIT_WINDOW_CLOSED: older than the program's no_of_days_for_edit_program and the role lacks edit_document_after_no_of_days",
            404: 'No such document, or one the caller may not read',
          },
        },
      },
      schema: {
        tags: DOCUMENT_TAGS,
        summary:
          'Change the answers (and, optionally, the revision they are filled against); own: can_edit_own_document or can_edit_document, others: can_edit_document, processed: also can_edit_document_after_processing; inside the editing window unless edit_document_after_no_of_days',
        params: documentParams,
        body: changeBody,
        response: { 200: oneDocument },
      },
    },
    async (request) => {
      const caller = request.sessionUser!;
      const { form_data: answers } = request.body;
      const released = await write(request, (trx, changes) =>
        editDocument(
          trx,
          changes,
          caller,
          request.params.id,
          { form_data: answers, form_revision_id: request.body.form_revision_id },
          now(),
        ),
      );
      await removeAttachmentFiles(files, released);
      return loadDocument(db, request.params.id);
    },
  );
}

function deleteRoute(app: FastifyInstance, { files: store, write }: DocumentKit): void {
  app.delete<{ Params: { id: string } }>(
    '/document/:id',
    {
      config: {
        permission: signedInMobile,
        audit: audited('delete'),
        errors: {
          codes: { 403: ['FORBIDDEN'], 404: ['DOCUMENT_NOT_FOUND'], 423: ['PROGRAM_LOCKED'] },
          notes: { 403: 'FORBIDDEN names the flag the delete needs', 404: 'No such document, or one the caller may not read' },
        },
      },
      schema: {
        tags: DOCUMENT_TAGS,
        summary:
          'Delete a document and its files; own: can_delete_own_document or can_delete_document, others: can_delete_document, processed: also can_delete_document_after_processing',
        params: documentParams,
        response: { 204: { type: 'null', description: 'Deleted' } },
      },
    },
    async (request, reply) => {
      const caller = request.sessionUser!;
      const files = await write(request, async (trx, changes) => {
        const doc = await lockVisible(trx, caller, request.params.id, true);
        assertMayDelete(caller, doc);
        const program = (await programForDocument(trx, doc.program_id, doc.module))!;
        if (program.lock_program === 1) throw problems.programLocked();
        const removed = await deleteDocument(trx, doc);
        recordDeleted(changes, doc, removed);
        return removed.map((file) => file.name);
      });
      await removeAttachmentFiles(store, files);
      return reply.status(204).send();
    },
  );
}
