/**
 * Bearer token → live session → user with the current flags of their role (read on every
 * request), who may still use the client that opened the session: the console needs
 * can_access_dashboard, the mobile app can_access_mobile. Whether that client may call the
 * route at all is the permission guard's to say (permissions.ts: CONSOLE_ONLY).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { problems } from './errors.ts';
import { bearerToken, ENTRY_FLAG, sessionUser, type JoinedRead, type LiveSessionUser } from './session.ts';

/** `joined`: a route's read made in the session lookup's statement (session.ts), its row on the answer. */
export function createAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest, joined?: { read: JoinedRead; params: unknown[] }): Promise<LiveSessionUser> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw problems.unauthenticated();
    const now = ctx.config.clock.now();
    const check = await ctx.tokens.check(token, now);
    if (!check.ok) throw problems.sessionEnded();
    const user = await sessionUser(ctx.db, check.claims.sid, now, joined);
    if (!user || user.id !== check.claims.sub) throw problems.sessionEnded();
    // A role that no longer grants its client (or is inactive, so grants nothing) stops its
    // users' calls at once, not when their token expires.
    if (user.permission[ENTRY_FLAG[user.client]] !== true)
      throw user.client === 'mobile' ? problems.noMobileAccess() : problems.noDashboard();
    return user;
  };
}
