/**
 * View lists on the api server: list and show through the CRUD plugin; create, replace and
 * delete here (multipart: `name`, `excel_file`, optionally `import_id`), the original file back,
 * the progress of an import, and the rows search that choice fields with a `url` page through.
 *
 * An upload is received and stored here; reading it and writing its rows is the importer's
 * (list-importer.ts), in a worker thread, while the request waits for the outcome.
 *
 * Each write records the list's change (its fields, never its rows): `create` and `import` (a
 * new file for a list) in the import's own transaction in the worker, `update` (a rename) and
 * `delete` in the request's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trimText } from '@model/trim-text.ts';
import multipart from '@fastify/multipart';
import { readFile, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { resourceEntry } from '@model/schema-registry.ts';
import type { AppContext } from '../context.ts';
import { crudPlugin, mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { idParams } from '../http/body-schemas.ts';
import { Problem, problems } from '../http/errors.ts';
import { answerList, listQuerySchema, parseListParams, type ListQuery } from '../crud/list-params.ts';
import type { EntitySchema } from '@model/schema-registry.ts';
import { fileKind, type FileKind } from './file-kind.ts';
import { ensurePrivateFolder, writePrivateFile } from '../uploads/private-files.ts';
import { LISTVIEW_MAX_BYTES } from './limits.ts';
import { ListImporter, type ImportRequest } from './list-importer.ts';
import { findImport, sweepImports } from './import-store.ts';

const DEFAULT_PAGE = 20;
import {
  deleteListview,
  findListview,
  listviewStore,
  loggedListview,
  searchRows,
  updateListview,
  type StoredFile,
} from './listview-store.ts';
import { audited } from '../changes/audit-declaration.ts';
import { changeContextOf } from '../changes/change-context.ts';
import { inWriteTransaction, type ChangeContext } from '../changes/change-log.ts';

const RESOURCE = 'listview';
const FOLDER = 'listviews';
const NAME_MAX = 120;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Upload {
  name?: string;
  file?: { content: Buffer; filename: string; kind: FileKind };
  /** The console's own id for the import, to follow its progress with. */
  importId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const multipartBody = (fileRequired: boolean) => ({
  type: 'object',
  required: fileRequired ? ['name', 'excel_file'] : [],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX },
    excel_file: {
      type: 'string',
      format: 'binary',
      description: `An Excel workbook (.xlsx, first sheet) or a CSV file, told by its content, at most ${LISTVIEW_MAX_BYTES / 1024 / 1024} MB; the first row is the header`,
    },
    import_id: {
      type: 'string',
      format: 'uuid',
      description: 'A new UUID of your own: GET /listview/import/{import_id} then tells how the file is being read',
    },
  },
});

const importSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['import_id', 'status', 'rows_read', 'fraction'],
  properties: {
    import_id: { type: 'string' },
    status: {
      type: 'string',
      enum: ['queued', 'reading', 'done', 'failed'],
      description: 'queued: waiting for other imports to finish; reading; done; failed (see message)',
    },
    rows_read: { type: 'integer', description: 'Rows read and written so far' },
    fraction: { type: 'number', minimum: 0, maximum: 1, description: 'How much of the file has been read' },
    message: { type: 'string', description: 'Why the file was refused' },
    listview_id: { type: 'string', description: 'The list made or replaced, once done' },
  },
};

const rowSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['_id', 'label', 'cells'],
  properties: {
    _id: {
      type: 'string',
      description: 'The row number, from 1 under the header',
    },
    label: { type: 'string', description: 'The first cell' },
    cells: { type: 'array', items: { type: 'string' } },
  },
};

function uploadProblem(err: unknown): Problem {
  if (err instanceof Problem) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new Problem(413, 'TOO_LARGE', `The file is larger than ${LISTVIEW_MAX_BYTES / 1024 / 1024} MB`, {
      excel_file: `At most ${LISTVIEW_MAX_BYTES / 1024 / 1024} MB`,
    });
  }
  // More files, fields or parts than the form has: one list, one file.
  if (statusCode === 413) return problems.tooLarge();
  return problems.badUpload('excel_file');
}

/** The request's change context as plain data for the import's worker thread: the actor without their flags. */
function changeContextForWorker(request: FastifyRequest): ChangeContext {
  const { actor, ...context } = changeContextOf(request);
  if (!actor) return context;
  const { id, email, roleSlug, sessionId, client } = actor;
  return { ...context, actor: { id, email, roleSlug, sessionId, client } };
}

