/** The texts of a mail to a user, in their language (server/settings/reader-language.ts). */
import type { Db } from '../db/database.ts';
import { readerLanguage, type ServerLanguage } from '../settings/reader-language.ts';
import { english } from './texts/en.ts';
import { french } from './texts/fr.ts';
import { arabic } from './texts/ar.ts';
import type { MailTexts } from './texts/mail-texts.ts';

const LANGUAGES: Record<ServerLanguage, MailTexts> = { en: english, fr: french, ar: arabic };

export async function mailTextsFor(db: Db, chosen: string | null | undefined): Promise<MailTexts> {
  return LANGUAGES[await readerLanguage(db, chosen)];
}
