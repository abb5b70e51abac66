/**
 * Uploaded files in the file store (server/files/file-store.ts), one folder per kind of record
 * (users' photos, permission files...). A file gets a new random name each time: a replaced
 * file's old name never serves the new content, and nothing is overwritten. Paths are answered
 * as the store's keys ("permission-files/3fa9….pdf"), and read back only by their base name
 * inside their own folder, so a stored path cannot lead elsewhere.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { FileKeyError, type FileStore } from '../files/file-store.ts';

/** Stores the file and answers its key: `<folder>/<prefix><random>.<ext>`. */
export async function storeFile(files: FileStore, folder: string, content: Buffer, ext: string, prefix = ''): Promise<string> {
  const key = `${folder}/${prefix}${randomBytes(12).toString('hex')}.${ext}`;
  await files.put(key, content);
  return key;
}

/** The key of a stored path, if it is one of `folder`'s. */
function inFolder(folder: string, relativePath: string | null | undefined): string | undefined {
  if (!relativePath?.startsWith(`${folder}/`)) return undefined;
  return `${folder}/${path.posix.basename(relativePath)}`;
}

/** Whatever a stored path names that the store would refuse is, like a missing file, nothing. */
const orNothing = (err: unknown) => {
  if (err instanceof FileKeyError) return undefined;
  throw err;
};

/** Removes a replaced or deleted file; one already gone is no error. */
export async function removeStoredFile(files: FileStore, folder: string, relativePath: string | null | undefined): Promise<void> {
  const key = inFolder(folder, relativePath);
  if (key) await files.delete(key).catch(() => undefined);
}

/** The stored file's bytes, or undefined when it is not there. */
export async function readStoredFile(
  files: FileStore,
  folder: string,
  relativePath: string | null | undefined,
): Promise<Buffer | undefined> {
  const key = inFolder(folder, relativePath);
  if (!key) return undefined;
  const stream = await files.get(key).catch(orNothing);
  return stream ? buffer(stream) : undefined;
}
