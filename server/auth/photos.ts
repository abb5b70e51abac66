/**
 * User photos: PNG, GIF or JPEG, recognised by their first bytes (never by name or declared
 * type), at most PHOTO_MAX_BYTES, written only after both checks pass, and served back from
 * /uploads/... by the auth server.
 */
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Problem, problems } from '../http/errors.ts';

export { PHOTO_MAX_BYTES } from '@model/rules';
import { PHOTO_MAX_BYTES } from '@model/rules';
export const UPLOADS_ROUTE = '/uploads/';

const SIGNATURES: { ext: string; bytes: number[] }[] = [
  { ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8 (7a or 9a follows)
  { ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
];

export function imageExtension(content: Buffer): string | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => content[i] === b))?.ext;
}

/** Writes the photo and answers its path relative to the auth server ("uploads/users/….png"). */
export async function storePhoto(uploadsDir: string, userId: string, content: Buffer, ext: string): Promise<string> {
  const dir = path.join(uploadsDir, 'users');
  await mkdir(dir, { recursive: true });
  const name = `${userId}-${randomBytes(8).toString('hex')}.${ext}`;
  await writeFile(path.join(dir, name), content, { flag: 'wx' });
  return `uploads/users/${name}`;
}

/** Removes a replaced photo; a file already gone is no error. */
export async function removePhoto(uploadsDir: string, relativePath: string | null): Promise<void> {
  if (!relativePath?.startsWith('uploads/users/')) return;
  const file = path.join(uploadsDir, 'users', path.basename(relativePath));
  await unlink(file).catch(() => undefined);
}

/**
 * What reading an upload failed on, as the catalogue says it: the photo too large, too many
 * parts, or a body that is not multipart at all (no boundary, cut short, a malformed part).
 */
export function uploadProblem(err: unknown): Problem {
  if (err instanceof Problem) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return problems.photoTooLarge(PHOTO_MAX_BYTES);
  if (statusCode === 413) return problems.tooLarge();
  return problems.badUpload('photo');
}
