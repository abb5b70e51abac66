/**
 * The session check at start (spec 1 §4): with a stored token and flag, verify it. 200 keeps
 * the session (with the user as the server now sees them); 401 carrying user and token is a
 * refresh; anything else signs out. With no token, everything stored is cleared.
 */
import { clearSession, readSession, storeSignIn, type SessionUserRecord } from './session-store';

export type SessionCheckResult = 'signed-in' | 'refreshed' | 'signed-out';

export async function checkSessionAtStart(authUrl: string, fetchImpl: typeof fetch = fetch): Promise<SessionCheckResult> {
  const { token, isLoggedIn } = readSession();
  if (!token || !isLoggedIn) {
    clearSession();
    return 'signed-out';
  }
  try {
    const response = await fetchImpl(`${authUrl}/user/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json().catch(() => undefined)) as { user?: SessionUserRecord; token?: string } | undefined;
    if (body?.user && body.token && (response.status === 200 || response.status === 401)) {
      storeSignIn(body.user, body.token);
      return response.status === 200 ? 'signed-in' : 'refreshed';
    }
  } catch {
    // Server unreachable: fall through and sign out, as any other failure.
  }
  clearSession();
  return 'signed-out';
}

/** Spec 1 §4: notification permission is asked for at app start (only if never answered). */
export function requestNotificationPermission() {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    Notification.requestPermission().catch(() => undefined);
  }
}
