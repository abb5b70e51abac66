/** The mail that tells an account's owner that several addresses are guessing their password. */
import type { MailMessage } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/texts/mail-texts.ts';

export function signInAttemptsNotice(
  texts: MailTexts,
  opts: { to: string; firstName: string; failures: number; addresses: number; at: Date; windowMinutes: number; consoleUrl: string },
): MailMessage {
  const when = `${opts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const { at: _at, ...rest } = opts;
  return { to: opts.to, ...texts.signInAttempts({ ...rest, when }) };
}
