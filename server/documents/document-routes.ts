/**
 * The documents field staff submit from the mobile app, and their files (docs/api.md, "Documents
 * API"). Every route but "mark processed" takes a mobile session too. Reads
 * and changes see a document only when the one visibility rule (document-scope.ts) lets the
 * caller read it; otherwise 404, so nobody learns that it exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { DocumentModule } from '@model/documents/modules.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import { audited, notAudited } from '../changes/audit-declaration.ts';
import { inWriteTransaction, type ChangeSet } from '../changes/change-log.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { needsFlag, needsFlagMobile, signedInMobile } from '../http/permissions.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import { readStoredFile } from '../uploads/stored-files.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import { loadDocument, readVisibleDocument } from './document-read.ts';
import {
  assertProgramTakesChanges,
  assertProgramTakesSubmissions,
  assertTypeAttached,
  assertValidAnswers,
  programForDocument,
  revisionForType,
  type DocumentProgram,
} from './document-checks.ts';
import { attachmentAnswers } from './document-answers.ts';
import {
  ATTACHMENT_KIND_NAMES,
  ATTACHMENTS_FOLDER,
  attachmentKindOf,
  attachmentOf,
  claimAttachments,
  releaseUnnamed,
  removeAttachmentFiles,
  removeUnclaimedUploads,
  storeAttachment,
} from './document-attachments.ts';
import { assertEditWindowOpen, assertMayDelete, assertMayEdit } from './document-rules.ts';
import { recordDeleted, recordEdited, recordSubmitted } from './document-changes.ts';
import { deleteDocument, documentByLocalId, insertDocument, updateDocument, type NewDocument } from './document-store.ts';
import { lockVisible, markManyProcessed, markOneProcessed } from './mark-processed.ts';
import {
  attachmentAnswer,
  attachmentParams,
  attachmentUpload,
  bulkProcessedAnswer,
  bulkProcessedBody,
  changeBody,
  documentParams,
  oneDocument,
  submitBody,
} from './document-schemas.ts';

const TAGS = ['Documents'];

/** Thrown inside a submission's transaction when its local id was taken meanwhile: rolls it back. */
class LocalIdRace extends Error {}

