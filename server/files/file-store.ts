/**
 * Where uploaded and produced files live (photos, document attachments, view-list files,
 * permission files, export CSVs): a folder on this machine's disk, or an S3-compatible object
 * store that every instance shares (S3_URL). Content checks (the kind by its first bytes, the
 * size) happen before `put`; downloads are streamed through the servers under their permission
 * checks, never handed out as the store's own addresses.
 *
 * A key is `<folder>/<name>`: a lower-case folder, a name of letters, digits, dots, dashes and
 * underscores. Anything else is refused, so a stored key can never lead outside its store.
 */
import type { Readable } from 'node:stream';

export interface FileStore {
  /**
   * Stores the bytes under `key`. Callers give new random names, so nothing is written over; the
   * disk store also refuses a key that holds a file (an S3 store would replace it).
   */
  put(key: string, content: Buffer | Readable): Promise<void>;
  /** The stored bytes, streamed; undefined when nothing is stored under `key`. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; one already gone is no error. */
  delete(key: string): Promise<void>;
  /**
   * The keys in `folder` last written before `before`, for the sweeps that remove expired files;
   * only names the store takes (no dotfile, nothing nested).
   */
  keysOlderThan(folder: string, before: Date): Promise<string[]>;
  /** Where the files are, for the start-up line and the Support page. */
  readonly label: string;
}

const KEY = /^[a-z][a-z0-9-]*\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const FOLDER = /^[a-z][a-z0-9-]*$/;

export class FileKeyError extends Error {}

/** Whether `key` is `<folder>/<name>` as the store takes it. */
export const isStoreKey = (key: string) => KEY.test(key) && !key.includes('..');

/** Throws unless `key` is `<folder>/<name>` as the store takes it. */
export function checkedKey(key: string): string {
  if (!isStoreKey(key)) throw new FileKeyError(`Not a file key: ${JSON.stringify(key)}`);
  return key;
}

export function checkedFolder(folder: string): string {
  if (!FOLDER.test(folder)) throw new FileKeyError(`Not a folder: ${JSON.stringify(folder)}`);
  return folder;
}
