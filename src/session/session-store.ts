/**
 * The signed-in state in localStorage, under one root key (spec 1 §3): token, current user
 * and the logged-in flag.
 */
import type { Permission, User } from '@model/generated';

export const STORAGE_KEY = 'fieldbase';

/** A role's flags; also read by name, as the permission schema lists them. */
export type RoleFlags = Permission & Record<string, boolean | undefined>;

/** The signed-in user's role as the server answers it (the object form of the user's `role`). */
export type StoredRole = Omit<Extract<User['role'], object>, 'permission'> & { permission?: RoleFlags };

export type SessionUserRecord = Omit<User, 'role'> & { _id: string; role: StoredRole };

export interface StoredSession {
  token?: string;
  user?: SessionUserRecord;
  isLoggedIn?: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();

export function readSession(): StoredSession {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') ?? {};
  } catch {
    return {};
  }
}

function write(session: StoredSession) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  listeners.forEach((l) => l());
}

export function storeSignIn(user: SessionUserRecord, token: string) {
  write({ user, token, isLoggedIn: true });
}

export function storeUser(user: SessionUserRecord) {
  write({ ...readSession(), user });
}

export function clearSession() {
  write({ isLoggedIn: false });
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const currentPermissions = (): RoleFlags => readSession().user?.role?.permission ?? {};
