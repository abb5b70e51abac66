/**
 * The browser tab's title for every screen, from the address alone, the way the breadcrumb
 * names it: "Users · Fieldbase", "Add · Users · Fieldbase" (the page first, so a narrow tab still
 * tells them apart). One place for every screen, signed in or out; no page sets its own.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { crumbsFor } from './Breadcrumbs';

import { PRODUCT_NAME } from '../settings/use-organisation';
import { translate } from '../providers/i18n-provider';
import type { MessageKey } from '../i18n/catalogue';
import { useCurrentLocale } from '../i18n/direction';

const SIGNED_OUT: Record<string, MessageKey> = {
  '/login': 'app.shell.titles.sign_in',
  '/otp': 'app.shell.titles.forgot_password',
  '/resetpassword': 'app.shell.titles.reset_password',
};

export function titleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const signedOut = SIGNED_OUT[path];
  if (signedOut) return `${translate(signedOut)} · ${PRODUCT_NAME}`;
  const crumbs = crumbsFor(path).map((c) => c.label);
  // Below the dashboard, "Dashboard" is the way back, not where one is.
  const steps = crumbs.length > 1 ? crumbs.slice(1) : crumbs;
  return [...steps.reverse(), PRODUCT_NAME].join(' · ');
}

export const DocumentTitle = () => {
  const { pathname } = useLocation();
  // Outside react-admin's tree: the language is followed here.
  const { locale } = useCurrentLocale();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname, locale]);
  return null;
};
