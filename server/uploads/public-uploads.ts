/**
 * Images served publicly under /uploads/<folder>/… (user photos by the auth server, program
 * images by the api server): PNG, GIF or JPEG told by their first bytes, stored under a random
 * name nobody can guess, each server serving its own folder only — never the whole uploads
 * directory, which also holds files that need a session (permission files, list view files).
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileKindOf, IMAGE_KINDS } from './file-kinds.ts';
import { removeStoredFile, storeFile } from './stored-files.ts';

export const UPLOADS_ROUTE = '/uploads/';

export function imageExtension(content: Buffer): string | undefined {
  return fileKindOf(content, IMAGE_KINDS)?.ext;
}

/** Writes the image into `uploadsDir/<folder>` and answers its path as served ("uploads/<folder>/<name>.<ext>"). */
export async function storeImage(uploadsDir: string, folder: string, content: Buffer, ext: string, prefix = ''): Promise<string> {
  return `uploads/${await storeFile(uploadsDir, folder, content, ext, prefix)}`;
}

/** Removes a stored image of that folder; a path elsewhere is left alone, a file already gone is no error. */
export async function removeImage(uploadsDir: string, folder: string, servedPath: string | null | undefined): Promise<void> {
  if (servedPath?.startsWith(UPLOADS_ROUTE.slice(1)))
    await removeStoredFile(uploadsDir, folder, servedPath.slice(UPLOADS_ROUTE.length - 1));
}

/** GET /uploads/<folder>/… serves the files of that one folder of the uploads directory, nothing else. */
export async function serveUploads(app: FastifyInstance, uploadsDir: string, folder: string): Promise<void> {
  const root = path.join(uploadsDir, folder);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_ROUTE}${folder}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '1h',
  });
}
