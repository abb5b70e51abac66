/**
 * Permission files (spec 2 §3, §7): a consent or permission document a program keeps, a PDF
 * or an image. A generic resource with a named override (server/crud/overrides.ts): the CRUD
 * plugin lists, shows and deletes them; adding and changing take a multipart upload (`name`,
 * `file`) and are the routes below, as is GET /permission/{id}/file, which answers the bytes
 * to a reader holding the flag (the files are never served publicly).
 *
 * The file is told by its content (PDF, PNG, JPEG or GIF; an image is re-encoded, so only its
 * pixels are kept), at most 10 MB, and written under
 * UPLOADS_DIR/permission-files/ with a random name before the record is; a write that fails
 * removes it again, and a replaced or deleted record's file is removed once the change commits.
 *
 * The change log records an upload (`create`) and a rename or replacement (`update`) here, with the
 * file's name, type and size, never its bytes; the delete is the CRUD plugin's, recorded there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import path from 'node:path';
import { resourceEntry, resourceSchema } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import { withGenericTables, type Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { GenericStore } from '../crud/generic-store.ts';
import type { ResourceOverride } from '../crud/overrides.ts';
import type { Row } from '../crud/crud-store.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { needsFlag } from '../http/permissions.ts';
import { fileKindOf, GIF, JPEG, PDF, PNG, storedKind, type FileKind } from '../uploads/file-kinds.ts';
import { readMultipartForm, type FormUpload } from '../uploads/multipart-form.ts';
import { readStoredFile, removeStoredFile, storeFile } from '../uploads/stored-files.ts';
import { reencodeImage } from '../uploads/image-reencode.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import multipart from '@fastify/multipart';
import { audited } from '../changes/audit-declaration.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { inWriteTransaction, type ChangeSet } from '../changes/change-log.ts';

const RESOURCE = 'permission_file';
export const PERMISSION_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const PERMISSION_FILES_FOLDER = 'permission-files';
const KINDS: readonly FileKind[] = [PDF, PNG, JPEG, GIF];
const KIND_NAMES = 'PDF, PNG, JPEG or GIF';
/** A stored upload name: long enough for any real one, short enough for a header. */
const FILE_NAME_MAX = 200;

const tooLarge = () => problems.fileTooLarge('file', PERMISSION_FILE_MAX_BYTES);
const IMAGE_RULES = { field: 'file', maxBytes: PERMISSION_FILE_MAX_BYTES, tooLarge };

const FORM = {
  fileField: 'file',
  fields: ['name'],
  fileTooLarge: tooLarge,
} as const;

const multipartBody = (fileRequired: boolean) => ({
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

interface CheckedUpload {
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
const fileFields = (stored: string, file: NonNullable<CheckedUpload['file']>): Row => ({
  file: stored,
  file_name: file.fileName,
  preview: file.kind.image ? stored : null,
  content_type: file.kind.contentType,
  size: file.content.length,
});

async function permissionFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: PERMISSION_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096 } });
  const entry = resourceEntry(RESOURCE);
  const base = `/${entry.path}`;
  const tags = [entry.label.many];
  const one = { $ref: entry.schema };
  const store = new GenericStore(RESOURCE);
  const { uploadsDir } = ctx.config;
  const now = () => ctx.config.clock.now();
  const remove = (stored: unknown) => removeStoredFile(uploadsDir, PERMISSION_FILES_FOLDER, typeof stored === 'string' ? stored : null);
  const read = (request: FastifyRequest, adding: boolean) => readMultipartForm(request, FORM).then((u) => checkUpload(u, adding));
  // The multipart body may carry the whole file, plus its form.
  const bodyLimit = PERMISSION_FILE_MAX_BYTES + 64 * 1024;
  const write = <T>(request: FastifyRequest, work: (trx: Db, changes: ChangeSet) => Promise<T>) =>
    inWriteTransaction(ctx.db, changeContextOf(request), work);

  app.post(
    base,
    {
      config: { permission: needsFlag(mapFlag(RESOURCE, 'create')), audit: audited('create') },
      bodyLimit,
      schema: {
        tags,
        summary: `Add a permission file: multipart "name" and "file" (${KIND_NAMES}, at most ${PERMISSION_FILE_MAX_BYTES / 1024 / 1024} MB)`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(true),
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const upload = await read(request, true);
      const file = upload.file!;
      const stored = await storeFile(uploadsDir, PERMISSION_FILES_FOLDER, file.content, file.kind.ext);
      try {
        const created = await write(request, async (trx, changes) => {
          const record = await store.create(trx, { name: upload.name, ...fileFields(stored, file) }, now());
          changes.record(RESOURCE, String(record._id), null, record);
          return record;
        });
        return reply.status(201).send(created);
      } catch (err) {
        await remove(stored);
        throw err;
      }
    },
  );

  app.patch<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: needsFlag(mapFlag(RESOURCE, 'edit')), audit: audited('update') },
      bodyLimit,
      schema: {
        tags,
        summary: 'Rename a permission file and/or replace its file (multipart "name", "file"; each optional)',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(false),
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      const upload = await read(request, false);
      const stored = upload.file
        ? await storeFile(uploadsDir, PERMISSION_FILES_FOLDER, upload.file.content, upload.file.kind.ext)
        : undefined;
      let replaced: unknown;
      try {
        const record = await write(request, async (trx, changes) => {
          // Under the row lock: two replacements at once each remove the file the other did not keep.
          const current = await withGenericTables(trx)
            .selectFrom(RESOURCE)
            .select('file')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!current) throw problems.notFound(entry.label.one);
          const before = await store.get(trx, id);
          const body: Row = {
            ...(upload.name !== undefined ? { name: upload.name } : {}),
            ...(stored ? fileFields(stored, upload.file!) : {}),
          };
          const updated = await store.update(trx, id, body, now());
          if (stored) replaced = (current as { file: unknown }).file;
          changes.record(RESOURCE, id, before, updated);
          return updated;
        });
        await remove(replaced);
        return record;
      } catch (err) {
        await remove(stored);
        throw err;
      }
    },
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/file`,
    {
      config: { permission: needsFlag(mapFlag(RESOURCE, 'show')) },
      schema: {
        tags,
        summary: "A permission file's file, as uploaded (Content-Disposition names it)",
        params: idParams,
        produces: KINDS.map((k) => k.contentType),
      },
    },
    async (request, reply) => {
      const record = await store.get(ctx.db, request.params.id);
      const stored = typeof record.file === 'string' ? record.file : null;
      const content = await readStoredFile(uploadsDir, PERMISSION_FILES_FOLDER, stored);
      const kind = stored ? storedKind(stored, KINDS) : undefined;
      if (!content || !kind) throw problems.notFound('File');
      return sendStoredFile(reply, content, {
        contentType: kind.contentType,
        disposition: 'attachment',
        fileName: String(record.file_name ?? `file.${kind.ext}`),
      });
    },
  );
}

export const permissionFileOverride: ResourceOverride = {
  except: ['create', 'edit'],
  routes: permissionFileRoutes,
  hooks: {
    // The generic delete answered the record as it was: its file goes once the delete has committed.
    afterCommit: ({ action, record, request }) =>
      action === 'delete'
        ? removeStoredFile(request.server.appContext.config.uploadsDir, PERMISSION_FILES_FOLDER, record.file as string | null)
        : undefined,
  },
};
