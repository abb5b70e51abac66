/**
 * The browser tab's title for every screen, from the address alone, the way the breadcrumb
 * names it: "Users · Fieldbase", "Add · Users · Fieldbase" (the page first, so a narrow tab still
 * tells them apart). One place for every screen, signed in or out; no page sets its own.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { crumbsFor } from './Breadcrumbs';

import { PRODUCT_NAME } from '../settings/use-organisation';

const SIGNED_OUT: Record<string, string> = { '/login': 'Sign in', '/otp': 'Forgot password', '/resetpassword': 'Reset password' };

export function titleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const signedOut = SIGNED_OUT[path];
  if (signedOut) return `${signedOut} · ${PRODUCT_NAME}`;
  const crumbs = crumbsFor(path).map((c) => c.label);
  // Below the dashboard, "Dashboard" is the way back, not where one is.
  const steps = crumbs.length > 1 ? crumbs.slice(1) : crumbs;
  return [...steps.reverse(), PRODUCT_NAME].join(' · ');
}

export const DocumentTitle = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);
  return null;
};
