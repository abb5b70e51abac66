/**
 * Forgot password (POST /user/change_password, spec 1 §7) and the reset it leads to
 * (POST /user/reset_password, ours: the spec's screen had a submit that did nothing).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { isPublic } from '../../http/permissions.ts';
import { credentialRateLimit } from './credential-rate-limit.ts';
import { problems } from '../../http/errors.ts';
import { hashPassword, passwordProblem } from '../passwords.ts';
import { revokeUserSessions } from '../sessions.ts';
import { issueResetLink, redeemResetLink, retireResetLinks } from '../reset-links.ts';
import { userLogRow } from '../user-store.ts';
import { audited } from '../../changes/audit-declaration.ts';
import { inWriteTransaction } from '../../changes/change-log.ts';
import { changeContextOf } from '../../changes/change-context.ts';
import { PASSWORD_RULES } from '../password-errors.ts';
import { mailTextsFor } from '../../mail/mail-language.ts';

// The same answer whether or not the address has an account.
const REQUEST_ANSWER = { message: 'If this e-mail belongs to an account, a reset link has been sent to it.' };

/** The reset mail for a live account with this address, or none (no such account, or a link younger than the cooldown). */
async function resetMail({ db, config }: AppContext, email: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'language'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('deleted_at', 'is', null)
    .where('status', '=', true)
    .executeTakeFirst();
  if (!user) return undefined;
  const token = await issueResetLink(db, user.id, config.clock.now(), {
    ttlSeconds: config.resetTokenTtlSeconds,
    cooldownSeconds: config.resetLinkCooldownSeconds,
  });
  if (!token) return undefined;
  const link = `${config.consoleUrl}/resetpassword?token=${token}`;
  const minutes = Math.round(config.resetTokenTtlSeconds / 60);
  const texts = await mailTextsFor(db, user.language);
  return { to: email, ...texts.reset({ firstName: user.first_name, minutes, link }) };
}

function requestResetRoute(app: FastifyInstance, ctx: AppContext) {
  const { db, config, mailer } = ctx;
  app.post<{ Body: { email: string } }>(
    '/user/change_password',
    {
      config: {
        permission: isPublic('asking for a password reset link'),
        audit: audited('reset-request'),
        rateLimit: credentialRateLimit(config),
      },
      schema: {
        tags: ['password'],
        summary:
          'Forgot password: e-mails a single-use reset link (only the newest link works; none while the last one is younger than RESET_LINK_COOLDOWN)',
        body: { $ref: 'auth#/definitions/ForgotPasswordRequest' },
        response: { 200: { $ref: 'auth#/definitions/MessageAnswer' } },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      // Every request, with only the address asked for: whether it has an account is looked up
      // after the answer, so the record (like the answer) is the same either way.
      await inWriteTransaction(db, changeContextOf(request), async (_trx, changes) => {
        changes.add({ resource: 'user', fields: { email: [null, email] } });
      });
      // Answered first, looked up after: the answer time says nothing about the address.
      mailer.composeInBackground(() => resetMail(ctx, email));
      return REQUEST_ANSWER;
    },
  );
}

/** Redeems the link and sets the password, in one transaction; answers the user's address. */
function setPasswordByLink({ db }: AppContext, request: FastifyRequest, token: string, passwordHash: string, now: Date) {
  return inWriteTransaction(db, changeContextOf(request), async (trx, changes) => {
    const userId = await redeemResetLink(trx, token, now);
    if (!userId) throw problems.resetLinkInvalid();
    const before = await userLogRow(trx, userId);
    await trx.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
    // Shows only that the password changed (the log redacts it); no actor: the link was the credential.
    changes.record('user', userId, before, await userLogRow(trx, userId));
    await retireResetLinks(trx, userId, now);
    await revokeUserSessions(trx, userId, now);
    return (await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
  });
}

function resetPasswordRoute(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  app.post<{ Body: { token: string; password: string; repassword: string } }>(
    '/user/reset_password',
    {
      config: {
        permission: isPublic('the reset link is the credential'),
        audit: audited('password-reset'),
        rateLimit: credentialRateLimit(config),
        errors: { codes: { 400: [...PASSWORD_RULES, 'RESET_LINK_INVALID'] } },
      },
      schema: {
        tags: ['password'],
        summary: 'Set a new password with a reset link; ends every session of the user',
        body: { $ref: 'auth#/definitions/ResetPasswordRequest' },
        response: { 200: { $ref: 'auth#/definitions/MessageAnswer' } },
      },
    },
    async (request) => {
      const { token, password, repassword } = request.body;
      if (password !== repassword) throw problems.passwordMismatch('repassword');
      const weak = passwordProblem(password);
      if (weak) throw problems.weakPassword(weak);
      const email = await setPasswordByLink(ctx, request, token, await hashPassword(password), config.clock.now());
      // The owner proved the account is theirs: their addresses' failures are forgiven. After the
      // commit, not inside it: a sign-in locks these rows first and the user's row second.
      await db.deleteFrom('login_failures').where('email', '=', email.toLowerCase()).execute();
      return { message: 'Your password has been changed. Please log in.' };
    },
  );
}

export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  requestResetRoute(app, ctx);
  resetPasswordRoute(app, ctx);
}
