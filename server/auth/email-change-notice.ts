/**
 * The mail to a user's previous address when their e-mail changes: if someone else made the
 * change (a stolen session, a rogue editor), the owner hears of it where they still read mail.
 */
import type { MailMessage } from '../mail/mailer.ts';
import type { MailTexts } from '../mail/texts/mail-texts.ts';

/** "ab***@example.org": enough for the owner to recognise, little for whoever else reads the old inbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1) || 1)}***${email.slice(at)}`;
}

export function emailChangeNotice(
  texts: MailTexts,
  opts: { oldEmail: string; newEmail: string; firstName: string; byOwner: boolean; at: Date },
): MailMessage {
  const when = `${opts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: opts.oldEmail,
    ...texts.emailChanged({ firstName: opts.firstName, byOwner: opts.byOwner, when, newEmail: maskEmail(opts.newEmail) }),
  };
}