export async function documentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    const maxBytes = ctx.config.documentAttachmentMaxBytes;
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 4096 } });
    routes(scope, ctx);
  });
  ctx.jobs.every({
    name: 'document-upload-sweep',
    everySeconds: 3600,
    run: async () => {
      await removeUnclaimedUploads(ctx.db, ctx.config.uploadsDir, ctx.config.documentUploadTtlHours, ctx.config.clock.now());
    },
  });
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const now = () => config.clock.now();
  /** One write: its transaction, and the change rows it gathers written at its end under the route's action. */
  const write = <T>(request: FastifyRequest, work: (trx: Db, changes: ChangeSet) => Promise<T>) =>
    inWriteTransaction(db, changeContextOf(request), work);
  const maxBytes = config.documentAttachmentMaxBytes;

  app.post(
    '/document/attachment',
    {
      config: {
        permission: needsFlagMobile('can_add_document'),
        audit: notAudited(
          'a parked upload is part of no document yet: the submission or change that claims it records it, by name and size',
        ),
      },
      // The multipart body carries the whole file and its headers.
      bodyLimit: maxBytes + 64 * 1024,
      schema: {
        tags: TAGS,
        summary: `Upload a file a document will name (multipart "file": ${ATTACHMENT_KIND_NAMES}, told by its content); answers the name to put in the answer`,
        consumes: ['multipart/form-data'],
        multipartBody: attachmentUpload(maxBytes),
        response: { 201: attachmentAnswer },
      },
    },
    async (request, reply) => {
      const upload = await readMultipartForm(request, {
        fileField: 'file',
        fields: [],
        fileTooLarge: () => problems.attachmentTooLarge(maxBytes),
      });
      if (!upload.file) throw problems.validation({ file: 'File field required' });
      const kind = attachmentKindOf(upload.file.content);
      if (!kind) throw problems.unsupportedFile('file', ATTACHMENT_KIND_NAMES);
      const stored = await storeAttachment(db, config, request.sessionUser!.id, upload.file.content, kind, now());
      return reply.status(201).send(stored);
    },
  );

  app.post<{ Body: NewDocument }>(
    '/document',
    {
      config: { permission: needsFlagMobile('can_add_document'), audit: audited('submit') },
      schema: {
        tags: TAGS,
        summary:
          'Submit a document: 201 with it; the same local_id again by the same user answers 200 with the stored one (header Idempotent-Replay: true) and writes nothing',
        body: submitBody,
        response: { 200: oneDocument, 201: oneDocument },
      },
    },
    async (request, reply) => {
      const caller = request.sessionUser!;
      const body = request.body;
      // The document this user already submitted under the local_id (another user's: 409). It
      // is answered by the caller, never sent here: a reply is thenable, so returning a sent one
      // through `await` would read as "nothing held" and the handler would go on to send again.
      const earlierSubmission = async () => {
        const held = await documentByLocalId(db, body.local_id);
        if (!held) return undefined;
        if (held.created_by !== caller.id) throw problems.localIdTaken();
        return loadDocument(db, held.id);
      };
      const answerReplay = (stored: Awaited<ReturnType<typeof loadDocument>>) =>
        reply.status(200).header('Idempotent-Replay', 'true').send(stored);
      const earlier = await earlierSubmission();
      if (earlier) return answerReplay(earlier);
      try {
        // A replay (answered above, or the race below) rolls back or never writes: it records nothing.
        const id = await write(request, async (trx, changes) => {
          const program = await programForDocument(trx, body.program_id, body.module);
          if (!program) throw problems.documentMismatch({ program_id: 'Program does not exist' });
          assertProgramTakesSubmissions(caller, program, body.module);
          const forms = await assertTypeAttached(trx, program, body.module, body.type_id);
          const revision = await revisionForType(trx, forms, body.form_revision_id);
          assertValidAnswers(revision, body.form_data);
          const inserted = await insertDocument(trx, body, caller.id, now());
          if (!inserted) throw new LocalIdRace();
          const files = await claimAttachments(trx, caller.id, inserted, attachmentAnswers(revision.structures, body.form_data));
          recordSubmitted(changes, inserted, body, caller.id, files.named);
          return inserted;
        });
        return reply.status(201).send(await loadDocument(db, id));
      } catch (err) {
        if (!(err instanceof LocalIdRace)) throw err;
        // Another submission of the same local_id won the insert: answer the stored one. When the
        // winner was deleted meanwhile, nothing of either is stored and trying again submits it.
        const stored = await earlierSubmission();
        if (!stored) throw problems.tryAgain();
        return answerReplay(stored);
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    '/document/:id',
    {
      config: { permission: signedInMobile },
      schema: { tags: TAGS, summary: 'A document the caller may read, in full', params: documentParams, response: { 200: oneDocument } },
    },
    async (request) => readVisibleDocument(db, request.sessionUser!, request.params.id),
  );

  app.patch<{ Params: { id: string }; Body: { form_data: Record<string, unknown>; form_revision_id?: string } }>(
    '/document/:id',
    {
      config: { permission: signedInMobile, audit: audited('update') },
      schema: {
        tags: TAGS,
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
      const released = await write(request, async (trx, changes) => {
        const doc = await lockVisible(trx, caller, request.params.id, true);
        assertMayEdit(caller, doc);
        const program = (await programForDocument(trx, doc.program_id, doc.module))!;
        assertProgramTakesChanges(program, doc.module);
        assertEditWindowOpen(caller, doc, program.no_of_days_for_edit_program, now());
        const forms = await formsForChange(trx, program, doc.module, doc.type_id);
        const revision = await revisionForType(trx, forms, request.body.form_revision_id ?? doc.form_revision_id);
        assertValidAnswers(revision, answers);
        const named = attachmentAnswers(revision.structures, answers);
        const files = await claimAttachments(trx, caller.id, doc.id, named);
        const gone = await releaseUnnamed(trx, doc.id, named);
        const change = { form_data: answers, form_revision_id: revision.id };
        await updateDocument(trx, doc.id, change, now());
        recordEdited(changes, doc, change, { before: [...files.held, ...gone], after: files.named });
        return gone.map((file) => file.name);
      });
      await removeAttachmentFiles(config.uploadsDir, released);
      return loadDocument(db, request.params.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/document/:id',
    {
      config: { permission: signedInMobile, audit: audited('delete') },
      schema: {
        tags: TAGS,
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
      await removeAttachmentFiles(config.uploadsDir, files);
      return reply.status(204).send();
    },
  );

  app.post<{ Params: { id: string } }>(
    '/document/:id/processed',
    {
      config: { permission: needsFlag('can_edit_document'), audit: audited('process') },
      schema: {
        tags: TAGS,
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
        tags: TAGS,
        summary:
          'Mark several documents processed in one transaction, each checked and recorded as POST /document/{id}/processed does; ' +
          'those not marked (not found or not visible, locked program, already processed) are listed with the reason',
        body: bulkProcessedBody,
        response: { 200: bulkProcessedAnswer },
      },
    },
    async (request) => write(request, (trx, changes) => markManyProcessed(trx, changes, request.sessionUser!, request.body.ids, now())),
  );

  app.get<{ Params: { id: string; name: string } }>(
    '/document/:id/attachment/:name',
    {
      config: { permission: signedInMobile },
      schema: {
        tags: TAGS,
        summary: "One of a document's files, to a caller who may read the document",
        params: attachmentParams,
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'],
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const doc = await readVisibleDocument(db, request.sessionUser!, id).catch(() => {
        throw problems.notFound('File');
      });
      const attachment = await attachmentOf(db, doc._id, name);
      const content = attachment ? await readStoredFile(config.uploadsDir, ATTACHMENTS_FOLDER, `${ATTACHMENTS_FOLDER}/${name}`) : undefined;
      if (!attachment || !content) throw problems.notFound('File');
      const inline = attachment.content_type.startsWith('image/');
      return sendStoredFile(reply, content, {
        contentType: attachment.content_type,
        disposition: inline ? 'inline' : 'attachment',
        fileName: attachment.name,
      });
    },
  );
}

/** A change may move to another revision of the type's forms, even if the type was detached since (its form list stays the type's). */
function formsForChange(trx: Db, program: DocumentProgram, module: DocumentModule, typeId: string) {
  return assertTypeAttached(trx, { ...program, types: [typeId] }, module, typeId);
}
