/**
 * The shape of every error answer (Problem.toBody in errors.ts), registered with each app so
 * the OpenAPI document refers to it from every error status (`$ref: "error"`). Closed: a key
 * an answer carries that is not here fails the server tests' answer check, so a new key gets
 * documented here with it.
 */
export const ERROR_SCHEMA_ID = 'error';

export const errorSchema = {
  $id: ERROR_SCHEMA_ID,
  title: 'Error',
  description: 'Every error answer, whatever refused the request (validation, a handler or the framework).',
  type: 'object',
  additionalProperties: false,
  required: ['message', 'code'],
  properties: {
    message: { type: 'string', minLength: 1, description: 'What the console shows, worded for a person' },
    code: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$', description: 'Stable; one of the error catalogue (server/http/errors.ts)' },
    fields: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Each invalid field (dotted path for nested ones) with what is wrong with it',
    },
    requestId: { type: 'string', description: 'INTERNAL only: find the details under this id in the server log' },
    permission: { type: 'string', description: 'FORBIDDEN only: the permission flag the role lacks' },
    permissions: { type: 'array', items: { type: 'string' }, description: 'PRIVILEGE_ESCALATION: the flags the caller does not hold' },
    users: { type: 'integer', minimum: 1, description: 'ROLE_IN_USE only: how many users hold the role' },
    params: {
      type: 'object',
      additionalProperties: { type: ['string', 'number'] },
      description:
        "The message's variable parts (minutes, megabytes, counts), for a console that words the code in another language (ACCOUNT_LOCKED, TOO_LARGE, FILE_TOO_LARGE, PHOTO_TOO_LARGE, UPLOADS_BUSY, UPLOAD_QUOTA_FULL, IMPORTS_BUSY, ROLE_IN_USE)",
    },
  },
} as const;
