/** The console's languages: the tag, its own name for the language menu, and its writing direction. */
export interface Locale {
  locale: string;
  name: string;
  dir: 'ltr' | 'rtl';
  /** What Intl formats dates and numbers with (the spec's DD/MM/YYYY for English). */
  intl: string;
}

export const LOCALES: readonly Locale[] = [
  { locale: 'en', name: 'English', dir: 'ltr', intl: 'en-GB' },
  { locale: 'fr', name: 'Français', dir: 'ltr', intl: 'fr-FR' },
  // Latin digits, as field teams across North Africa write them and as every input here takes them.
  { locale: 'ar', name: 'العربية', dir: 'rtl', intl: 'ar-u-nu-latn' },
];

/** Every text in brackets and accented: a screen showing plain English reads a text that skipped the catalogue. Not in the menu. */
export const PSEUDO_LOCALE: Locale = { locale: 'en-XA', name: 'Pseudo', dir: 'ltr', intl: 'en-GB' };

export const DEFAULT_LOCALE = 'en';

export const localeOf = (tag: string | undefined): Locale => [...LOCALES, PSEUDO_LOCALE].find((l) => l.locale === tag) ?? LOCALES[0]!;

/**
 * A language's own name set apart from the text around it (Unicode's first-strong isolate), so
 * "Français : 1 texte, العربية : 0 texte" keeps its order: without it the Arabic name pulls the
 * colon and the count beside it into its right-to-left run.
 */
export const isolatedName = (locale: Locale): string => `\u2068${locale.name}\u2069`;
