/**
 * Sign-in and session for react-admin (spec 1 §4): login stores user and token, logout calls
 * the server and clears them, a 401 that survived the renewal signs out, 403 keeps the session
 * and lets the caller show the server's message (unless it says the role no longer opens the
 * console). checkAuth, getIdentity and getPermissions first renew an expired token (react-admin's
 * addRefreshAuthToAuthProvider). canAccess answers from the resource map and the role's flags.
 */
import { addRefreshAuthToAuthProvider, type AuthProvider } from 'react-admin';
import type { Action, LoginRequest } from '@model/generated';
import { permissionFlags, resourceMap } from '@model/schema-registry';
import { runtimeConfig } from '../config/runtime-config';
import { clearSession, currentPermissions, readSession, storeSignIn, type RoleFlags } from '../session/session-store';
import { refreshAuth, sessionEndedMessage } from '../session/session-refresh';
import type { SignedIn } from '../session/verify-token';
import { describeUserAgent } from '../session/user-agent';
import { identityOf } from '../session/identity';
import { errorMessage, fetchAnonymous } from './http-client';
import type { Translate } from '../i18n/use-t';
import { translate } from './i18n-provider';

export interface LoginParams {
  email: string;
  password: string;
  keepLogin: boolean;
}

/** Spec 1 §8: the server's message, else the error's own, else 'Failed to login'. */
export function loginFailureMessage(error: unknown, t: Translate): string {
  const body = (error as { body?: unknown })?.body;
  const own = (error as { message?: unknown })?.message;
  return errorMessage(body, typeof own === 'string' && own ? own : t('app.people.session.login_failed'));
}

/** The verb a flag of the permission schema uses for an action: can_get_..., can_edit_... */
const FLAG_VERBS: Record<string, string> = { list: 'get', show: 'get', create: 'create', edit: 'edit', delete: 'delete' };

/**
 * The flag guarding an action on a name that is no resource of the map but has flags of its
 * own in the permission schema ('permission': can_get_permission, can_edit_permission).
 */
function ownFlagOf(resource: string, action: string): string | undefined {
  const flag = FLAG_VERBS[action] && `can_${FLAG_VERBS[action]}_${resource}`;
  return flag && permissionFlags.some((f) => f.name === flag) ? flag : undefined;
}

/**
 * May a role holding these flags do this? The resource map names the flag each action needs.
 * A name that is no resource of the map needs the permission schema's flag for it when there
 * is one (can_<verb>_<name>), else its screen guards itself; an action the map names no flag
 * for is open to list and show only.
 */
export function roleMayAccess(permission: RoleFlags, resource: string, action: string): boolean {
  const entry = resourceMap[resource];
  if (!entry) {
    const flag = ownFlagOf(resource, action);
    return flag ? permission[flag] === true : true;
  }
  const flag = entry.permissions[action as Action];
  if (!flag) return action === 'list' || action === 'show';
  return permission[flag] === true;
}

const sessionAuthProvider: AuthProvider = {
  async login({ email, password, keepLogin }: LoginParams) {
    try {
      const body: LoginRequest = { email, password, isKeepLogin: keepLogin, userAgent: await describeUserAgent() };
      const { json } = await fetchAnonymous<SignedIn>(`${runtimeConfig().authUrl}/login`, { method: 'POST', body: JSON.stringify(body) });
      storeSignIn(json.user, json.token);
    } catch (error) {
      throw new Error(loginFailureMessage(error, translate));
    }
    return { redirectTo: '/dashboard' };
  },

  async logout() {
    const { token } = readSession();
    if (token) {
      // The server revokes the session (an expired token too); signed out here whatever it answers.
      await fetchAnonymous(`${runtimeConfig().authUrl}/logout`, { user: { authenticated: true, token: `Bearer ${token}` } }).catch(
        () => undefined,
      );
    }
    clearSession();
    return '/login';
  },

  async checkAuth() {
    const { token, isLoggedIn } = readSession();
    if (!token || !isLoggedIn) throw { redirectTo: '/login', message: false };
  },

  async checkError(error) {
    const status = (error as { status?: number })?.status;
    if (status === 401) {
      clearSession();
      throw { redirectTo: '/login', message: sessionEndedMessage() };
    }
    // The role no longer opens the console: the server refuses every call, so sign out.
    const body = (error as { body?: { code?: string; message?: string } })?.body;
    if (status === 403 && body?.code === 'NO_DASHBOARD_ACCESS') {
      clearSession();
      throw { redirectTo: '/login', message: body.message };
    }
    // 403 and everything else: the session stays; the screen shows the server's message.
  },

  async getIdentity() {
    const { user } = readSession();
    if (!user) throw new Error(translate('app.people.session.not_signed_in'));
    return identityOf(user);
  },

  async getPermissions() {
    return currentPermissions();
  },

  async canAccess({ resource, action }) {
    return roleMayAccess(currentPermissions(), resource, action);
  },
};

export const authProvider: AuthProvider = addRefreshAuthToAuthProvider(sessionAuthProvider, refreshAuth);
