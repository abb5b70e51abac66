/**
 * Sends mail through SMTP_URL when set; otherwise writes each message as an .eml file into
 * data/outbox and logs where it went, so sign-in flows work on a machine with no mail server.
 * Outbox mails carry live reset links: the folder is the owner's alone (0700, files 0600) and
 * the log names the file, never its content.
 */
import nodemailer from 'nodemailer';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import { ensurePrivateFolder, writePrivateFile } from '../uploads/private-files.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait, so a request's answer time does not reveal whether
   * a mail went out (forgot password); a failure is logged.
   */
  sendInBackground(message: MailMessage): void;
  /**
   * Runs `compose` (look-ups, writes) after the current request has been answered, then sends
   * what it answers (nothing when undefined): the answer time cannot depend on that work.
   */
  composeInBackground(compose: () => Promise<MailMessage | undefined>): void;
  /** Resolves when every background send has finished (shutdown, tests). */
  flush(): Promise<void>;
  describe(): string;
}

/** Adds background sending to a transport-specific `send`. */
function withBackground(base: Pick<Mailer, 'send' | 'describe'>, log: (line: string) => void): Mailer {
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const job = work.finally(() => pending.delete(job));
    pending.add(job);
  };
  const sendLogged = (message: MailMessage) =>
    base.send(message).catch((err) => log(`[mail] sending "${message.subject}" to ${message.to} failed: ${(err as Error).message}`));
  return {
    ...base,
    sendInBackground(message) {
      track(sendLogged(message));
    },
    composeInBackground(compose) {
      track(
        (async () => {
          // setImmediate runs after the pending answer has been written.
          await new Promise((resolve) => setImmediate(resolve));
          const message = await compose();
          if (message) await sendLogged(message);
        })().catch((err) => log(`[mail] preparing a mail failed: ${(err as Error).message}`)),
      );
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export function createMailer(config: Config, log: (line: string) => void = console.log): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return withBackground(
      {
        async send(message) {
          await transport.sendMail({ from: config.mailFrom, ...message });
        },
        describe: () => `SMTP (${new URL(config.smtpUrl!).host})`,
      },
      log,
    );
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withBackground(
    {
      async send(message) {
        const info = await transport.sendMail({ from: config.mailFrom, ...message });
        await ensurePrivateFolder(config.outboxDir); // also when an older version made it readable to others
        const safeTo = message.to.replace(/[^a-zA-Z0-9@.-]/g, '_');
        // A random tail: two mails to one address in the same millisecond must not overwrite each other.
        const stamp = config.clock.now().toISOString().replace(/[:.]/g, '-');
        const file = path.join(config.outboxDir, `${stamp}-${safeTo}-${randomBytes(4).toString('hex')}.eml`);
        await writePrivateFile(file, info.message as Buffer);
        log(`[mail] no SMTP_URL set: mail to ${message.to} ("${message.subject}") written to ${file}`);
      },
      describe: () => `outbox folder ${config.outboxDir}`,
    },
    log,
  );
}
