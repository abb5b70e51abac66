/**
 * User photos: PNG, GIF or JPEG, recognised by their first bytes (never by name or declared
 * type), at most PHOTO_MAX_BYTES, written only after both checks pass, and served back from
 * /uploads/... by the auth server.
 */
import { Problem, problems } from '../http/errors.ts';
import { removeImage, storeImage } from '../http/public-uploads.ts';

export { PHOTO_MAX_BYTES } from '@model/rules';
import { PHOTO_MAX_BYTES } from '@model/rules';
export { UPLOADS_ROUTE, imageExtension } from '../http/public-uploads.ts';

/** Writes the photo and answers its path relative to the auth server ("uploads/users/….png"). */
export async function storePhoto(uploadsDir: string, userId: string, content: Buffer, ext: string): Promise<string> {
  return storeImage(uploadsDir, 'users', content, ext, `${userId}-`);
}

/** Removes a replaced photo; a file already gone is no error. */
export async function removePhoto(uploadsDir: string, relativePath: string | null): Promise<void> {
  await removeImage(uploadsDir, 'users', relativePath);
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
