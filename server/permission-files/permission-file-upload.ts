/**
 * A permission file's multipart form (`name`, `file`), read and checked before anything is
 * written: the name by the schema's rules and words, the file told by its content (PDF, PNG, JPEG
 * or GIF; an image re-encoded, so only its pixels are kept), at most 10 MB, its name made safe
 * to store and to send back in a header.
 */
import type { FastifyRequest } from 'fastify';
import path from 'node:path';
import { trimText } from '@model/trim-text.ts';
import { resourceSchema } from '@model/schema-registry.ts';
import type { Row } from '../crud/crud-store.ts';
import { problems } from '../http/errors.ts';
import { fileKindOf, GIF, JPEG, PDF, PNG, type FileKind } from '../uploads/file-kinds.ts';
import { readMultipartForm, type FormUpload } from '../uploads/multipart-form.ts';
import { reencodeImage } from '../uploads/image-reencode.ts';

export const RESOURCE = 'permission_file';
export const PERMISSION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PERMISSION_FILES_FOLDER = 'permission-files';
export const KINDS: readonly FileKind[] = [PDF, PNG, JPEG, GIF];
export const KIND_NAMES = 'PDF, PNG, JPEG or GIF';
/** A stored upload name: long enough for any real one, short enough for a header. */
const FILE_NAME_MAX = 200;

const tooLarge = () => problems.fileTooLarge('file', PERMISSION_FILE_MAX_BYTES);
const IMAGE_RULES = { field: 'file', maxBytes: PERMISSION_FILE_MAX_BYTES, tooLarge };

const FORM = {
  fileField: 'file',
  fields: ['name'],
  fileTooLarge: tooLarge,
} as const;

export const multipartBody = (fileRequired: boolean) => ({
  type: 'object',
  required: fileRequired ? ['name', 'file'] : [],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: resourceSchema(RESOURCE).properties.name!.maxLength },
    file: {
      type: 'string',
      format: 'binary',
      description: `A ${KIND_NAMES}, told by its content (not its name), at most ${PERMISSION_FILE_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
});

/** The name as it will be stored, or the message refusing it (the schema's rules and words). */
function checkedName(raw: string): { name: string } | { problem: string } {
  const property = resourceSchema(RESOURCE).properties.name!;
  const name = trimText(raw);
  const label = property.title ?? 'Name';
  if (!name) return { problem: property['x-messages']?.required ?? `${label} is required` };
  if (name.includes('\u0000')) return { problem: `${label} must not contain a NUL character (\\u0000)` };
  if (property.maxLength !== undefined && name.length > property.maxLength)
    return { problem: `${label} must be at most ${property.maxLength} characters` };
  return { name };
}

/** The upload's name, safe to store and to send back in a header, ending in the extension of what it really is. */
function fileNameOf(uploaded: string, kind: FileKind): string {
  // eslint-disable-next-line no-control-regex
  const base = path.basename(uploaded.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '');
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).trim() || 'file';
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const sameKind = ext === kind.ext || (kind === JPEG && ext === 'jpeg');
  return `${stem.slice(0, FILE_NAME_MAX - 6)}.${sameKind ? ext : kind.ext}`;
}

export interface CheckedUpload {
  name?: string;
  file?: { content: Buffer; fileName: string; kind: FileKind };
}

/**
 * The form's fields checked: 400 naming each wrong field (a missing file on add, an image that
 * does not decode), 415 for a file of another kind. An image comes back re-encoded.
 */
async function checkUpload(upload: FormUpload, adding: boolean): Promise<CheckedUpload> {
  const fields: Record<string, string> = {};
  const checked: CheckedUpload = {};
  const name = upload.fields.name;
  if (name !== undefined || adding) {
    const result = checkedName(name ?? '');
    if ('problem' in result) fields.name = result.problem;
    else checked.name = result.name;
  }
  if (!upload.file && adding) fields.file = 'File field required';
  if (!adding && name === undefined && !upload.file) fields.file = 'Send a new name, a new file, or both';
  if (Object.keys(fields).length) throw problems.validation(fields);
  if (upload.file) {
    const kind = fileKindOf(upload.file.content, KINDS);
    if (!kind) throw problems.unsupportedFile('file', KIND_NAMES);
    const content = kind.image ? await reencodeImage(upload.file.content, kind, IMAGE_RULES) : upload.file.content;
    checked.file = { content, fileName: fileNameOf(upload.file.filename, kind), kind };
  }
  return checked;
}

/** The record's file fields, all set by the server. */
export const fileFields = (stored: string, file: NonNullable<CheckedUpload['file']>): Row => ({
  file: stored,
  file_name: file.fileName,
  preview: file.kind.image ? stored : null,
  content_type: file.kind.contentType,
  size: file.content.length,
});

/** The form of an add (`adding`: name and file required) or a change (either, or both). */
export const readUpload = (request: FastifyRequest, adding: boolean): Promise<CheckedUpload> =>
  readMultipartForm(request, FORM).then((upload) => checkUpload(upload, adding));
