/** Request and answer schemas of the program routes (the program itself is the shared `program` schema). */
import { resourceSchema } from '@model/schema-registry.ts';
import { PROGRAM_MODULES, TYPE_LIST_NAMES, TYPE_LISTS } from './program-lists.ts';

type Schema = Record<string, unknown>;

const ID = { type: 'string', minLength: 1, maxLength: 64 };
const idList = (title: string) => ({ type: 'array', title, maxItems: 1000, uniqueItems: true, items: ID });
const program = resourceSchema('program') as unknown as { properties: Record<string, Schema & { title?: string }> };

export const programParams = idParams('id');
export function idParams(...names: string[]) {
  return { type: 'object', required: names, properties: Object.fromEntries(names.map((n) => [n, ID])) };
}

export const typeListParams = {
  type: 'object',
  required: ['id', 'list'],
  properties: { id: ID, list: { type: 'string', title: 'List', enum: TYPE_LIST_NAMES } },
};
export const typeParams = {
  ...typeListParams,
  required: ['id', 'list', 'typeId'],
  properties: { ...typeListParams.properties, typeId: ID },
};
export const memberParams = idParams('id', 'userId');

const modules = {
  type: 'object',
  title: 'Modules',
  additionalProperties: false,
  properties: Object.fromEntries(PROGRAM_MODULES.map((m) => [m, { type: 'boolean' }])),
};

/** PATCH program/{id} as JSON: status, modules (merged), whole lists. */
export const listsBody = {
  type: 'object',
  title: 'Program change',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    _id: { ...ID, description: 'The program, as read; ignored (the path names it)' },
    status: { type: 'boolean', title: 'Status', description: 'true active, false deactivated' },
    active_module: { ...modules, description: 'The modules sent are set; the others stay as they are' },
    program_head: idList(program.properties.program_head!.title ?? 'Program heads'),
    teams: idList(program.properties.teams!.title ?? 'Team members'),
    ...Object.fromEntries(TYPE_LIST_NAMES.map((list) => [list, idList(program.properties[list]!.title ?? list)])),
  },
};

export const moduleBody = {
  type: 'object',
  title: 'Module status',
  additionalProperties: false,
  required: ['module', 'status'],
  properties: {
    module: { type: 'string', title: 'Module', enum: [...PROGRAM_MODULES] },
    status: { type: 'boolean', title: 'Status', description: 'true active, false inactive' },
  },
};

export const typeBody = {
  type: 'object',
  title: 'Attach a type',
  additionalProperties: false,
  required: ['type_id'],
  properties: { type_id: { ...ID, title: 'Type' } },
};

export const memberBody = {
  type: 'object',
  title: 'Team member',
  additionalProperties: false,
  required: ['user'],
  properties: {
    user: { ...ID, title: 'User', 'x-messages': { required: 'User is required' } },
    is_program_head: { type: 'boolean', title: 'Program head', default: false },
  },
};

export const headBody = {
  type: 'object',
  title: 'Program head or member',
  additionalProperties: false,
  required: ['is_program_head'],
  properties: { is_program_head: { type: 'boolean', title: 'Program head' } },
};

export const lockAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'lockProgram'],
  properties: { _id: { type: 'string' }, lockProgram: { type: 'integer', enum: [0, 1] } },
};

export const moduleAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'teams', 'program_head', 'active_module'],
  properties: {
    _id: { type: 'string' },
    teams: { type: 'array', items: { type: 'string' } },
    program_head: { type: 'array', items: { type: 'string' } },
    active_module: program.properties.active_module,
  },
};

export const goalsAnswer = {
  type: 'object',
  additionalProperties: false,
  required: ['goals'],
  properties: { goals: { type: 'array', items: { $ref: 'goal' } } },
};

const person = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'first_name', 'last_name', 'photo', 'designation'],
  properties: {
    _id: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    photo: { type: ['string', 'null'], description: 'Path relative to the auth server' },
    designation: {
      type: ['object', 'null'],
      required: ['_id', 'name'],
      properties: { _id: { type: 'string' }, name: { type: 'string' } },
    },
  },
};

/** GET program/{id}/full: people and type records in place of their ids. */
export const fullAnswer = {
  type: 'object',
  title: 'Program with its people, types and goals',
  additionalProperties: false,
  required: ['_id', 'name', 'program_head', 'teams', 'goals', ...TYPE_LIST_NAMES],
  properties: {
    ...program.properties,
    program_head: { type: 'array', items: person, description: 'Program heads, in list order' },
    teams: { type: 'array', items: person, description: 'Team members, in list order' },
    ...Object.fromEntries(TYPE_LIST_NAMES.map((list) => [list, { type: 'array', items: { $ref: TYPE_LISTS[list] } }])),
    goals: { type: 'array', items: { $ref: 'goal' } },
  },
};
