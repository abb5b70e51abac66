/**
 * User photos: PNG, GIF or JPEG, recognised by their first bytes (never by name or declared
 * type), at most PHOTO_MAX_BYTES, written only after both checks pass, and served back from
 * /uploads/users/... by the auth server.
 */
import type { Problem } from '../http/errors.ts';
import { problems } from '../http/errors.ts';
import { multipartProblem } from '../uploads/multipart-form.ts';
import { removeImage, storeImage } from '../uploads/public-uploads.ts';
import type { FileStore } from '../files/file-store.ts';

export { PHOTO_MAX_BYTES } from '@model/rules';
import { PHOTO_MAX_BYTES } from '@model/rules';
export { UPLOADS_ROUTE, imageExtension } from '../uploads/public-uploads.ts';
/** The folder of UPLOADS_DIR holding photos: the only one the auth server serves. */
export const PHOTOS_FOLDER = 'users';

/** Writes the photo and answers its path relative to the auth server ("uploads/users/….png"). */
export async function storePhoto(files: FileStore, userId: string, content: Buffer, ext: string): Promise<string> {
  return storeImage(files, PHOTOS_FOLDER, content, ext, `${userId}-`);
}

/** Removes a replaced photo; a file already gone is no error. */
export async function removePhoto(files: FileStore, relativePath: string | null): Promise<void> {
  await removeImage(files, PHOTOS_FOLDER, relativePath);
}

/**
 * What reading an upload failed on, as the catalogue says it: the photo too large, too many
 * parts, or a body that is not multipart at all (no boundary, cut short, a malformed part).
 */
export function uploadProblem(err: unknown): Problem {
  return multipartProblem(err, 'photo', () => problems.photoTooLarge(PHOTO_MAX_BYTES));
}
