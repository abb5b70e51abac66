/**
 * The language a mail to a user is written in: the one they chose for the console (their
 * record's `language`), else the organisation's default language when the console has it, else
 * English.
 */
import type { Db } from '../db/database.ts';
import { readSettings } from '../settings/settings-store.ts';
import { english } from './texts/en.ts';
import { french } from './texts/fr.ts';
import { arabic } from './texts/ar.ts';
import type { MailTexts } from './texts/mail-texts.ts';

const LANGUAGES: Record<string, MailTexts> = { en: english, fr: french, ar: arabic };

export async function mailTextsFor(db: Db, chosen: string | null | undefined): Promise<MailTexts> {
  if (chosen && LANGUAGES[chosen]) return LANGUAGES[chosen];
  const { default_language } = await readSettings(db);
  return LANGUAGES[default_language] ?? english;
}
