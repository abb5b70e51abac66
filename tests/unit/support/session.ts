/** Helpers shared by the unit tests: a stored session as the console keeps it (spec 1 §3). */
import { STORAGE_KEY, type SessionUserRecord, type StoredSession } from '../../../src/session/session-store';

export function makeUser(permission: Record<string, boolean> = {}, overrides: Partial<SessionUserRecord> = {}): SessionUserRecord {
  return {
    _id: 'u1',
    employeeId: 'E-1',
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.test',
    mobile: '9876543210',
    designation: 'd1',
    role: { _id: 'r1', role: 'Admin', role_slug: 'admin', permission },
    status: true,
    ...overrides,
  } as SessionUserRecord;
}

export function storeSession(session: StoredSession) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
}

export function signIn(token = 'tok-1', permission: Record<string, boolean> = {}) {
  const user = makeUser(permission);
  storeSession({ user, token, isLoggedIn: true });
  return user;
}

export function stored(): StoredSession {
  return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
}
