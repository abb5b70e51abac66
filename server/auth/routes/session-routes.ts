/** POST /login, GET /logout, POST /user/verify (spec 1 §4, §7). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isPublic } from '../../http/permissions.ts';
import { credentialRateLimit } from './credential-rate-limit.ts';
import { Problem, problems } from '../../http/errors.ts';
import { bearerToken } from '../tokens.ts';
import { clientNetwork, purgeStaleFailures } from '../login-failures.ts';
import { createSignIn, recordFailedSignIn } from '../sign-in.ts';
import { extendSession, revokeSession, sessionUser } from '../sessions.ts';
import { ENTRY_FLAG, loadUserView } from '../session-user.ts';
import { audited, notAudited } from '../../changes/audit-declaration.ts';
import { ChangeSet } from '../../changes/change-log.ts';
import { changeContextOf } from '../../changes/change-context.ts';

const PURGE_EVERY_MS = 10 * 60_000;

type IssueToken = (userId: string, sessionId: string) => Promise<string>;

/** Failure counts that no longer count are forgotten now and then, so the tables stay small. */
function purgeFailuresNowAndThen(app: FastifyInstance, { db, config }: AppContext) {
  const purge = setInterval(() => {
    purgeStaleFailures(db, config, config.clock.now()).catch((err) =>
      app.log.warn(`purging old sign-in failures failed: ${(err as Error).message}`),
    );
  }, PURGE_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(purge));
}

function loginRoute(app: FastifyInstance, { db, config }: AppContext, signIn: ReturnType<typeof createSignIn>, issueToken: IssueToken) {
  app.post<{ Body: { email: string; password: string; isKeepLogin?: boolean; userAgent?: string; client?: 'console' | 'mobile' } }>(
    '/login',
    {
      config: {
        permission: isPublic('signing in'),
        // A failed sign-in is recorded as `sign-in-failed`, with the e-mail tried and the reason.
        audit: audited('sign-in'),
        rateLimit: credentialRateLimit(config),
        errors: {
          codes: {
            401: ['BAD_CREDENTIALS'],
            403: ['ACCOUNT_INACTIVE', 'NO_DASHBOARD_ACCESS', 'NO_MOBILE_ACCESS'],
            423: ['ACCOUNT_LOCKED'],
          },
          notes: { 423: 'Too many wrong passwords for this e-mail from this address; the message says for how long' },
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Sign in',
        body: { $ref: 'auth#/definitions/LoginRequest' },
        response: { 200: { $ref: 'auth#/definitions/SessionAnswer' } },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const context = changeContextOf(request);
      try {
        const { user, sessionId } = await signIn({
          email,
          password: request.body.password,
          address: clientNetwork(request.ip),
          keepLogin: request.body.isKeepLogin ?? true,
          userAgent: request.body.userAgent,
          client: request.body.client ?? 'console',
          context,
        });
        return { user, token: await issueToken(user._id as string, sessionId) };
      } catch (err) {
        if (err instanceof Problem) await recordFailedSignIn(db, context, { email, code: err.code }, request.log);
        throw err;
      }
    },
  );
}

/** Revokes the session the token names, if it is still open, and records that its holder ended it. */
async function endSession({ db, config, tokens }: AppContext, request: FastifyRequest, token: string) {
  const claims = (await tokens.check(token, config.clock.now())).claims;
  if (!claims) return;
  const now = config.clock.now();
  await db.transaction().execute(async (trx) => {
    // Its holder is the actor, whether or not the token still signs calls in.
    const holder = await revokeSession(trx, claims.sid, now);
    if (!holder) return; // ended already: nothing changed, nothing to record
    const changes = new ChangeSet();
    changes.record('session', claims.sid, { revoked_at: null }, { revoked_at: now });
    await changes.flush(trx, { ...changeContextOf(request), actor: holder });
  });
}

function logoutRoute(app: FastifyInstance, ctx: AppContext) {
  app.get(
    '/logout',
    {
      // An expired token may still sign out: the session is what gets revoked.
      config: { permission: isPublic('signing out with whatever token the browser holds'), audit: audited('sign-out') },
      schema: {
        tags: ['session'],
        summary: 'Sign out (revokes the session)',
        response: { 200: { $ref: 'auth#/definitions/MessageAnswer' } },
      },
    },
    async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (token) await endSession(ctx, request, token);
      return { message: 'Logged out' };
    },
  );
}

function verifyRoute(app: FastifyInstance, { db, config, tokens }: AppContext, issueToken: IssueToken) {
  app.post<{ Body: { token: string } }>(
    '/user/verify',
    {
      config: {
        permission: isPublic('checks the token in its body'),
        audit: notAudited("a check, or a refresh that slides the session's window; the sign-in that opened it is recorded"),
        errors: {
          codes: { 401: ['SESSION_ENDED'], 403: ['NO_DASHBOARD_ACCESS', 'NO_MOBILE_ACCESS'] },
          notes: {
            401: 'An expired token still inside its refresh window answers a fresh user and token (SessionAnswer); any other dead token, the error SESSION_ENDED',
          },
        },
      },
      schema: {
        tags: ['session'],
        summary: 'Check a token; an expired one inside its refresh window answers 401 with a fresh user and token',
        body: { $ref: 'auth#/definitions/VerifyRequest' },
        response: { 200: { $ref: 'auth#/definitions/SessionAnswer' }, 401: { $ref: 'auth#/definitions/SessionAnswer' } },
      },
    },
    async (request, reply) => {
      const now = config.clock.now();
      const check = await tokens.check(request.body.token, now);
      const session = check.claims ? await sessionUser(db, check.claims.sid, now) : undefined;
      if (!check.claims || !session || session.id !== check.claims.sub) throw problems.sessionEnded();
      // The entry rule (spec 1 §6: the dashboard; the app: can_access_mobile) holds for the whole session, not only at sign-in.
      if (session.permission[ENTRY_FLAG[session.client]] !== true)
        throw session.client === 'mobile' ? problems.noMobileAccess() : problems.noDashboard();
      const user = await loadUserView(db, session.id);
      if (check.ok) return { user, token: request.body.token };
      // Expired but within the window: the spec's refresh answer is a 401 carrying user and token.
      await extendSession(db, config, session.sessionId, session.keepLogin);
      return reply.status(401).send({ user, token: await issueToken(session.id, session.sessionId) });
    },
  );
}

export function sessionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { config, tokens } = ctx;
  const issueToken: IssueToken = (userId, sessionId) =>
    tokens.sign({ sub: userId, sid: sessionId }, config.clock.now(), config.accessTokenTtlSeconds);
  purgeFailuresNowAndThen(app, ctx);
  loginRoute(app, ctx, createSignIn(ctx), issueToken);
  logoutRoute(app, ctx);
  verifyRoute(app, ctx, issueToken);
}
