/**
 * Images served publicly under /uploads/… (user photos by the auth server, program images by
 * the api server): PNG, GIF or JPEG recognised by their first bytes (never by name or declared
 * type), stored under a random name nobody can guess, and served from their own folder only.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export const UPLOADS_ROUTE = '/uploads/';

const SIGNATURES: { ext: string; bytes: number[] }[] = [
  { ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8 (7a or 9a follows)
  { ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
];

export function imageExtension(content: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b))?.ext;
}

/** Writes the image into `uploadsDir/<folder>` and answers its path as served ("uploads/<folder>/<name>.<ext>"). */
export async function storeImage(uploadsDir: string, folder: string, content: Buffer, ext: string, prefix = ''): Promise<string> {
  const dir = path.join(uploadsDir, folder);
  await mkdir(dir, { recursive: true });
  const name = `${prefix}${randomBytes(12).toString('hex')}.${ext}`;
  await writeFile(path.join(dir, name), content, { flag: 'wx' });
  return `uploads/${folder}/${name}`;
}

/** Removes a stored image of that folder; a path elsewhere is left alone, a file already gone is no error. */
export async function removeImage(uploadsDir: string, folder: string, relativePath: string | null | undefined): Promise<void> {
  if (!relativePath?.startsWith(`uploads/${folder}/`)) return;
  await unlink(path.join(uploadsDir, folder, path.basename(relativePath))).catch(() => undefined);
}

/** GET /uploads/<folder>/… serves the files of `root` (a folder under the uploads directory), nothing else. */
export async function serveUploads(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    maxAge: '1h',
  });
}
