/**
 * Sign-in and session for react-admin (spec 1 §4): login stores user and token, logout calls
 * the server and clears them, 401 signs out (after the http client's refresh attempt failed),
 * 403 keeps the session and lets the caller show the server's message (unless it says the role
 * no longer opens the console).
 */
import type { AuthProvider } from 'react-admin';
import { runtimeConfig } from '../config/runtime-config';
import { clearSession, currentPermissions, readSession, storeSignIn, type SessionUserRecord } from '../session/session-store';
import { describeUserAgent } from '../session/user-agent';
import { errorMessage, httpRequest } from './http-client';
import { canDo } from './access';
import { identityOf } from '../session/identity';

export interface LoginParams {
  email: string;
  password: string;
  keepLogin: boolean;
}

/** Spec 1 §8: the server's message, else the error's own, else 'Failed to login'. */
export function loginFailureMessage(error: unknown): string {
  const body = (error as { body?: unknown })?.body;
  const own = (error as { message?: unknown })?.message;
  return errorMessage(body, typeof own === 'string' && own ? own : 'Failed to login');
}

export const authProvider: AuthProvider = {
  async login({ email, password, keepLogin }: LoginParams) {
    try {
      const { json } = await httpRequest<{ user: SessionUserRecord; token: string }>(`${runtimeConfig().authUrl}/login`, {
        method: 'POST',
        anonymous: true,
        body: { email, password, isKeepLogin: keepLogin, userAgent: await describeUserAgent() },
      });
      storeSignIn(json.user, json.token);
    } catch (error) {
      throw new Error(loginFailureMessage(error));
    }
    return { redirectTo: '/dashboard' };
  },

  async logout() {
    const { token } = readSession();
    if (token) {
      await httpRequest(`${runtimeConfig().authUrl}/logout`).catch(() => undefined);
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
      throw { redirectTo: '/login', message: 'Your session has ended, please log in again' };
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
    if (!user) throw new Error('Not signed in');
    return identityOf(user);
  },

  async getPermissions() {
    return currentPermissions();
  },

  async canAccess({ resource, action }) {
    return canDo(currentPermissions(), resource, action);
  },
};
