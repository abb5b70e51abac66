/**
 * The notification routes' request and answer schemas: bodies from notification.schema.json
 * (its x-messages: 'Notification Title is required', 'Notification Content is required'),
 * answers as the registered `notification` schema, and the mobile app's own list.
 */
import { resourceSchema } from '@model/schema-registry.ts';
import { writeSchema } from '../http/body-schemas.ts';
import { listQuerySchema } from '../crud/list-params.ts';

type Schema = Record<string, unknown>;

export const notificationSchema = resourceSchema('notification');

export const createBody = writeSchema(notificationSchema, 'create');

/** A notification stays in its program: its title and body can change. */
export const updateBody = (() => {
  const schema = writeSchema(notificationSchema, 'update') as Schema & { properties: Record<string, Schema> };
  const { program: _program, ...properties } = schema.properties;
  return { ...schema, title: 'Notification change', properties };
})();

export const programParams = {
  type: 'object',
  required: ['programId'],
  properties: { programId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

export const notificationAnswer = { $ref: notificationSchema.$id };

/** The list convention's sort, range and filter (newest first when no sort is sent). */
export const mineQuery = listQuerySchema;

const { program: _program, ...stored } = notificationSchema.properties;

export const myNotificationAnswer = {
  type: 'object',
  title: 'My notification',
  additionalProperties: false,
  required: ['_id', 'title', 'body', 'program', 'created_by', 'read', 'created_at', 'updated_at'],
  properties: {
    ...stored,
    program: {
      type: 'object',
      title: 'Program',
      additionalProperties: false,
      required: ['_id', 'name'],
      properties: { _id: { type: 'string' }, name: { type: 'string' } },
    },
    read: { type: 'boolean', description: 'Whether the signed-in user has read it' },
  },
};

export const readAnswer = {
  type: 'object',
  title: 'Read',
  additionalProperties: false,
  required: ['_id', 'read'],
  properties: { _id: { type: 'string' }, read: { type: 'boolean', const: true } },
};
