/**
 * Signing in brings the user's own language (kept on their record: the profile menu saves it)
 * to this device, once per session, so it follows them from browser to browser. A user who never
 * chose keeps the device's language; the pseudo-locale (a translator's tool) is left alone.
 */
import { useEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { LOCALES, PSEUDO_LOCALE } from '../i18n/locales';
import { useSession } from '../session/useSession';

export const UserLanguage = () => {
  const { user, token } = useSession();
  const [locale, setLocale] = useLocaleState();
  const appliedFor = useRef<string>(undefined);
  const chosen = user?.language;
  useEffect(() => {
    if (!token || appliedFor.current === token) return;
    appliedFor.current = token;
    if (!chosen || chosen === locale || locale === PSEUDO_LOCALE.locale) return;
    if (LOCALES.some((l) => l.locale === chosen)) setLocale(chosen);
  }, [token, chosen, locale, setLocale]);
  return null;
};
