/**
 * What every view-list route starts from: the route kit of the `listview` resource, its CRUD
 * flags, the importer its uploads are read by, and the lists' files, kept private under
 * UPLOADS_DIR/listviews.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { Action } from '@model/generated/index.ts';
import type { AppContext } from '../context.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { needsFlag } from '../http/permissions.ts';
import { routeKit } from '../http/route-kit.ts';
import { changeContextForWorker } from '../changes/change-context.ts';
import { readStoredFile, removeStoredFile, storeFile } from '../uploads/stored-files.ts';
import { ListImporter, type ImportRequest } from './list-importer.ts';
import { VIEW_LIST_FOLDER, type StoredFile } from './view-list-store.ts';
import type { Upload } from './view-list-upload.ts';

const FOLDER = VIEW_LIST_FOLDER;

export function viewListKit(ctx: AppContext) {
  const { files } = ctx;
  const importer = new ListImporter(ctx, ctx.config.viewListImport);
  const removeFile = (stored: string | undefined) => removeStoredFile(files, FOLDER, stored);
  const storeUpload = async (file: NonNullable<Upload['file']>): Promise<StoredFile> => ({
    path: await storeFile(files, FOLDER, file.content, file.kind),
    name: path.basename(file.filename || `list.${file.kind}`),
  });
  return {
    ...routeKit(ctx, 'listview'),
    db: ctx.db,
    importer,
    removeFile,
    readFile: (stored: string) => readStoredFile(files, FOLDER, stored),
    /** The flag of the generic action the route stands for. */
    flag: (action: Action) => needsFlag(mapFlag('listview', action)),
    /** Stores the upload and has it read into the list; the stored file goes again if that fails. */
    importFile: async (request: FastifyRequest, upload: Upload, action: ImportRequest['action']) => {
      const file = upload.file!;
      const stored = await storeUpload(file);
      // The worker reads the stored file: the request need not hold up to 20 MB while it waits.
      file.content = Buffer.alloc(0);
      try {
        return await importer.run({
          importId: upload.importId,
          userId: request.sessionUser!.id,
          action,
          file: { kind: file.kind, stored },
          change: changeContextForWorker(request),
        });
      } catch (err) {
        await removeFile(stored.path);
        throw err;
      }
    },
  };
}

export type ViewListKit = ReturnType<typeof viewListKit>;