async function readUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart())
    throw problems.badRequest('Send the list view as multipart/form-data', {
      excel_file: 'File field required',
    });
  const upload: Upload = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.fieldname === 'excel_file' && !upload.file && content.length) {
          upload.file = { content, filename: part.filename, kind: 'csv' };
        }
      } else if (part.fieldname === 'name' && typeof part.value === 'string') {
        upload.name = trimText(part.value);
      } else if (part.fieldname === 'import_id' && typeof part.value === 'string') {
        upload.importId = part.value.trim();
      }
    }
  } catch (err) {
    throw uploadProblem(err);
  }
  if (upload.name !== undefined) {
    if (!upload.name) throw problems.validation({ name: 'Name field required' });
    if (upload.name.length > NAME_MAX)
      throw problems.validation({
        name: `Name must be at most ${NAME_MAX} characters`,
      });
  }
  if (upload.importId !== undefined && !UUID.test(upload.importId)) {
    throw problems.validation({ import_id: 'A UUID such as 3f2b8c1e-9a4d-4e6f-8b2a-1c5d7e9f0a3b' });
  }
  if (upload.file) upload.file.kind = fileKind(upload.file.content);
  return upload;
}

export async function listviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: LISTVIEW_MAX_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 4096,
      },
    });
    await scope.register(crudPlugin, {
      resource: 'listview',
      only: ['list', 'show'],
      store: listviewStore,
    });
    routes(scope, ctx);
  });
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const entry = resourceEntry('listview');
  const tags = [entry.label.many];
  const one = { $ref: entry.schema };
  const folder = path.join(ctx.config.uploadsDir, FOLDER);
  const now = () => ctx.config.clock.now();

  const store = async (file: NonNullable<Upload['file']>): Promise<StoredFile> => {
    await ensurePrivateFolder(folder);
    const stored = `${randomBytes(12).toString('hex')}.${file.kind}`;
    await writePrivateFile(path.join(folder, stored), file.content);
    return {
      path: `${FOLDER}/${stored}`,
      name: path.basename(file.filename || `list.${file.kind}`),
    };
  };
  const remove = (relative: string | undefined) =>
    relative?.startsWith(`${FOLDER}/`) ? unlink(path.join(folder, path.basename(relative))).catch(() => undefined) : undefined;

  const importer = new ListImporter(ctx, ctx.config.listviewImport);
  // Before the server stops answering: running imports end (nothing of theirs is saved).
  app.addHook('preClose', async () => importer.stop());
  // The files of imports whose process died mid-way (a crash, a kill -9) are removed by any process.
  ctx.jobs.every({
    name: 'listview-import-sweep',
    everySeconds: 60,
    run: async () => {
      for (const file of await sweepImports(ctx.db, now())) await remove(file);
    },
  });

  /** Stores the upload and has it read into the list; the stored file goes again if that fails. */
  const importFile = async (request: FastifyRequest, upload: Upload, action: ImportRequest['action']) => {
    const file = upload.file!;
    const stored = await store(file);
    // The worker reads the stored file: the request need not hold up to 20 MB while it waits.
    file.content = Buffer.alloc(0);
    try {
      return await importer.run({
        importId: upload.importId,
        userId: request.sessionUser!.id,
        action,
        file: { absolutePath: path.join(folder, path.basename(stored.path)), kind: file.kind, stored },
        change: changeContextForWorker(request),
      });
    } catch (err) {
      await remove(stored.path);
      throw err;
    }
  };

  app.post(
    `/${entry.path}`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'create')), audit: audited('create') },
      bodyLimit: LISTVIEW_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Add a list view from a workbook or CSV: its rows become searchable at once',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(true),
        response: { 201: one },
      },
    },
    async (request, reply) => {
      // A place in line before the upload is read: when every place is taken, the file is not even received.
      const place = importer.reserve();
      try {
        const upload = await readUpload(request);
        const fields: Record<string, string> = {};
        if (upload.name === undefined) fields.name = 'Name field required';
        if (!upload.file) fields.excel_file = 'File field required';
        if (Object.keys(fields).length) throw problems.validation(fields);
        const { record } = await importFile(request, upload, { kind: 'create', name: upload.name! });
        return reply.status(201).send(record);
      } finally {
        place.release();
      }
    },
  );

  app.patch<{ Params: { id: string } }>(
    `/${entry.path}/:id`,
    {
      // A rename is an `update`; a new file, an `import` (recorded by the worker).
      config: { permission: needsFlag(mapFlag('listview', 'edit')), audit: audited('update') },
      bodyLimit: LISTVIEW_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Rename a list view and/or replace its file: the old rows are served until the new ones are all in',
        consumes: ['multipart/form-data'],
        multipartBody: multipartBody(false),
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const { id } = request.params;
      const place = importer.reserve();
      try {
        const upload = await readUpload(request);
        if (upload.name === undefined && !upload.file) throw problems.validation({ name: 'Name field required' });
        await findListview(ctx.db, id);
        if (!upload.file) {
          return inWriteTransaction(ctx.db, changeContextOf(request), async (trx, changes) => {
            const { previous, record } = await updateListview(trx, id, { name: upload.name }, now());
            changes.record(RESOURCE, id, loggedListview(previous), loggedListview(record));
            return record;
          });
        }
        const { record, replacedFile } = await importFile(request, upload, { kind: 'update', id, name: upload.name });
        await remove(replacedFile);
        return record;
      } finally {
        place.release();
      }
    },
  );

  app.get<{ Params: { import_id: string } }>(
    `/${entry.path}/import/:import_id`,
    {
      // Whoever may see view lists, for their own imports only (the one flag a route takes; an
      // import is started under create or edit, and both need the lists' page).
      config: { permission: needsFlag(mapFlag('listview', 'show')) },
      schema: {
        tags,
        summary: 'How the file sent with this import_id is being read (your own imports only)',
        params: {
          type: 'object',
          required: ['import_id'],
          properties: { import_id: { type: 'string', maxLength: 64 } },
        },
        response: { 200: importSchema },
      },
    },
    async (request) => findImport(ctx.db, request.params.import_id, request.sessionUser!.id),
  );

  app.delete<{ Params: { id: string } }>(
    `/${entry.path}/:id`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'delete')), audit: audited('delete') },
      schema: {
        tags,
        summary: 'Delete a list view, its rows and its file; answers the deleted list view',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const deleted = await inWriteTransaction(ctx.db, changeContextOf(request), async (trx, changes) => {
        const record = await deleteListview(trx, request.params.id);
        changes.record(RESOURCE, request.params.id, loggedListview(record), null);
        return record;
      });
      await remove(deleted.excel_file as string);
      return deleted;
    },
  );

  app.get<{ Params: { id: string } }>(
    `/${entry.path}/:id/file`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'show')) },
      schema: {
        tags,
        summary: 'The file the list view was read from, as uploaded',
        params: idParams,
        produces: [XLSX_TYPE, 'text/csv'],
      },
    },
    async (request, reply) => {
      const list = await findListview(ctx.db, request.params.id);
      const content = await readFile(path.join(folder, path.basename(list.file_path))).catch(() => {
        throw problems.notFound('List view file');
      });
      const type = list.file_path.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
      return reply
        .type(type)
        .header('Content-Disposition', `attachment; filename="${list.file_name.replace(/[^\w.\- ]/g, '_')}"`)
        .send(content);
    },
  );

  app.get<{ Params: { id: string }; Querystring: ListQuery & { q?: string } }>(
    `/${entry.path}/:id/rows`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'show')) },
      schema: {
        tags,
        summary:
          'One page of a list view\'s rows (default the first 20), those containing q (any cell, any case); filter={"id":[...]} answers those rows',
        params: idParams,
        querystring: {
          ...listQuerySchema,
          properties: {
            ...listQuerySchema.properties,
            q: { type: 'string', maxLength: 200, description: 'Text a row must contain (the same as filter={"q":...})' },
          },
        },
        response: { 200: { type: 'array', items: rowSchema } },
      },
    },
    async (request, reply) => {
      const { q, ...list } = request.query;
      const params = parseListParams(list, ROW_FIELDS, { sort: { field: '_id', order: 'ASC' } });
      params.range ??= { start: 0, end: DEFAULT_PAGE - 1 };
      const search = q?.trim() || params.search;
      const only = params.equals._id === undefined ? undefined : rowNumbers(params.equals._id);
      const { rows, total } = await searchRows(
        ctx.db,
        request.params.id,
        { search, only, descending: params.sort.order === 'DESC' },
        params.range,
      );
      return answerList(reply, 'listview', params, { rows, total });
    },
  );
}

/** Rows are sorted and picked by their number (`_id`), searched by their text. */
const ROW_FIELDS = { type: 'object', properties: { _id: { type: 'string' } } } as unknown as EntitySchema;

function rowNumbers(value: unknown): number[] {
  const ids = (Array.isArray(value) ? value : [value]).map((v) => Number(v));
  if (!ids.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw problems.badRequest('Row ids are whole numbers from 1', { filter: 'For example {"id":["1","2"]}' });
  }
  return ids;
}
