/**
 * A device that never chose a language shows the signed-out screens in the organisation's
 * default language (Settings), when the console has it: a French-speaking team's first sign-in
 * page is in French. A choice made on the device, or the user's own at sign-in, wins.
 */
import { useEffect } from 'react';
import { useLocaleState, useStore } from 'react-admin';
import { LOCALES } from '../i18n/locales';
import { useOrganisation } from '../settings/use-organisation';

export const OrganisationLanguage = () => {
  const { language } = useOrganisation();
  // The stored choice itself: undefined until someone picks a language on this device.
  const [chosen] = useStore<string | undefined>('locale');
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    if (chosen || !language || language === locale || !LOCALES.some((l) => l.locale === language)) return;
    setLocale(language);
  }, [chosen, language, locale, setLocale]);
  return null;
};
