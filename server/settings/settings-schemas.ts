/** The settings routes' request and answer schemas, from settings.schema.json. */
import { schemaById } from '@model/schema-registry.ts';
import { writeSchema } from '../http/body-schemas.ts';

export const settingsSchema = schemaById('settings');

export const settingsAnswer = { $ref: settingsSchema.$id };

/** Any of the settings one sets by hand; the logo has a route of its own. */
export const changeBody = writeSchema(settingsSchema, 'update');

export const publicAnswer = {
  type: 'object',
  title: 'Public settings',
  additionalProperties: false,
  required: ['organisation_name', 'default_language', 'logo'],
  properties: {
    organisation_name: settingsSchema.properties.organisation_name,
    default_language: settingsSchema.properties.default_language,
    logo: settingsSchema.properties.logo,
  },
};

export const logoQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    v: {
      type: 'string',
      maxLength: 20,
      description: 'The logo version its address names; any value answers the current logo',
    },
  },
};

export const logoUpload = {
  type: 'object',
  required: ['logo'],
  properties: {
    logo: {
      type: 'string',
      format: 'binary',
      description: 'PNG, GIF or JPEG, told by its first bytes',
    },
  },
};

export const testMailAnswer = {
  type: 'object',
  title: 'Test e-mail',
  additionalProperties: false,
  required: ['sent', 'to', 'via'],
  properties: {
    sent: { type: 'boolean', description: 'Whether the mail was handed over' },
    to: { type: 'string', description: "The signed-in user's own address" },
    via: {
      type: 'string',
      description: 'Where it went: the SMTP server, or the outbox folder when SMTP_URL is not set',
    },
    reason: {
      type: 'string',
      description: 'Why it was not sent (the mail server’s own words)',
    },
  },
};
