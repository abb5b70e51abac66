/**
 * View lists on the api server: list and show through the CRUD plugin; create, replace and
 * delete here (multipart: `name`, `excel_file`, optionally `import_id`), the original file back,
 * the progress of an import, and the rows search that choice fields with a `url` page through
 * (view-list-rows-route.ts).
 *
 * An upload is received (view-list-upload.ts) and stored here; reading it and writing its rows is
 * the importer's (list-importer.ts), in a worker thread, while the request waits for the outcome.
 *
 * Each write records the list's change (its fields, never its rows): `create` and `import` (a
 * new file for a list) in the import's own transaction in the worker, `update` (a rename) and
 * `delete` in the request's.
 */
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { AppContext } from '../context.ts';
import { crudPlugin } from '../crud/crud-plugin.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { audited } from '../changes/audit-declaration.ts';
import { VIEW_LIST_MAX_BYTES } from './limits.ts';
import { findImport, sweepImports } from './import-store.ts';
import { deleteViewList, findViewList, viewListStore, loggedViewList, updateViewList, VIEW_LIST_RESOURCE } from './view-list-store.ts';
import { readUpload } from './view-list-upload.ts';
import { importParams, importSchema, multipartBody, XLSX_TYPE } from './view-list-schemas.ts';
import { viewListKit, type ViewListKit } from './view-list-kit.ts';
import { rowsRoute } from './view-list-rows-route.ts';
import type { ErrorDeclaration } from '../http/error-declaration.ts';

/** What reading and importing an upload refuses with (the add and the change alike). */
const UPLOAD_ERRORS: ErrorDeclaration = {
  codes: { 400: ['INVALID_UPLOAD'], 409: ['IMPORT_ID_TAKEN'], 429: ['IMPORTS_BUSY'], 503: ['IMPORT_STOPPED'] },
  notes: {
    400: 'Also a file that is not a workbook or CSV, an empty sheet, too many rows (empty ones count) or columns, a cell too long, a workbook that unpacks too far or whose zip is inconsistent, one that takes longer than VIEW_LIST_IMPORT_TIMEOUT_SECONDS or more memory than VIEW_LIST_IMPORT_HEAP_MB to read (VALIDATION_FAILED naming excel_file)',
    409: 'IMPORT_ID_TAKEN: the import_id was sent with another upload already',
    429: 'IMPORTS_BUSY: this server is reading 2 list files and 4 more wait; the file was not received',
    503: 'IMPORT_STOPPED: the server stopped while reading the file; nothing was saved',
  },
};

export async function viewListRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: VIEW_LIST_MAX_BYTES,
        files: 1,
        fields: 5,
        fieldSize: 4096,
      },
    });
    await scope.register(crudPlugin, {
      resource: VIEW_LIST_RESOURCE,
      only: ['list', 'show'],
      store: viewListStore,
    });
    routes(scope, ctx);
  });
}

function routes(app: FastifyInstance, ctx: AppContext): void {
  const kit = viewListKit(ctx);
  // Before the server stops answering: running imports end (nothing of theirs is saved).
  app.addHook('preClose', async () => kit.importer.stop());
  // The spare import worker boots once the server is ready, not on the way to its first request.
  app.addHook('onReady', async () => kit.importer.warm());
  // The files of imports whose process died mid-way (a crash, a kill -9) are removed by any process.
  ctx.jobs.every({
    name: 'view-list-import-sweep',
    everySeconds: 60,
    run: async () => {
      for (const file of await sweepImports(ctx.db, kit.now())) await kit.removeFile(file);
    },
  });
  createRoute(app, kit);
  changeRoute(app, kit);
  importRoute(app, kit);
  deleteRoute(app, kit);
  fileRoute(app, kit);
  rowsRoute(app, kit);
}

function createRoute(app: FastifyInstance, { base, tags, one, importer, importFile, flag }: ViewListKit): void {
  app.post(
    base,
    {
      config: { permission: flag('create'), audit: audited('create'), errors: UPLOAD_ERRORS },
      bodyLimit: VIEW_LIST_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Add a view list from a workbook or CSV: its rows become searchable at once',
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
}

function changeRoute(app: FastifyInstance, { base, tags, one, db, now, write, importer, importFile, removeFile, flag }: ViewListKit): void {
  app.patch<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      // A rename is an `update`; a new file, an `import` (recorded by the worker).
      config: { permission: flag('edit'), audit: audited('update'), errors: UPLOAD_ERRORS },
      bodyLimit: VIEW_LIST_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: 'Rename a view list and/or replace its file: the old rows are served until the new ones are all in',
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
        await findViewList(db, id);
        if (!upload.file) {
          return write(request, async (trx, changes) => {
            const { previous, record } = await updateViewList(trx, id, { name: upload.name }, now());
            changes.record(VIEW_LIST_RESOURCE, id, loggedViewList(previous), loggedViewList(record));
            return record;
          });
        }
        const { record, replacedFile } = await importFile(request, upload, { kind: 'update', id, name: upload.name });
        await removeFile(replacedFile);
        return record;
      } finally {
        place.release();
      }
    },
  );
}

function importRoute(app: FastifyInstance, { base, tags, db, flag }: ViewListKit): void {
  app.get<{ Params: { import_id: string } }>(
    `${base}/import/:import_id`,
    {
      // Whoever may see view lists, for their own imports only (the one flag a route takes; an
      // import is started under create or edit, and both need the lists' page).
      config: {
        permission: flag('show'),
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No import with this id, or one another user started' } },
      },
      schema: {
        tags,
        summary: 'How the file sent with this import_id is being read (your own imports only)',
        params: importParams,
        response: { 200: importSchema },
      },
    },
    async (request) => findImport(db, request.params.import_id, request.sessionUser!.id),
  );
}

function deleteRoute(app: FastifyInstance, { base, tags, one, write, removeFile, flag }: ViewListKit): void {
  app.delete<{ Params: { id: string } }>(
    `${base}/:id`,
    {
      config: { permission: flag('delete'), audit: audited('delete') },
      schema: {
        tags,
        summary: 'Delete a view list, its rows and its file; answers the deleted view list',
        params: idParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const deleted = await write(request, async (trx, changes) => {
        const record = await deleteViewList(trx, request.params.id);
        changes.record(VIEW_LIST_RESOURCE, request.params.id, loggedViewList(record), null);
        return record;
      });
      await removeFile(deleted.excel_file as string);
      return deleted;
    },
  );
}

function fileRoute(app: FastifyInstance, { base, tags, db, readFile, flag }: ViewListKit): void {
  app.get<{ Params: { id: string } }>(
    `${base}/:id/file`,
    {
      config: { permission: flag('show') },
      schema: {
        tags,
        summary: 'The file the view list was read from, as uploaded',
        params: idParams,
        produces: [XLSX_TYPE, 'text/csv'],
      },
    },
    async (request, reply) => {
      const list = await findViewList(db, request.params.id);
      const content = await readFile(list.file_path);
      if (!content) throw problems.notFound('View list file');
      const type = list.file_path.endsWith('.xlsx') ? XLSX_TYPE : 'text/csv';
      return reply
        .type(type)
        .header('Content-Disposition', `attachment; filename="${list.file_name.replace(/[^\w.\- ]/g, '_')}"`)
        .send(content);
    },
  );
}
