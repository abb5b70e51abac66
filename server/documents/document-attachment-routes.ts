/**
 * A document's files: uploaded on their own first (parked until a submission or change names
 * them), and read back by whoever may read the document.
 */
import type { FastifyInstance } from 'fastify';
import { problems } from '../http/errors.ts';
import { notAudited } from '../changes/audit-declaration.ts';
import { needsFlagMobile, signedInMobile } from '../http/permissions.ts';
import { readMultipartForm } from '../uploads/multipart-form.ts';
import { readStoredFile } from '../uploads/stored-files.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import { readVisibleDocument } from './document-read.ts';
import { ATTACHMENT_KIND_NAMES, ATTACHMENTS_FOLDER, attachmentKindOf, attachmentOf, storeAttachment } from './document-attachments.ts';
import { attachmentAnswer, attachmentParams, attachmentUpload } from './document-schemas.ts';
import { DOCUMENT_TAGS, type DocumentKit } from './document-route-kit.ts';

export function attachmentUploadRoute(app: FastifyInstance, { db, config, files, now }: DocumentKit): void {
  const maxBytes = config.documentAttachmentMaxBytes;
  app.post(
    '/document/attachment',
    {
      config: {
        permission: needsFlagMobile('can_add_document'),
        audit: notAudited(
          'a parked upload is part of no document yet: the submission or change that claims it records it, by name and size',
        ),
        errors: {
          codes: { 400: ['INVALID_UPLOAD'], 413: ['TOO_LARGE'], 415: ['UNSUPPORTED_FILE'], 429: ['UPLOADS_BUSY', 'UPLOAD_QUOTA_FULL'] },
          notes: {
            400: 'Also an image that does not decode or has more than 50 million pixels (VALIDATION_FAILED naming file)',
            415: 'The file is not a PNG, JPEG, GIF, WebP or PDF (told by its first bytes)',
            429: 'UPLOADS_BUSY: the caller already holds 50 uploads no document names; UPLOAD_QUOTA_FULL: with this one, they would take more than DOCUMENT_UPLOAD_QUOTA_BYTES (unclaimed uploads are deleted after DOCUMENT_UPLOAD_TTL_HOURS)',
          },
        },
      },
      // The multipart body carries the whole file and its headers.
      bodyLimit: maxBytes + 64 * 1024,
      schema: {
        tags: DOCUMENT_TAGS,
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
      const stored = await storeAttachment(db, files, config, request.sessionUser!.id, upload.file.content, kind, now());
      return reply.status(201).send(stored);
    },
  );
}

export function attachmentRoute(app: FastifyInstance, { db, files }: DocumentKit): void {
  app.get<{ Params: { id: string; name: string } }>(
    '/document/:id/attachment/:name',
    {
      config: {
        permission: signedInMobile,
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No such file of a document the caller may read' } },
      },
      schema: {
        tags: DOCUMENT_TAGS,
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
      const content = attachment ? await readStoredFile(files, ATTACHMENTS_FOLDER, `${ATTACHMENTS_FOLDER}/${name}`) : undefined;
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
