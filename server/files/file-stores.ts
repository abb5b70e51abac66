/**
 * The file stores a start uses, from its settings: with S3_URL, the one object store every
 * instance shares (uploads under their folders, exports under `exports/`); without it, folders on
 * this machine's disk, laid out as they always were (UPLOADS_DIR for uploads, DATA_DIR/exports).
 */
import type { Config } from '../config.ts';
import { diskFileStore } from './disk-file-store.ts';
import type { FileStore } from './file-store.ts';
import { s3FileStore } from './s3-file-store.ts';
import { parseS3Url } from './s3-url.ts';

/** The folder of the export files: a key is `exports/<export id>.csv`. */
export const EXPORTS_FOLDER = 'exports';

export type FileStoreSettings = Pick<Config, 's3Url' | 'uploadsDir' | 'dataDir'>;

export interface FileStores {
  /** Photos, document attachments, view-list files, permission files. */
  files: FileStore;
  /** The export CSVs. */
  exportFiles: FileStore;
}

export function fileStoresFor(settings: FileStoreSettings): FileStores {
  if (settings.s3Url) {
    const shared = s3FileStore(parseS3Url(settings.s3Url));
    return { files: shared, exportFiles: shared };
  }
  return { files: diskFileStore(settings.uploadsDir), exportFiles: diskFileStore(settings.dataDir) };
}

/** Where the files are, for the start-up line and the Support page: one store, or the disk's two folders. */
export function fileStoresWhere(stores: FileStores): string {
  if (stores.files === stores.exportFiles) return stores.files.label;
  return `${stores.files.label} (uploads); ${stores.exportFiles.label}/${EXPORTS_FOLDER} (exports)`;
}
