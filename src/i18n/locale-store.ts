/**
 * react-admin's store (preferences in localStorage), except that signing out keeps the language:
 * the sign-in screen of a French-speaking team stays in French.
 */
import { localStorageStore, type Store } from 'react-admin';

const base = localStorageStore();

export const store: Store = {
  ...base,
  reset() {
    const locale = base.getItem<string>('locale');
    base.reset();
    if (locale) base.setItem('locale', locale);
  },
};
