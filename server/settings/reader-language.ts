/**
 * The language a text the server writes for a user is in (a mail, an export's header): the one
 * they chose for the console (their record's `language`), else the organisation's default
 * language when the console has it, else English.
 */
import type { Db } from '../db/database.ts';
import { readSettings } from './settings-store.ts';

export const SERVER_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type ServerLanguage = (typeof SERVER_LANGUAGES)[number];

const isServerLanguage = (language: string | null | undefined): language is ServerLanguage =>
  (SERVER_LANGUAGES as readonly string[]).includes(language ?? '');

export async function readerLanguage(db: Db, chosen: string | null | undefined): Promise<ServerLanguage> {
  if (isServerLanguage(chosen)) return chosen;
  const { default_language } = await readSettings(db);
  return isServerLanguage(default_language) ? default_language : 'en';
}

/** The language of the user `userId` (an unknown user reads the organisation's). */
export async function userLanguage(db: Db, userId: string): Promise<ServerLanguage> {
  const user = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return readerLanguage(db, user?.language);
}
