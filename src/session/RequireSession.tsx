/**
 * Private routes need a stored token (spec 1 §2): without one, go to /login. A plain redirect,
 * not react-admin's <Authenticated>: that one, on a page reached signed-out, re-ran its failing
 * check after every redirect and kept navigating to /login in a loop (seen with ra-core 5.15).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from './useSession';

export const RequireSession = ({ children }: { children: ReactNode }) => {
  const { token, isLoggedIn } = useSession();
  const location = useLocation();
  if (!token || !isLoggedIn) {
    return <Navigate to="/login" replace state={{ nextPathname: location.pathname, nextSearch: location.search }} />;
  }
  return <>{children}</>;
};
