/**
 * View lists on the api server: list and show through the CRUD plugin; create, replace and
 * delete here (multipart: `name`, `excel_file`), the original file back, and the rows search
 * that choice fields with a `url` page through.
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
import { readRows } from './read-rows.ts';
import { ensurePrivateFolder, writePrivateFile } from '../uploads/private-files.ts';
import { LISTVIEW_MAX_BYTES } from './limits.ts';

const DEFAULT_PAGE = 20;
import {
  createListview,
  deleteListview,
  findListview,
  listviewStore,
  refreshRowStatistics,
  searchRows,
  updateListview,
  type StoredFile,
} from './listview-store.ts';

const FOLDER = 'listviews';
const NAME_MAX = 120;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Upload {
  name?: string;
  file?: { content: Buffer; filename: string; kind: FileKind };
}

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
  },
});

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

  app.post(
    `/${entry.path}`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'create')) },
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
      const upload = await readUpload(request);
      const fields: Record<string, string> = {};
      if (upload.name === undefined) fields.name = 'Name field required';
      if (!upload.file) fields.excel_file = 'File field required';
      if (Object.keys(fields).length) throw problems.validation(fields);
      const file = upload.file!;
      const stored = await store(file);
      try {
        const created = await ctx.db
          .transaction()
          .execute((trx) => createListview(trx, upload.name!, stored, readRows(file.content, file.kind), now()));
        await refreshRowStatistics(ctx.db);
        return reply.status(201).send(created);
      } catch (err) {
        await remove(stored.path);
        throw err;
      }
    },
  );

  app.patch<{ Params: { id: string } }>(
    `/${entry.path}/:id`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'edit')) },
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
      const upload = await readUpload(request);
      if (upload.name === undefined && !upload.file) throw problems.validation({ name: 'Name field required' });
      await findListview(ctx.db, id);
      const file = upload.file;
      const stored = file ? await store(file) : undefined;
      try {
        const { record, replacedFile } = await ctx.db.transaction().execute((trx) =>
          updateListview(
            trx,
            id,
            {
              name: upload.name,
              file: stored,
              rows: file ? readRows(file.content, file.kind) : undefined,
            },
            now(),
          ),
        );
        await remove(replacedFile);
        if (file) await refreshRowStatistics(ctx.db);
        return record;
      } catch (err) {
        await remove(stored?.path);
        throw err;
      }
    },
  );

  app.delete<{ Params: { id: string } }>(
    `/${entry.path}/:id`,
    {
      config: { permission: needsFlag(mapFlag('listview', 'delete')) },
      schema: {
        tags,
        summary: 'Delete a list view, its rows and its file; answers the deleted list view',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const deleted = await ctx.db.transaction().execute((trx) => deleteListview(trx, request.params.id));
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
