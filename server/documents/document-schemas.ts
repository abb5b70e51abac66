/** The OpenAPI and validation schemas of the document routes; answers are `$ref: 'document'`. */
import { DOCUMENT_MODULES } from '@model/documents/modules.ts';
import { LOCAL_ID_MAX } from '@model/documents/limits.ts';
import { ATTACHMENT_KIND_NAMES } from './document-attachments.ts';

const answers = {
  type: 'object',
  title: 'Answers',
  description: "The answers by field_name, as the revision's compiled form schema describes them (unknown fields are refused)",
  additionalProperties: true,
};

export const submitBody = {
  type: 'object',
  additionalProperties: false,
  required: ['local_id', 'program_id', 'module', 'type_id', 'form_revision_id', 'form_data'],
  properties: {
    local_id: {
      type: 'string',
      title: 'Local id',
      minLength: 1,
      maxLength: LOCAL_ID_MAX,
      description: "The app's own id of the document: sending it again (a retry) answers the stored document and writes nothing",
    },
    program_id: { type: 'string', title: 'Program', minLength: 1, maxLength: 100 },
    module: { type: 'string', title: 'Module', enum: [...DOCUMENT_MODULES] },
    type_id: {
      type: 'string',
      title: 'Type',
      minLength: 1,
      maxLength: 100,
      description: "The type record attached to the program's module",
    },
    form_revision_id: {
      type: 'string',
      title: 'Form revision',
      minLength: 1,
      maxLength: 100,
      description: "A published revision of the type's form (an event type's pre- and post-event forms too)",
    },
    form_data: answers,
  },
};

export const changeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['form_data'],
  properties: {
    form_data: answers,
    form_revision_id: {
      type: 'string',
      title: 'Form revision',
      minLength: 1,
      maxLength: 100,
      description: "Another published revision of the type's form to fill the document against; by default the one it has",
    },
  },
};

export const documentParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
};

export const attachmentParams = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 }, name: { type: 'string', minLength: 1, maxLength: 100 } },
};

export const attachmentAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'content_type', 'size'],
  properties: {
    name: { type: 'string', description: 'What an answer names the file by ("<uuid>.<ext>")' },
    content_type: { type: 'string' },
    size: { type: 'integer', minimum: 0 },
  },
};

export const attachmentUpload = (maxBytes: number) => ({
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `A ${ATTACHMENT_KIND_NAMES}, told by its content (not its name), at most ${maxBytes} bytes`,
    },
  },
});

export const oneDocument = { $ref: 'document' };

/** At most a page of the Data Explorer's largest size at once. */
export const BULK_PROCESSED_MAX = 100;

export const bulkProcessedBody = {
  type: 'object',
  additionalProperties: false,
  required: ['ids'],
  properties: {
    ids: {
      type: 'array',
      title: 'Documents',
      minItems: 1,
      maxItems: BULK_PROCESSED_MAX,
      uniqueItems: true,
      items: { type: 'string', minLength: 1, maxLength: 100 },
      description: `The documents' _id, 1 to ${BULK_PROCESSED_MAX}`,
    },
  },
};

export const bulkProcessedAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['processed', 'not_processed'],
  properties: {
    processed: { type: 'array', items: { type: 'string' }, description: 'The documents marked processed now, in the order asked' },
    not_processed: {
      type: 'array',
      description:
        'The documents left as they were, each with the reason: DOCUMENT_NOT_FOUND (unknown or not visible), PROGRAM_LOCKED, ALREADY_PROCESSED',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['_id', 'code', 'message'],
        properties: { _id: { type: 'string' }, code: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};
