/** Request and answer schemas of the dashboard and Data Explorer routes. */
import { DOCUMENT_MODULES, MODULE_KINDS } from '@model/documents/modules.ts';

const ID = { type: 'string', minLength: 1, maxLength: 64 };
/** Query values arrive as text (no coercion): whole numbers are checked by pattern, then read. */
const wholeNumber = (title: string, digits: number, description: string) => ({
  type: 'string',
  title,
  pattern: `^[0-9]{1,${digits}}$`,
  description,
});
const cursor = (title: string, description: string) => ({ type: 'string', title, pattern: '^[1-9][0-9]{0,15}$', description });
const count = { type: 'integer', minimum: 0 };
const documentRef = { $ref: 'document' };

export const DAYS_DEFAULT = 30;
export const DAYS_MAX = 366;
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_MAX = 100;

export const countsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['programsCount', 'formsCount', 'totalDocumentCount'],
  properties: {
    programsCount: { ...count, description: 'Every program' },
    formsCount: { ...count, description: 'Every custom form' },
    totalDocumentCount: { ...count, description: 'The documents the caller may read' },
  },
};

export const documentListAnswer = { type: 'array', items: documentRef };
export const documentAnswer = documentRef;

export const dailyQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { days: wholeNumber('Days', 3, `How many days up to today (UTC), 1 to ${DAYS_MAX}; ${DAYS_DEFAULT} when not given`) },
};
export const dailyAnswer = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['day', 'count'],
    properties: { day: { type: 'string', format: 'date' }, count },
  },
};

export const localIdQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['local_id'],
  properties: { local_id: { type: 'string', title: 'Local id', minLength: 1, maxLength: 200 } },
};
export const documentIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200, description: "The document's _id or its local_id" } },
};

const activeModules = {
  type: 'object',
  additionalProperties: false,
  required: [...DOCUMENT_MODULES],
  properties: Object.fromEntries(DOCUMENT_MODULES.map((m) => [m, { type: 'boolean' }])),
};
export const explorerProgram = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'name', 'name_slug', 'active_module'],
  properties: { _id: { type: 'string' }, name: { type: 'string' }, name_slug: { type: 'string' }, active_module: activeModules },
};
export const explorerProgramsAnswer = { type: 'array', items: explorerProgram };

export const programIdParams = { type: 'object', required: ['programId'], properties: { programId: ID } };
export const moduleParams = {
  type: 'object',
  required: ['programId', 'module'],
  properties: { programId: ID, module: { type: 'string', title: 'Module', enum: [...DOCUMENT_MODULES] } },
};
const typeChoices = {
  type: 'array',
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['_id', 'name'],
    properties: { _id: { type: 'string' }, name: { type: 'string' } },
  },
};
export const moduleTypesAnswer = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  maxProperties: 1,
  description: "The types attached to the module, under the module's list name",
  properties: Object.fromEntries(DOCUMENT_MODULES.map((m) => [MODULE_KINDS[m].typeList, typeChoices])),
};

export const submittersAnswer = typeChoices;

/** The Data Explorer's narrower filters, read by document-facets.ts: the list and the Map view take the same. */
export const facetQueryProperties = {
  from: {
    type: 'string',
    title: 'Submitted from',
    pattern: '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    description: 'Submitted on or after this UTC day (YYYY-MM-DD)',
  },
  to: {
    type: 'string',
    title: 'Submitted to',
    pattern: '^$|^[0-9]{4}-[0-9]{2}-[0-9]{2}$',
    description: 'Submitted on or before this UTC day (YYYY-MM-DD)',
  },
  submitted_by: { type: 'string', title: 'Submitter', maxLength: 64, description: "The submitter's user id" },
  processed: {
    type: 'string',
    title: 'Processed',
    enum: ['', 'true', 'false'],
    description: 'true: processed only; false: not processed only; empty or absent: both',
  },
};

export const docsQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['program_slug', 'module_name'],
  properties: {
    program_slug: { type: 'string', title: 'Program', minLength: 1, maxLength: 200 },
    module_name: { type: 'string', title: 'Module', enum: [...DOCUMENT_MODULES] },
    doc_id: {
      type: 'string',
      title: 'Document type',
      maxLength: 64,
      description: 'The type record; empty or absent: every type of the module',
    },
    doc_name: {
      type: 'string',
      title: 'Document type name',
      maxLength: 200,
      description: "The type's name, as the console shows it (not read)",
    },
    pageNo: wholeNumber(
      'Page',
      9,
      'Zero-based page to jump to (0 when not given); with after/before: the page number that cursor leads to, echoed',
    ),
    pageSize: wholeNumber('Documents per page', 3, `1 to ${PAGE_SIZE_MAX}; ${PAGE_SIZE_DEFAULT} when not given`),
    ...facetQueryProperties,
    after: cursor('After', 'The next page: the documents after (older than) the row with this `cursor`'),
    before: cursor('Before', 'The previous page: the documents before (newer than) the row with this `cursor`'),
  },
};
export const docsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'total', 'pageNo'],
  properties: {
    data: { type: 'array', items: documentRef, description: 'The page, newest first (list shape: no form_data or form_fields)' },
    total: { ...count, description: 'Every document of the query the caller may read (exact, from the counters)' },
    pageNo: { ...count, description: 'The page answered (zero-based)' },
  },
};
