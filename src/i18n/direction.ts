/**
 * The language in use, outside React as well as in it: the page's `lang` and `dir`, the theme's
 * direction and the style cache follow it (App reads it), and formatters read its Intl tag.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, localeOf, type Locale } from './locales';

let current: Locale = localeOf(DEFAULT_LOCALE);
const listeners = new Set<() => void>();

export function applyLocale(tag: string): void {
  current = localeOf(tag);
  document.documentElement.lang = current.locale;
  document.documentElement.dir = current.dir;
  for (const listener of listeners) listener();
}

export const currentLocale = (): Locale => current;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The language in use; the component renders again when it changes. */
export const useCurrentLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale);
