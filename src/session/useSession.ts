/** The stored session as React state, re-rendering when sign-in, refresh or logout changes it. */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEY, readSession, subscribeSession, type StoredSession } from './session-store';
import { canDo } from '../providers/access';

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

/** Whether the signed-in user's role allows an action on a resource (the server checks again). */
export function useCan(resource: string, action: 'list' | 'show' | 'create' | 'edit' | 'delete'): boolean {
  const session = useSession();
  return canDo(session.user?.role?.permission ?? {}, resource, action);
}
