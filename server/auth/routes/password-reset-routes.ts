/**
 * Forgot password (POST /user/change_password, spec 1 §7) and the reset it leads to
 * (POST /user/reset_password, ours: the spec's screen had a submit that did nothing).
 */
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { isPublic } from '../../http/permissions.ts';
import { problems } from '../../http/errors.ts';
import { hashPassword, passwordProblem } from '../passwords.ts';
import { revokeUserSessions } from '../sessions.ts';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// The same answer whether or not the address has an account.
const REQUEST_ANSWER = { message: 'If this e-mail belongs to an account, a reset link has been sent to it.' };

export function passwordResetRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config, mailer } = ctx;

  app.post<{ Body: { email: string } }>(
    '/user/change_password',
    {
      config: {
        permission: isPublic('asking for a password reset link'),
        rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
      },
      schema: {
        tags: ['password'],
        summary: 'Forgot password: e-mails a single-use reset link',
        body: { $ref: 'auth#/definitions/ForgotPasswordRequest' },
        response: { 200: { $ref: 'auth#/definitions/MessageAnswer' } },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await db
        .selectFrom('users')
        .select(['id', 'first_name'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .where('deleted_at', 'is', null)
        .where('status', '=', true)
        .executeTakeFirst();
      if (!user) return REQUEST_ANSWER;

      const token = randomBytes(32).toString('base64url');
      const now = config.clock.now();
      await db
        .insertInto('password_resets')
        .values({
          id: randomUUID(),
          user_id: user.id,
          token_hash: sha256(token),
          created_at: now,
          expires_at: new Date(now.getTime() + config.resetTokenTtlSeconds * 1000),
        })
        .execute();
      const link = `${config.consoleUrl}/resetpassword?token=${token}`;
      const minutes = Math.round(config.resetTokenTtlSeconds / 60);
      mailer.sendInBackground({
        to: email,
        subject: 'Reset your Fieldbase password',
        text:
          `Hello ${user.first_name},\n\nSomeone asked to reset the password of your Fieldbase account.\n` +
          `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
          `The link works once. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
      });
      if (!config.smtpUrl) request.log.warn(`password reset link for ${email}: ${link}`);
      return REQUEST_ANSWER;
    },
  );

  app.post<{ Body: { token: string; password: string; repassword: string } }>(
    '/user/reset_password',
    {
      config: {
        permission: isPublic('the reset link is the credential'),
        rateLimit: { max: config.loginRateLimit.max, timeWindow: config.loginRateLimit.windowMs },
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
      const now = config.clock.now();
      await db.transaction().execute(async (trx) => {
        // Marking it used in the same statement that finds it makes the link single-use under concurrency.
        const reset = await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('token_hash', '=', sha256(token))
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .returning(['user_id'])
          .executeTakeFirst();
        if (!reset) throw problems.resetLinkInvalid();
        await trx
          .updateTable('users')
          .set({ password_hash: await hashPassword(password), updated_at: now })
          .where('id', '=', reset.user_id)
          .execute();
        // Every other link of this user dies with this one: an older mail cannot reset again.
        await trx
          .updateTable('password_resets')
          .set({ used_at: now })
          .where('user_id', '=', reset.user_id)
          .where('used_at', 'is', null)
          .execute();
        await revokeUserSessions(trx as never, reset.user_id, now);
        const user = await trx.selectFrom('users').select('email').where('id', '=', reset.user_id).executeTakeFirstOrThrow();
        await trx.deleteFrom('login_failures').where('email', '=', user.email.toLowerCase()).execute();
      });
      return { message: 'Your password has been changed. Please log in.' };
    },
  );
}
