/** The stored session as React state, re-rendering when sign-in, refresh or logout changes it. */
import { useSyncExternalStore } from 'react';
import { STORAGE_KEY, readSession, subscribeSession, type StoredSession } from './session-store';

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
