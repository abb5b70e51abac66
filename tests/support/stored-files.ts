/**
 * What a test server's file store holds, whichever store it is (this disk, or the in-process
 * S3 server under TEST_FILE_STORE=s3): tests check stored files through these, never the disk.
 */
import { buffer } from 'node:stream/consumers';
import type { TestServer } from './test-server.ts';

/** Later than any file's time: every key of the folder. */
const EVERYTHING = new Date(8.64e15);

/** The keys in `folder` ("users/3fa9….png"), sorted. */
export function storedKeys(t: TestServer, folder: string): Promise<string[]> {
  return t.ctx.files.keysOlderThan(folder, EVERYTHING);
}

/** The folders uploads are stored under: photos, program images, document attachments, permission files, view-list files. */
export const UPLOAD_FOLDERS = ['documents', 'listviews', 'permission-files', 'programs', 'users'];

/** The keys in all of `folders`, sorted: what the old uploads folder held, whichever store it is. */
export async function storedKeysIn(t: TestServer, folders: readonly string[] = UPLOAD_FOLDERS): Promise<string[]> {
  return (await Promise.all(folders.map((folder) => storedKeys(t, folder)))).flat().sort();
}

/** The bytes stored under `key`, or undefined. */
export async function storedBytes(t: TestServer, key: string): Promise<Buffer | undefined> {
  const stream = await t.ctx.files.get(key);
  return stream ? buffer(stream) : undefined;
}

export async function isStored(t: TestServer, key: string): Promise<boolean> {
  const stream = await t.ctx.files.get(key);
  stream?.destroy();
  return stream !== undefined;
}
