/**
 * Images served publicly under /uploads/<folder>/… (user photos by the auth server, program
 * images by the api server): PNG, GIF or JPEG told by their first bytes, re-encoded (so only
 * pixels are kept and served), stored under a random name nobody can guess, each server
 * serving its own folder only — never the whole uploads directory, which also holds files that
 * need a session (permission files, view list files).
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { problems } from '../http/errors.ts';
import { fileKindOf, IMAGE_KINDS } from './file-kinds.ts';
import { reencodeImage } from './image-reencode.ts';
import { ensurePrivateFolder } from './private-files.ts';
import { removeStoredFile, storeFile } from './stored-files.ts';
import { STORED_FILE_POLICY } from './stored-file-reply.ts';
import type { FileStore } from '../files/file-store.ts';

export const UPLOADS_ROUTE = '/uploads/';

export function imageExtension(content: Buffer): string | undefined {
  return fileKindOf(content, IMAGE_KINDS)?.ext;
}

/** The public images are photos: their form field is `photo`, their limit PHOTO_MAX_BYTES. */
const PHOTO_RULES = { field: 'photo', maxBytes: PHOTO_MAX_BYTES, tooLarge: () => problems.photoTooLarge(PHOTO_MAX_BYTES) };

/**
 * Re-encodes the image (400 naming `photo` when it does not decode), stores it in `<folder>`
 * and answers its path as served ("uploads/<folder>/<name>.<ext>").
 */
export async function storeImage(files: FileStore, folder: string, content: Buffer, ext: string, prefix = ''): Promise<string> {
  const kind = IMAGE_KINDS.find((k) => k.ext === ext);
  if (!kind) throw new Error(`${ext} is not a photo kind`);
  const image = await reencodeImage(content, kind, PHOTO_RULES);
  return `uploads/${await storeFile(files, folder, image, ext, prefix)}`;
}

/** Removes a stored image of that folder; a path elsewhere is left alone, a file already gone is no error. */
export async function removeImage(files: FileStore, folder: string, servedPath: string | null | undefined): Promise<void> {
  if (servedPath?.startsWith(UPLOADS_ROUTE.slice(1))) await removeStoredFile(files, folder, servedPath.slice(UPLOADS_ROUTE.length - 1));
}

/** GET /uploads/<folder>/… serves the files of that one folder of the uploads directory, nothing else. */
export async function serveUploads(app: FastifyInstance, uploadsDir: string, folder: string): Promise<void> {
  const root = path.join(uploadsDir, folder);
  await ensurePrivateFolder(root);
  await app.register(fastifyStatic, {
    root,
    prefix: `${UPLOADS_ROUTE}${folder}/`,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '1h',
    // Opened on its own, a file is a sandboxed document: no script, no same-origin access.
    setHeaders: (reply) => reply.header('Content-Security-Policy', STORED_FILE_POLICY),
  });
}
