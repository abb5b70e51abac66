/**
 * POST /user/verify (spec 1 §4, §7): what the auth server says of a token. 200 carries the user
 * as the server sees them now (their role's flags included) and the same token; 401 carrying
 * user and token is a refresh (the token had expired inside its refresh window); any other
 * answer means the session is over.
 */
import type { SessionAnswer, VerifyRequest } from '@model/generated';
import type { SessionUserRecord } from './session-store';

/** What /user/verify answers with user and token; the user's role is the object form. */
export type SignedIn = Omit<SessionAnswer, 'user'> & { user: SessionUserRecord };

export type VerifyResult =
  | { outcome: 'valid' | 'refreshed'; answer: SignedIn }
  /** The server answered: this session is over (expired past its window, revoked, role shut out). */
  | { outcome: 'ended' }
  /** No usable answer: the server could not be reached or failed. */
  | { outcome: 'unreachable' };

export async function verifyToken(authUrl: string, token: string, fetchImpl: typeof fetch = fetch): Promise<VerifyResult> {
  let response: Response;
  try {
    const body: VerifyRequest = { token };
    response = await fetchImpl(`${authUrl}/user/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    return { outcome: 'unreachable' };
  }
  let answer: Partial<SignedIn> | undefined;
  try {
    answer = (await response.json()) as Partial<SignedIn>;
  } catch {
    // 200 and 401 say what they mean in their body: one cut off (the page being left as it
    // arrived) or not JSON is no word on the session. Any other status says it by itself.
    if (response.status === 200 || response.status === 401) return { outcome: 'unreachable' };
  }
  if ((response.status === 200 || response.status === 401) && answer?.user && answer.token) {
    return { outcome: response.status === 200 ? 'valid' : 'refreshed', answer: answer as SignedIn };
  }
  return response.status >= 500 ? { outcome: 'unreachable' } : { outcome: 'ended' };
}
