/**
 * The console's languages (src/i18n/): English is in the first bundle; French, Arabic and the
 * pseudo-locale load when chosen. A key with no message shows the default it was given. Changing
 * the language also changes the page's direction (applyLocale).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import type { Translate } from '../i18n/use-t';
import { en } from '../i18n/en';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';
import { applyLocale } from '../i18n/direction';
import { loadRightToLeftStyles } from '../i18n/DirectionStyles';

const later: Record<string, () => Promise<TranslationMessages>> = {
  fr: () => import('../i18n/fr').then((m) => m.fr),
  ar: () => Promise.all([import('../i18n/ar'), loadRightToLeftStyles()]).then(([m]) => m.ar),
  'en-XA': () => import('../i18n/pseudo').then((m) => m.pseudoCatalogue(en)),
};

const messagesFor = (locale: string) => later[locale]?.() ?? en;

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
    applyLocale(locale);
  },
};

/** The same translation outside React (a tab title, a pure helper), in the language in use. */
export const translate: Translate = (key, options) => i18nProvider.translate(key, options);
