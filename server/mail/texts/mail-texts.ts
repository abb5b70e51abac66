/**
 * The mails the servers send, in each console language: a language is one object of this shape,
 * so a mail one language lacks fails the type check. Every text is plain text (no HTML).
 */
import type { DocumentModule } from '../../../model/documents/modules.ts';

export interface Mail {
  subject: string;
  text: string;
}

export interface MailTexts {
  /** A link to choose a new password, valid `minutes`. */
  reset(p: { firstName: string; minutes: number; link: string }): Mail;
  /** An export finished: of documents (a program's module) or of the audit log. */
  exportReady(p: {
    firstName: string;
    what: { kind: 'audit'; rows: number } | { kind: 'documents'; program: string; module: DocumentModule | string; rows: number };
    link: string;
    fileName: string;
    until: string;
  }): Mail;
  /** Several wrong passwords for this account from one or more addresses. */
  signInAttempts(p: {
    to: string;
    firstName: string;
    failures: number;
    addresses: number;
    windowMinutes: number;
    when: string;
    consoleUrl: string;
  }): Mail;
  /** The account's e-mail changed: sent to the old address. */
  emailChanged(p: { firstName: string; byOwner: boolean; when: string; newEmail: string }): Mail;
}
