/**
 * The add and edit forms' multipart body (spec 2 §7): text fields, the heads as a JSON list of
 * user ids, and an optional image (PNG, GIF or JPEG by its first bytes, at most
 * PHOTO_MAX_BYTES). Everything is read and checked before anything is written.
 */
import type { FastifyRequest } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { resourceSchema } from '@model/schema-registry.ts';
import { problems } from '../http/errors.ts';
import { imageExtension } from '../uploads/public-uploads.ts';
import { uploadProblem } from '../auth/photos.ts';
import type { ProgramDetails } from './program-writes.ts';
import { HEAD_REQUIRED } from './program-checks.ts';

const schema = resourceSchema('program');
const NAME_MAX = schema.properties.name!.maxLength ?? 120;
const DESCRIPTION_MAX = schema.properties.description!.maxLength ?? 5000;
const DAYS_MAX = (schema.properties.no_of_days_for_edit_program!.maximum as number | undefined) ?? 36500;
const HEADS_MAX = 1000;

/** Text fields of the form; any other text part is refused, a file part other than the photo read and dropped. */
const TEXT_FIELDS = ['name', 'description', 'no_of_days_for_edit_program', 'program_head', 'documentVisible'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Sent back by a client that posts the record it read: accepted and ignored. */
const IGNORED_FIELDS = new Set(['_id']);

export const MULTIPART_LIMITS = { fileSize: PHOTO_MAX_BYTES, files: 2, fields: 12, fieldSize: 64 * 1024 };

export interface DetailsUpload {
  details: ProgramDetails;
  photo?: { content: Buffer; ext: string };
}

const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

/** The form's documentation: what each part holds. */
export function multipartBody(mode: 'create' | 'update') {
  return {
    type: 'object',
    required: mode === 'create' ? ['name', 'description', 'no_of_days_for_edit_program', 'documentVisible'] : [],
    properties: {
      name: { type: 'string', maxLength: NAME_MAX, description: 'Program name, unique whatever its case' },
      description: { type: 'string', maxLength: DESCRIPTION_MAX },
      no_of_days_for_edit_program: {
        type: 'string',
        pattern: '^[0-9]+$',
        description: `Days before editing is disabled, 0 to ${DAYS_MAX}`,
      },
      program_head: {
        type: 'string',
        description: `JSON list of user ids (live, active users; not the built-in admin)${mode === 'update' ? '; not empty' : ''}`,
      },
      documentVisible: { type: 'string', enum: ['ALL', 'OWN'] },
      photo: {
        type: 'string',
        format: 'binary',
        description: `PNG, GIF or JPEG, told by its first bytes, at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB`,
      },
    },
  };
}

function parseHeads(raw: string): string[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (!Array.isArray(value) || value.length > HEADS_MAX) return undefined;
  if (!value.every((v) => typeof v === 'string' && v.length >= 1 && v.length <= 64)) return undefined;
  return [...new Set(value as string[])];
}

/** The text fields checked one by one, in the form's words; every problem named at once. */
function checkFields(raw: Partial<Record<TextField, string>>, mode: 'create' | 'update'): ProgramDetails {
  const fields: Record<string, string> = {};
  const details: ProgramDetails = {};
  if (raw.name !== undefined || mode === 'create') {
    const name = trimText(raw.name ?? '');
    if (!name) fields.name = 'Program name is required';
    else if (name.length > NAME_MAX) fields.name = `Program name must be at most ${NAME_MAX} characters`;
    else details.name = name;
  }
  if (raw.description !== undefined || mode === 'create') {
    const description = trimText(raw.description ?? '');
    if (!description && mode === 'create') fields.description = 'Description is required';
    else if (description.length > DESCRIPTION_MAX) fields.description = `Description must be at most ${DESCRIPTION_MAX} characters`;
    else details.description = description;
  }
  if (raw.no_of_days_for_edit_program !== undefined || mode === 'create') {
    const text = (raw.no_of_days_for_edit_program ?? '').trim();
    if (!text) fields.no_of_days_for_edit_program = 'Days before editing is disabled is required';
    else if (/^-[0-9]+$/.test(text)) fields.no_of_days_for_edit_program = 'Days before editing is disabled must be 0 or more';
    else if (!/^[0-9]+$/.test(text)) fields.no_of_days_for_edit_program = 'Days before editing is disabled must be a whole number';
    else if (Number(text) > DAYS_MAX) fields.no_of_days_for_edit_program = `Days before editing is disabled must be at most ${DAYS_MAX}`;
    else details.no_of_days_for_edit_program = Number(text);
  }
  if (raw.documentVisible !== undefined || mode === 'create') {
    const visible = (raw.documentVisible ?? '').trim();
    if (!visible) fields.documentVisible = 'Documents access permission is required';
    else if (visible !== 'ALL' && visible !== 'OWN') fields.documentVisible = 'Documents access permission must be ALL or OWN';
    else details.documentVisible = visible;
  }
  if (raw.program_head !== undefined) {
    const heads = parseHeads(raw.program_head);
    if (!heads) fields.program_head = 'Program heads must be a JSON list of user ids';
    else if (!heads.length && mode === 'update') fields.program_head = HEAD_REQUIRED;
    else details.program_head = heads;
  }
  if (Object.keys(fields).length) throw problems.validation(fields);
  return details;
}

export async function readDetails(request: FastifyRequest, mode: 'create' | 'update'): Promise<DetailsUpload> {
  if (!request.isMultipart())
    throw problems.badRequest(
      'Send the program as multipart/form-data',
      mode === 'create' ? { name: 'Program name is required' } : undefined,
    );
  const raw: Partial<Record<TextField, string>> = {};
  const unknown: Record<string, string> = {};
  let photo: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'photo' && !photo && content.length) photo = content;
        continue;
      }
      const name = part.fieldname;
      if (IGNORED_FIELDS.has(name)) continue;
      if (!isTextField(name)) {
        unknown[name.slice(0, 64)] = `${name.slice(0, 64)} is not a field of a program's details`;
        continue;
      }
      if (part.valueTruncated) {
        unknown[name] = `${name} is too long`;
        continue;
      }
      // A part sent as application/json arrives parsed; the form sends text.
      const value = typeof part.value === 'string' ? part.value : JSON.stringify(part.value);
      // PostgreSQL text cannot hold U+0000: refused here as the input guard refuses it in JSON bodies.
      if (value.includes('\u0000')) unknown[name] = problems.nulCharacter(name, name).message;
      else raw[name] = value;
    }
  } catch (err) {
    throw uploadProblem(err);
  }
  if (Object.keys(unknown).length) throw problems.validation(unknown);
  const details = checkFields(raw, mode);
  if (!photo) return { details };
  const ext = imageExtension(photo);
  if (!ext) throw problems.unsupportedPhoto();
  return { details, photo: { content: photo, ext } };
}
