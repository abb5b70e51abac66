/**
 * Keeping the session alive (spec 1 §4). An access token lives minutes; POST /user/verify
 * exchanges an expired one for a fresh one while its session's refresh window lasts.
 *
 * `refreshAuth` is what react-admin's addRefreshAuthToDataProvider / addRefreshAuthToAuthProvider
 * run before each call: a token whose `exp` has passed is renewed first, so the call does not
 * have to fail. The server is the judge all the same: a call answered 401 asks
 * `renewAfterRejection`, which renews once and says whether to replay. Concurrent callers share
 * one verify. A session the server calls over is left to the auth provider's checkError, which
 * signs out.
 */
import { HttpError } from 'react-admin';
import { runtimeConfig } from '../config/runtime-config';
import { readSession, storeSignIn } from './session-store';
import { verifyToken, type VerifyResult } from './verify-token';
import { translate } from '../providers/i18n-provider';

/** What a person reads when their session is over, in the language in use. */
export const sessionEndedMessage = () => translate('app.people.session.ended');

let inFlight: Promise<VerifyResult['outcome']> | undefined;
/**
 * A token the server called valid although this browser's clock says it expired (the clocks
 * differ): not verified again before each call; its real end shows as a 401.
 */
let confirmedToken: string | undefined;

/** POST /user/verify with the stored token, once for all concurrent callers, keeping what it answers. */
export function renewSession(): Promise<VerifyResult['outcome']> {
  inFlight ??= (async () => {
    const token = readSession().token;
    if (!token) return 'ended' as const;
    const result = await verifyToken(runtimeConfig().authUrl, token);
    // Stored only if nobody signed out or in meanwhile.
    if ((result.outcome === 'valid' || result.outcome === 'refreshed') && readSession().token === token) {
      storeSignIn(result.answer.user, result.answer.token);
      if (result.outcome === 'valid') confirmedToken = token;
    }
    return result.outcome;
  })().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/** Seconds since 1970 at which a JWT expires, if it says. */
export function tokenExpiry(token: string): number | undefined {
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(payload)) as { exp?: unknown };
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

const expired = (token: string, nowMs: number) => {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp <= nowMs / 1000;
};

/** Before a call: renews an expired token; a session the server calls over fails the call as a 401. */
export async function refreshAuth(): Promise<void> {
  const token = readSession().token;
  if (!token || token === confirmedToken || !expired(token, Date.now())) return;
  if ((await renewSession()) === 'ended') {
    const message = sessionEndedMessage();
    throw new HttpError(message, 401, { message, code: 'SESSION_ENDED' });
  }
}

/**
 * A call sent with `sentToken` was answered 401: renew (unless a newer token is already stored)
 * and say whether there is a newer token to replay the call with.
 */
export async function renewAfterRejection(sentToken: string | undefined): Promise<boolean> {
  if (!sentToken) return false;
  if (readSession().token === sentToken) {
    if (confirmedToken === sentToken) confirmedToken = undefined;
    await renewSession();
  }
  const now = readSession().token;
  return Boolean(now) && now !== sentToken;
}
