/**
 * Who is signed in, as the header shows them: name, photo, e-mail, role. Read from the stored
 * session, so the header follows a change to one's own profile or photo at once (the stored
 * user is replaced after such a change) instead of keeping react-admin's cached identity.
 */
import { runtimeConfig } from '../config/runtime-config';
import type { SessionUserRecord } from './session-store';
import { useSession } from './useSession';

export interface Identity {
  id: string;
  fullName: string;
  avatar?: string;
  email: string;
  roleName?: string;
  roleSlug?: string;
}

export function identityOf(user: SessionUserRecord): Identity {
  return {
    id: user._id,
    fullName: `${user.first_name} ${user.last_name}`.trim(),
    avatar: user.photo ? `${runtimeConfig().authUrl}/${user.photo.replace(/^\//, '')}` : undefined,
    email: user.email,
    roleName: user.role?.role,
    roleSlug: user.role?.role_slug,
  };
}

export function useIdentity(): Identity | undefined {
  const { user } = useSession();
  return user ? identityOf(user) : undefined;
}
