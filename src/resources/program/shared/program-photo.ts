/** A program's image: the api server's address plus the stored relative path (spec 2 §7). */
import { serverUrl } from '../../../config/runtime-config';

export const programPhotoUrl = (photo: unknown): string | undefined =>
  typeof photo === 'string' && photo ? `${serverUrl('api')}/${photo.replace(/^\/+/, '')}` : undefined;

/** Up to two initials from the program's name ("Clean Water Access" → "CW"), for a program with no image. */
export function programInitials(name: unknown): string {
  const words = typeof name === 'string' ? name.trim().split(/\s+/).filter(Boolean) : [];
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}
