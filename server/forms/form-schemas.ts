/**
 * The forms routes' request and answer schemas. A definition sent to be saved is checked in the
 * handler rather than by the body schema: first the definition check (model/forms/
 * definition-check.ts), which names a field without a label or with a bad name by its
 * field_name in the words the console uses too, then the shared form-field schema for
 * everything else about a field (its type, its rules' shape, its limits).
 */
import fieldSchema from '@schemas/form-field.schema.json';

type Schema = Record<string, unknown>;

export const DRAFT_FIELD_SCHEMA_ID = 'form-field-draft';

/** form-field.schema.json without the checks the definition check makes in the spec's words. */
export function draftFieldSchema(): Schema {
  const schema = structuredClone(fieldSchema) as Schema & { properties: Record<string, Schema> };
  const { minLength: _min, 'x-messages': _messages, ...label } = schema.properties.field_label!;
  const { pattern: _pattern, ...name } = schema.properties.field_name!;
  return {
    ...schema,
    $id: DRAFT_FIELD_SCHEMA_ID,
    required: ['field_type'],
    properties: { ...schema.properties, field_label: label, field_name: name },
  };
}

const ID = { type: 'string', minLength: 1, maxLength: 64 };
const programIds = { type: 'array', maxItems: 1000, items: ID, title: 'Programs' };

/** Keys of a Form as read that a client may send back with a write: accepted and ignored. */
const IGNORED_KEYS = ['_id', 'name_slug', 'field_count', 'created_by', 'created_at', 'updated_at', 'version', 'has_published', 'status'];
const ignored = (keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, { description: 'Part of the form as read; ignored here (the server keeps its own)' }]));

const draftFields = {
  name: { type: 'string', title: 'Name', maxLength: 200, 'x-messages': { required: 'add title' } },
  structures: {
    type: 'array',
    title: 'Fields',
    // How many fields a form may hold (sub-fields count too) is the definition check's to say: MAX_FORM_FIELDS.
    items: {
      type: 'object',
      description:
        'A field definition (the form-field schema); checked after the definition check, so a missing label or a bad name is named by field_name',
    },
  },
  program_ids: programIds,
  programs: { ...programIds, description: 'The same ids as program_ids (used when program_ids is not sent)' },
};

const draftVersion = (what: string) => ({
  type: 'integer',
  minimum: 0,
  maximum: 2_147_483_647,
  title: 'Draft version',
  description: `The draft_version of the form ${what}; 409 STALE_DRAFT when someone saved since`,
  'x-messages': { required: 'Send the draft_version of the form this change started from' },
});

export const createBody = {
  type: 'object',
  title: 'New form',
  additionalProperties: false,
  required: ['name'],
  properties: {
    ...draftFields,
    parent_id: { type: ['string', 'null'], maxLength: 64, title: 'Copied from', description: 'The form this one is a copy of' },
    ...ignored([...IGNORED_KEYS, 'draft_version']),
  },
};

export const updateBody = {
  type: 'object',
  title: 'Form draft change',
  additionalProperties: false,
  required: ['draft_version'],
  properties: { ...draftFields, draft_version: draftVersion('as opened'), ...ignored([...IGNORED_KEYS, 'parent_id']) },
};

export const publishBody = {
  type: 'object',
  title: 'Publish',
  additionalProperties: false,
  required: ['_id'],
  properties: {
    ...draftFields,
    ...ignored(IGNORED_KEYS.filter((k) => k !== '_id').concat('parent_id')),
    _id: { ...ID, title: 'Form', description: 'The form to publish' },
    draft_version: draftVersion(
      'as opened: needed with name, structures or program_ids; without any of them the draft as saved is published',
    ),
  },
};

export const restoreBody = {
  type: 'object',
  title: 'Restore',
  additionalProperties: false,
  required: ['_id'],
  properties: {
    _id: { ...ID, title: 'Revision', description: 'The revision whose name and fields become the draft' },
    draft_version: draftVersion('as opened (optional)'),
  },
};

const person = {
  type: ['object', 'null'],
  properties: { _id: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } },
};

export const revisionSchema = {
  type: 'object',
  title: 'Form revision',
  additionalProperties: false,
  required: ['_id', 'form_id', 'version', 'name', 'structures', 'field_count', 'created_at', 'created_by'],
  properties: {
    _id: { type: 'string' },
    form_id: { type: 'string' },
    version: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    structures: { type: 'array', items: { $ref: 'form-field' } },
    field_count: { type: 'integer', minimum: 0 },
    created_at: { type: 'string', format: 'date-time' },
    created_by: person,
  },
};

const NUMBER = '^[0-9]{1,9}$';

export const diffQuery = {
  type: 'object',
  additionalProperties: false,
  required: ['from', 'to'],
  properties: {
    from: { type: 'string', pattern: NUMBER, title: 'From', description: 'A revision number' },
    to: { type: 'string', pattern: '^([0-9]{1,9}|draft)$', title: 'To', description: "A revision number, or 'draft'" },
  },
};

const propertyChange = {
  type: 'object',
  additionalProperties: false,
  required: ['property', 'before', 'after'],
  properties: {
    property: {
      type: 'string',
      enum: ['label', 'type', 'required', 'min', 'max', 'options', 'logic', 'placeholder', 'default', 'list', 'repeater', 'sub-fields'],
    },
    before: {},
    after: {},
  },
};

export const diffAnswer = {
  type: 'object',
  title: 'Form revision diff',
  additionalProperties: false,
  required: ['from', 'to', 'changes'],
  properties: {
    from: { type: 'integer', minimum: 1 },
    to: {
      anyOf: [
        { type: 'integer', minimum: 1 },
        { type: 'string', const: 'draft' },
      ],
    },
    name: {
      type: 'object',
      description: 'Only when the form was renamed',
      additionalProperties: false,
      required: ['before', 'after'],
      properties: { before: { type: 'string' }, after: { type: 'string' } },
    },
    changes: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field_name', 'label', 'change'],
        properties: {
          field_name: { type: 'string', description: 'A sub-field as "group.sub"' },
          label: { type: 'string' },
          change: { type: 'string', enum: ['added', 'removed', 'moved', 'changed'] },
          position: {
            type: 'object',
            additionalProperties: false,
            required: ['before', 'after'],
            properties: { before: { type: 'integer', minimum: 1 }, after: { type: 'integer', minimum: 1 } },
          },
          properties: { type: 'array', items: propertyChange },
        },
      },
    },
  },
};

export const programParams = {
  type: 'object',
  required: ['programId'],
  properties: { programId: ID },
} as const;
