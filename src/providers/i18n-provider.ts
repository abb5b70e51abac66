/**
 * The console's languages (src/i18n/): English is in the first bundle; French, Arabic and the
 * pseudo-locale load when chosen, each with its table of the schemas' texts (schemaText). A key
 * with no message shows the default it was given. Changing the language also changes the page's
 * direction (applyLocale).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Translate } from '../i18n/use-t';
import { en } from '../i18n/en';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { applyLocale } from '../i18n/direction';
import { loadRightToLeftStyles } from '../i18n/DirectionStyles';
import { setSchemaTexts } from '../i18n/schema-text';

type SchemaTexts = Parameters<typeof setSchemaTexts>[0];

const later: Record<string, () => Promise<{ messages: TranslationMessages; titles: SchemaTexts }>> = {
  fr: () => import('../i18n/fr').then((m) => ({ messages: m.fr, titles: m.frenchTitles })),
  ar: () => Promise.all([import('../i18n/ar'), loadRightToLeftStyles()]).then(([m]) => ({ messages: m.ar, titles: m.arabicTitles })),
  'en-XA': () => import('../i18n/pseudo').then((m) => ({ messages: m.pseudoCatalogue(en), titles: m.pseudoText })),
};
const titles = new Map<string, SchemaTexts>();

const messagesFor = (locale: string) =>
  later[locale]?.().then((language) => {
    titles.set(locale, language.titles);
    return language.messages;
  }) ?? en;

const polyglot = polyglotI18nProvider(
  messagesFor,
  DEFAULT_LOCALE,
  LOCALES.map(({ locale, name }) => ({ locale, name })),
  { allowMissing: true },
);

export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(locale, options) {
    await polyglot.changeLocale(locale, options);
    setSchemaTexts(titles.get(locale));
    applyLocale(locale);
  },
};

/** The same translation outside React (a tab title, a pure helper), in the language in use. */
export const translate: Translate = (key, options) => i18nProvider.translate(key, options);
