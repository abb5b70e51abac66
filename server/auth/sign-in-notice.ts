/** The mail that tells an account's owner that several addresses are guessing their password. */
import type { MailMessage } from '../mail/mailer.ts';

export function signInAttemptsNotice(opts: {
  to: string;
  firstName: string;
  failures: number;
  addresses: number;
  at: Date;
  windowMinutes: number;
  consoleUrl: string;
}): MailMessage {
  const when = `${opts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const addresses = opts.addresses === 1 ? 'one network address' : `${opts.addresses} different network addresses`;
  return {
    to: opts.to,
    subject: 'Someone is trying to sign in to your Fieldbase account',
    text:
      `Hello ${opts.firstName},\n\n` +
      `Someone is trying to sign in to your Fieldbase account (${opts.to}) with wrong passwords: ` +
      `${opts.failures} failed sign-in attempts from ${addresses} within ${opts.windowMinutes} minutes, the latest at ${when}.\n\n` +
      `None of these attempts signed in. Further attempts from those addresses are now slowed down; ` +
      `you can still sign in as usual at ${opts.consoleUrl}.\n\n` +
      `If this was you, you can ignore this mail. If not, make sure your password is one you use nowhere else; ` +
      `you can choose a new one with "Forgot password?" on the sign-in page.\n\n` +
      `You will get at most one such mail every ${opts.windowMinutes} minutes.\n`,
  };
}
