/**
 * Uploaded files on disk, one folder of UPLOADS_DIR per kind of record (users' photos,
 * permission files...). A file gets a new random name each time, written only if no file has
 * it: a replaced file's old name never serves the new content, and nothing is overwritten.
 * Paths are answered relative to UPLOADS_DIR ("permission-files/3fa9….pdf"), and read back
 * only by their base name inside their own folder, so a stored path cannot lead elsewhere.
 * Folders are 0700 and files 0600 (private-files.ts): only this process reads them.
 */
import { readFile, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensurePrivateFolder, writePrivateFile } from './private-files.ts';

/** Writes the file and answers its path relative to UPLOADS_DIR: `<folder>/<prefix><random>.<ext>`. */
export async function storeFile(uploadsDir: string, folder: string, content: Buffer, ext: string, prefix = ''): Promise<string> {
  const dir = path.join(uploadsDir, folder);
  await ensurePrivateFolder(dir);
  const name = `${prefix}${randomBytes(12).toString('hex')}.${ext}`;
  await writePrivateFile(path.join(dir, name), content);
  return `${folder}/${name}`;
}

/** Where a stored path lives, if it is one of `folder`'s. */
function inFolder(uploadsDir: string, folder: string, relativePath: string | null | undefined): string | undefined {
  if (!relativePath?.startsWith(`${folder}/`)) return undefined;
  return path.join(uploadsDir, folder, path.basename(relativePath));
}

/** Removes a replaced or deleted file; one already gone is no error. */
export async function removeStoredFile(uploadsDir: string, folder: string, relativePath: string | null | undefined): Promise<void> {
  const file = inFolder(uploadsDir, folder, relativePath);
  if (file) await unlink(file).catch(() => undefined);
}

/** The stored file's bytes, or undefined when it is not there. */
export async function readStoredFile(
  uploadsDir: string,
  folder: string,
  relativePath: string | null | undefined,
): Promise<Buffer | undefined> {
  const file = inFolder(uploadsDir, folder, relativePath);
  return file ? readFile(file).catch(() => undefined) : undefined;
}
