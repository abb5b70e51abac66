/**
 * The goal routes' request and answer schemas: bodies from goal.schema.json (its titles and
 * x-messages: 'Target is required', 'Type is required'), answers as the registered `goal` schema
 * plus what a route adds to it.
 */
import { resourceSchema } from '@model/schema-registry.ts';
import { writeSchema } from '../http/body-schemas.ts';
import { DOCUMENT_TYPES, GOAL_KINDS, kindLabel } from './goal-kinds.ts';

type Schema = Record<string, unknown>;

export const goalSchema = resourceSchema('goal');

const ID = { type: 'string', minLength: 1, maxLength: 64 };

export const createBody = writeSchema(goalSchema, 'create');

/** A goal stays in its program: everything else a goal holds can change. */
export const updateBody = (() => {
  const schema = writeSchema(goalSchema, 'update') as Schema & { properties: Record<string, Schema> };
  const { program_id: _program, ...properties } = schema.properties;
  return { ...schema, title: 'Goal change', properties };
})();

export const programParams = {
  type: 'object',
  required: ['programId'],
  properties: { programId: ID },
} as const;

const ref = (title: string) => ({
  type: 'object',
  title,
  additionalProperties: false,
  required: ['_id', 'name'],
  properties: { _id: { type: 'string' }, name: { type: 'string' } },
});

export const goalAnswer = { $ref: goalSchema.$id };

export const fullGoalAnswer = {
  type: 'object',
  title: 'Goal with its program and type',
  additionalProperties: false,
  required: ['_id', 'program_id', 'document_type', 'goal_type', 'target', 'achieve', 'achieve_counted', 'isPinned', 'program', 'type'],
  properties: {
    ...goalSchema.properties,
    program: ref('Program'),
    type: { ...ref('Type'), type: ['object', 'null'], description: 'The type record counted; null once it was deleted' },
  },
};

export const goalOptionsAnswer = {
  type: 'object',
  title: 'Goals and the types a goal may count',
  additionalProperties: false,
  required: ['goals', 'types'],
  properties: {
    goals: { type: 'array', items: goalAnswer },
    types: {
      type: 'object',
      additionalProperties: false,
      required: DOCUMENT_TYPES,
      description: 'Per record kind, the type records attached to the program, in the order of its lists',
      properties: Object.fromEntries(DOCUMENT_TYPES.map((kind) => [kind, { type: 'array', items: ref(kindLabel(kind)) }])),
    },
  },
};

export const targetBody = {
  type: 'object',
  title: 'Goal progress',
  additionalProperties: false,
  required: ['program_slug', 'type'],
  properties: {
    program_slug: { ...ID, maxLength: 200, title: 'Program', description: "The program's name_slug" },
    type: { type: 'string', title: 'Record kind', enum: DOCUMENT_TYPES },
    ...Object.fromEntries(
      DOCUMENT_TYPES.map((kind) => [
        GOAL_KINDS[kind].idField,
        { ...ID, title: kindLabel(kind), description: `The ${kindLabel(kind).toLowerCase()} counted, when type is ${kind}` },
      ]),
    ),
  },
};

export const targetAnswer = {
  type: 'object',
  title: 'Goal progress',
  additionalProperties: false,
  required: ['achieve', 'achieve_counted'],
  properties: {
    achieve: { type: 'integer', minimum: 0, description: 'Records of the type in the program' },
    achieve_counted: { type: 'boolean', description: 'true: achieve is counted from the stored documents' },
  },
};
