/**
 * The mail to a user's previous address when their e-mail changes: if someone else made the
 * change (a stolen session, a rogue editor), the owner hears of it where they still read mail.
 */
import type { MailMessage } from '../mail/mailer.ts';

/** "ab***@example.org": enough for the owner to recognise, little for whoever else reads the old inbox. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at - 1) || 1)}***${email.slice(at)}`;
}

export function emailChangeNotice(opts: {
  oldEmail: string;
  newEmail: string;
  firstName: string;
  byOwner: boolean;
  at: Date;
}): MailMessage {
  const when = `${opts.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: opts.oldEmail,
    subject: 'The e-mail address of your Fieldbase account was changed',
    text:
      `Hello ${opts.firstName},\n\n` +
      `The e-mail address of your Fieldbase account was changed ${opts.byOwner ? 'by you' : 'by an administrator'} on ${when}.\n` +
      `From now on, sign-in and password reset mails go to ${maskEmail(opts.newEmail)}, not to this address.\n\n` +
      `If you made this change, there is nothing to do. If you did not, contact your administrator at once.\n`,
  };
}
