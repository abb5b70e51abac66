/** The mails in English (the texts every earlier version sent). */
import { MODULE_KINDS, isDocumentModule } from '../../../model/documents/modules.ts';
import type { MailTexts } from './mail-texts.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export const english: MailTexts = {
  reset: ({ firstName, minutes, link }) => ({
    subject: 'Reset your Fieldbase password',
    text:
      `Hello ${firstName},\n\nSomeone asked to reset the password of your Fieldbase account.\n` +
      `Open this link within ${minutes} minutes to choose a new password:\n\n${link}\n\n` +
      `The link works once, and only until you ask for a newer one. If you did not ask for it, ignore this mail: your password stays as it is.\n`,
  }),
  exportReady: ({ firstName, what, link, fileName, until }) => {
    const of =
      what.kind === 'audit'
        ? `the audit log (${plural(what.rows, 'change')})`
        : `${what.program} (${isDocumentModule(what.module) ? MODULE_KINDS[what.module].label : what.module}, ${plural(what.rows, 'document')})`;
    return {
      subject: 'Your export is ready',
      text: [
        `Hello ${firstName},`,
        '',
        `Your export of ${of} is ready to download:`,
        link,
        '',
        `The file ${fileName} can be downloaded until ${until} UTC, by you only, signed in.`,
      ].join('\n'),
    };
  },
  signInAttempts: ({ to, firstName, failures, addresses, windowMinutes, when, consoleUrl }) => ({
    subject: 'Someone is trying to sign in to your Fieldbase account',
    text:
      `Hello ${firstName},\n\n` +
      `Someone is trying to sign in to your Fieldbase account (${to}) with wrong passwords: ` +
      `${failures} failed sign-in attempts from ${addresses === 1 ? 'one network address' : `${addresses} different network addresses`} ` +
      `within ${windowMinutes} minutes, the latest at ${when}.\n\n` +
      `None of these attempts signed in. Further attempts from those addresses are now slowed down; ` +
      `you can still sign in as usual at ${consoleUrl}.\n\n` +
      `If this was you, you can ignore this mail. If not, make sure your password is one you use nowhere else; ` +
      `you can choose a new one with "Forgot password?" on the sign-in page.\n\n` +
      `You will get at most one such mail every ${windowMinutes} minutes.\n`,
  }),
  emailChanged: ({ firstName, byOwner, when, newEmail }) => ({
    subject: 'The e-mail address of your Fieldbase account was changed',
    text:
      `Hello ${firstName},\n\n` +
      `The e-mail address of your Fieldbase account was changed ${byOwner ? 'by you' : 'by an administrator'} on ${when}.\n` +
      `From now on, sign-in and password reset mails go to ${newEmail}, not to this address.\n\n` +
      `If you made this change, there is nothing to do. If you did not, contact your administrator at once.\n`,
  }),
};
