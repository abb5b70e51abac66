/**
 * Files only this process reads (uploads, view list files, exports, the mail outbox) live in
 * folders of mode 0700 and are written with mode 0600, whatever the umask: no other local
 * account can list or read them. mkdir's mode is masked by the umask and never applied to a
 * folder that already exists, so the folder is also chmod-ed; a file is created new (never
 * over another) and fchmod-ed before its bytes are written.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parents) readable by this user only, and makes an existing one so. */
export async function ensurePrivateFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
}

/** Writes a new file (an existing one of that name is an EEXIST error) readable by this user only. */
export async function writePrivateFile(file: string, content: Buffer | string): Promise<void> {
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(content);
  } finally {
    await handle.close();
  }
}

/** ensurePrivateFolder for synchronous writers (the demo data loader). */
export function ensurePrivateFolderSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  chmodSync(dir, PRIVATE_FOLDER_MODE);
}

/**
 * Writes the file readable by this user only, for synchronous writers (the demo data loader,
 * whose names are its own: a file left by an interrupted load is written over).
 */
export function writePrivateFileSync(file: string, content: Buffer): void {
  const fd = openSync(file, 'w', PRIVATE_FILE_MODE);
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE);
    for (let written = 0; written < content.length;) written += writeSync(fd, content, written);
  } finally {
    closeSync(fd);
  }
}
