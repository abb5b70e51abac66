/** The stored session as React state, re-rendering when sign-in, refresh or logout changes it. */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEY, readSession, subscribeSession, type StoredSession } from './session-store';
import { roleMayAccess } from '../providers/auth-provider';

let cachedRaw: string | null | undefined;
let cached: StoredSession = {};

function snapshot(): StoredSession {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = readSession();
  }
  return cached;
}

export const useSession = (): StoredSession => useSyncExternalStore(subscribeSession, snapshot);

/**
 * The auth provider's canAccess answer, without waiting for it: the rule reads the stored
 * session, so it is known at the first render. Screens should ask react-admin's useCanAccess.
 */
export function useCan(resource: string, action: 'list' | 'show' | 'create' | 'edit' | 'delete'): boolean {
  const session = useSession();
  return roleMayAccess(session.user?.role?.permission ?? {}, resource, action);
}
