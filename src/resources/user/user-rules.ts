/** Who sees what on the user screens (spec 1 §4). The server enforces the same rules. */
import type { SessionUserRecord } from '../../session/session-store';
import { runtimeConfig } from '../../config/runtime-config';

import { ADMIN_ROLE_SLUG } from '@model/rules';

type UserLike = { id?: unknown; _id?: unknown; role?: unknown };

/** The Admin role is known by its slug, which never changes; its display name is only a label. */
const isAdmin = (user: UserLike | undefined) =>
  !!user?.role && typeof user.role === 'object' && (user.role as { role_slug?: string }).role_slug === ADMIN_ROLE_SLUG;

/** 'Change Password' shows when I am an Admin, or when the edited user is me and not an Admin. */
export function mayChangePassword(me: SessionUserRecord | undefined, edited: UserLike): boolean {
  if (!me) return false;
  if (isAdmin(me)) return true;
  const editedId = String(edited._id ?? edited.id ?? '');
  return editedId === me._id && !isAdmin(edited);
}

/** Images are loaded from the auth server's base plus the photo path (spec 1 §7). */
export const photoUrl = (photo: unknown) =>
  typeof photo === 'string' && photo ? `${runtimeConfig().authUrl}/${photo.replace(/^\//, '')}` : undefined;

export const initialsOf = (user: { first_name?: unknown; last_name?: unknown }) =>
  [user.first_name, user.last_name].map((n) => (typeof n === 'string' ? n.charAt(0).toUpperCase() : '')).join('');
