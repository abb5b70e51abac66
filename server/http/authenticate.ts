/**
 * Bearer token → live session → user with the current flags of their role (read on every
 * request), and which client opened the session. Whether that client may use the route (the
 * dashboard or the mobile app flag) is the permission guard's to say (permissions.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { bearerToken } from '../auth/tokens.ts';
import { sessionUser } from '../auth/sessions.ts';
import { problems } from './errors.ts';
import type { SessionUser } from '../auth/session-user.ts';

export function createAuthenticator(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<SessionUser> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw problems.unauthenticated();
    const now = ctx.config.clock.now();
    const check = await ctx.tokens.check(token, now);
    if (!check.ok) throw problems.sessionEnded();
    const user = await sessionUser(ctx.db, check.claims.sid, now);
    if (!user || user.id !== check.claims.sub) throw problems.sessionEnded();
    return user;
  };
}
