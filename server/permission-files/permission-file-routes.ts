/**
 * Permission files (spec 2 §3, §7): a consent or permission document a program keeps, a PDF
 * or an image. A generic resource with a named override (server/crud/overrides.ts): the CRUD
 * plugin lists, shows and deletes them; adding and changing take a multipart upload (`name`,
 * `file`) and are the routes below, as is GET /permission/{id}/file, which answers the bytes
 * to a reader holding the flag (the files are never served publicly).
 *
 * The form is read and checked in permission-file-upload.ts. The file is written under
 * UPLOADS_DIR/permission-files/ with a random name before the record is; a write that fails
 * removes it again, and a replaced or deleted record's file is removed once the change commits.
 *
 * The change log records an upload (`create`) and a rename or replacement (`update`) here, with the
 * file's name, type and size, never its bytes; the delete is the CRUD plugin's, recorded there.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { withGenericTables, type Db } from '../db/database.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { GenericStore } from '../crud/generic-store.ts';
import type { ResourceOverride } from '../crud/overrides.ts';
import type { Row } from '../crud/crud-store.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { needsFlag } from '../http/permissions.ts';
import { routeKit } from '../http/route-kit.ts';
import { storedKind } from '../uploads/file-kinds.ts';
import { readStoredFile, removeStoredFile, storeFile } from '../uploads/stored-files.ts';
import { sendStoredFile } from '../uploads/stored-file-reply.ts';
import { writeWithStoredFile } from '../uploads/stored-file-write.ts';
import { audited } from '../changes/audit-declaration.ts';
import type { ChangeSet } from '../changes/change-log.ts';
import {
  fileFields,
  KIND_NAMES,
  KINDS,
  multipartBody,
  PERMISSION_FILE_MAX_BYTES,
  PERMISSION_FILES_FOLDER,
  readUpload,
  RESOURCE,
  type CheckedUpload,
} from './permission-file-upload.ts';
import type { ErrorDeclaration } from '../http/error-declaration.ts';

/** An upload's refusals: a broken form, a file over 10 MB, one that is no PDF, PNG, JPEG or GIF. */
const UPLOAD_ERRORS: ErrorDeclaration = {
  codes: { 400: ['INVALID_UPLOAD'], 413: ['FILE_TOO_LARGE'], 415: ['UNSUPPORTED_FILE'] },
  notes: { 415: 'The file is not a PDF, PNG, JPEG or GIF (told by its first bytes)' },
};

/** The multipart body may carry the whole file, plus its form. */
const BODY_LIMIT = PERMISSION_FILE_MAX_BYTES + 64 * 1024;

async function permissionFileRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(multipart, { limits: { fileSize: PERMISSION_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096 } });
  const kit = permissionFileKit(ctx);
  createRoute(app, kit);
  patchRoute(app, kit);
  fileRoute(app, kit);
}

function permissionFileKit(ctx: AppContext) {
  const { files } = ctx;
  return {
    ...routeKit(ctx, RESOURCE),
    db: ctx.db,
    store: new GenericStore(RESOURCE),
    files,
    flag: (action: 'create' | 'edit' | 'show') => needsFlag(mapFlag(RESOURCE, action)),
    storeUpload: (file: NonNullable<CheckedUpload['file']>) => storeFile(files, PERMISSION_FILES_FOLDER, file.content, file.kind.ext),
    remove: (stored: string | null | undefined) => removeStoredFile(files, PERMISSION_FILES_FOLDER, stored),
  };
}

type PermissionFileKit = ReturnType<typeof permissionFileKit>;

function createRoute(app: FastifyInstance, kit: PermissionFileKit): void {
  const { base, tags, one, flag } = kit;
  app.post(
    base,
    {
      config: { permission: flag('create'), audit: audited('create'), errors: UPLOAD_ERRORS },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: `Add a permission file: multipart "name" and "file" (${KIND_NAMES}, at most ${PERMISSION_FILE_MAX_BYTES / 1024 / 1024} MB)`,
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(true),
        response: { 201: one },
      },
    },
    async (request, reply) => reply.status(201).send(await addFile(kit, request)),
  );
}

async function addFile({ store, write, now, storeUpload, remove }: PermissionFileKit, request: FastifyRequest): Promise<Row> {
  const upload = await readUpload(request, true);
  const file = upload.file!;
  const stored = await storeUpload(file);
  return writeWithStoredFile(stored, remove, () =>
    write(request, async (trx, changes) => {
      const record = await store.create(trx, { name: upload.name, ...fileFields(stored, file) }, now());
      changes.record(RESOURCE, String(record._id), null, record);
      return { answer: record };
    }),
  );
}

function patchRoute(app: FastifyInstance, kit: PermissionFileKit): void {
  const { base, tags, one, flag } = kit;
  app.patch<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('edit'), audit: audited('update'), errors: UPLOAD_ERRORS },
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Rename a permission file and/or replace its file (multipart "name", "file"; each optional)',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(false),
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => changeFile(kit, request, request.params.id),
  );
}

async function changeFile(kit: PermissionFileKit, request: FastifyRequest, id: string): Promise<Row> {
  const upload = await readUpload(request, false);
  const stored = upload.file ? await kit.storeUpload(upload.file) : undefined;
  const change = async (trx: Db, changes: ChangeSet) => {
    // Under the row lock: two replacements at once each remove the file the other did not keep.
    const current = await lockedFile(trx, id, kit.entry.label.one);
    const before = await kit.store.get(trx, id);
    const body: Row = {
      ...(upload.name !== undefined ? { name: upload.name } : {}),
      ...(stored ? fileFields(stored, upload.file!) : {}),
    };
    const updated = await kit.store.update(trx, id, body, kit.now());
    changes.record(RESOURCE, id, before, updated);
    return { answer: updated, replaced: stored ? current : undefined };
  };
  return writeWithStoredFile(stored, kit.remove, () => kit.write(request, change));
}

/** The record's stored file, its row locked for this transaction; 404 naming the record when there is none. */
async function lockedFile(trx: Db, id: string, label: string): Promise<string | null> {
  const current = await withGenericTables(trx).selectFrom(RESOURCE).select('file').where('id', '=', id).forUpdate().executeTakeFirst();
  if (!current) throw problems.notFound(label);
  return typeof current.file === 'string' ? current.file : null;
}

function fileRoute(app: FastifyInstance, { base, tags, flag, store, db, files }: PermissionFileKit): void {
  app.get<{ Params: { id: string } }>(
    `${base}/:id/file`,
    {
      config: { permission: flag('show') },
      schema: {
        tags,
        summary: "A permission file's file, as uploaded (Content-Disposition names it)",
        params: idParams,
        produces: KINDS.map((k) => k.contentType),
      },
    },
    async (request, reply) => {
      const record = await store.get(db, request.params.id);
      const stored = typeof record.file === 'string' ? record.file : null;
      const content = await readStoredFile(files, PERMISSION_FILES_FOLDER, stored);
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
        ? removeStoredFile(request.server.appContext.files, PERMISSION_FILES_FOLDER, record.file as string | null)
        : undefined,
  },
};
