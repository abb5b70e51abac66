/** The OpenAPI and validation schemas of the document-export routes; an export is answered as `$ref: 'export-job'`. */
import { DOCUMENT_MODULES, MODULE_KINDS } from '@model/documents/modules.ts';

export const tags = ['Exports'];
export const one = { $ref: 'export-job' };
export const DOC_TYPES = DOCUMENT_MODULES.map((m) => MODULE_KINDS[m].docType);

const text = (description: string, maxLength = 200) => ({ type: 'string', minLength: 1, maxLength, description });
export const docType = { type: 'string', enum: DOC_TYPES, description: 'The module, as BENEFICIARY, LOCATION, EVENT, SURVEY or CASE' };

export const exportAllFields = {
  doc_type: docType,
  program_slug: text("The program's name_slug"),
  doc_id: text('The type record (a beneficiary type…) to export; without it, the whole module', 64),
  module_type_name: { type: 'string', maxLength: 200, description: "The type record's name (informational)" },
};

export const requestBody = {
  type: 'object',
  additionalProperties: false,
  required: ['doc_type'],
  description: 'Export all: program_slug (and doc_id for one type). One document: document_id.',
  properties: { ...exportAllFields, document_id: text('One document to export', 64) },
};

/** What the spec's GET aliases answer: the message the console shows, and the export asked for. */
export const acceptedAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['message', 'job'],
  properties: { message: { type: 'string' }, job: one },
};
