/**
 * Images served publicly under /uploads/<folder>/… (user photos by the auth server, program
 * images by the api server): PNG, GIF or JPEG told by their first bytes, re-encoded (so only
 * pixels are kept and served), stored under a random name nobody can guess, each server
 * serving its own folder only — never the whole uploads directory, which also holds files that
 * need a session (permission files, view list files).
 */
import type { FastifyInstance } from 'fastify';
import { PHOTO_MAX_BYTES } from '@model/rules';
import { problems } from '../http/errors.ts';
import { fileKindOf, IMAGE_KINDS } from './file-kinds.ts';
import { reencodeImage } from './image-reencode.ts';
import { removeStoredFile, storeFile } from './stored-files.ts';
import { STORED_FILE_POLICY } from './stored-file-reply.ts';
import { checkedKey, FileKeyError, type FileStore } from '../files/file-store.ts';
import { isPublic } from '../http/permissions.ts';
import { buffer } from 'node:stream/consumers';

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

const servedName = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', maxLength: 200, description: 'The stored name, as in the photo address' } },
} as const;

/**
 * GET /uploads/<folder>/<name> streams one stored image of that folder from the file store,
 * nothing else: a name that is not a stored image's (a dotfile, a path that climbs, another kind)
 * is as missing.
 */
export function serveUploads(app: FastifyInstance, files: FileStore, folder: string): void {
  app.get<{ Params: { name: string } }>(
    `${UPLOADS_ROUTE}${folder}/:name`,
    {
      config: {
        permission: isPublic(
          'photos and program images are loaded by <img>, which sends no token; names are unguessable and only re-encoded images are stored',
        ),
        errors: { codes: { 404: ['NOT_FOUND'] }, notes: { 404: 'No image is stored under that name' } },
      },
      schema: {
        tags: ['Uploads'],
        summary: `A stored image of uploads/${folder}/ (PNG, GIF or JPEG)`,
        params: servedName,
        produces: IMAGE_KINDS.map((kind) => kind.contentType),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // Only re-encoded images are stored here, each under its kind's extension.
      const kind = IMAGE_KINDS.find((k) => name.endsWith(`.${k.ext}`));
      const stored = kind && (await storedImage(files, `${folder}/${name}`));
      if (!stored) throw problems.notFound('File');
      // Read whole (a photo is at most PHOTO_MAX_BYTES), so the answer has its length and HEAD reads nothing more.
      const content = await buffer(stored);
      return reply
        .type(kind.contentType)
        .header('Content-Security-Policy', STORED_FILE_POLICY)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=3600')
        .send(content);
    },
  );
}

async function storedImage(files: FileStore, key: string) {
  try {
    return await files.get(checkedKey(key));
  } catch (err) {
    if (err instanceof FileKeyError) return undefined;
    throw err;
  }
}
