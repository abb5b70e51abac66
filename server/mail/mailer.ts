/**
 * Sends mail through SMTP_URL when set; otherwise writes each message as an .eml file into
 * data/outbox and logs where it went, so sign-in flows work on a machine with no mail server.
 */
import nodemailer from 'nodemailer';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

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
  /** Resolves when every background send has finished (shutdown, tests). */
  flush(): Promise<void>;
  describe(): string;
}

/** Adds background sending to a transport-specific `send`. */
function withBackground(base: Pick<Mailer, 'send' | 'describe'>, log: (line: string) => void): Mailer {
  const pending = new Set<Promise<void>>();
  return {
    ...base,
    sendInBackground(message) {
      const job = base
        .send(message)
        .catch((err) => log(`[mail] sending "${message.subject}" to ${message.to} failed: ${(err as Error).message}`))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

export function createMailer(config: Config, log: (line: string) => void = console.log): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return withBackground({
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
      },
      describe: () => `SMTP (${new URL(config.smtpUrl!).host})`,
    }, log);
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return withBackground({
    async send(message) {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@.-]/g, '_');
      // A random tail: two mails to one address in the same millisecond must not overwrite each other.
      const stamp = config.clock.now().toISOString().replace(/[:.]/g, '-');
      const file = path.join(config.outboxDir, `${stamp}-${safeTo}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
      log(`[mail] no SMTP_URL set: mail to ${message.to} ("${message.subject}") written to ${file}`);
    },
    describe: () => `outbox folder ${config.outboxDir}`,
  }, log);
}
