/**
 * react-admin's fetchJson with the session: the stored bearer token, one replay after a 401 once
 * the session is renewed (spec 1 §4), and the servers' error answers `{ message, code, fields }`
 * as HttpErrors whose message is the server's and whose `body.errors` carries the per-field
 * messages where react-admin's forms look for them.
 */
import { fetchUtils, HttpError } from 'react-admin';
import type { ErrorAnswer } from '@model/generated';
import { readSession } from '../session/session-store';
import { renewAfterRejection, renewSession } from '../session/session-refresh';
import { translate } from './i18n-provider';
import { currentLocale } from '../i18n/direction';
import { DEFAULT_LOCALE } from '../i18n/locales';

export type HttpOptions = fetchUtils.Options;

export interface HttpAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: string;
  json: T;
}

/** An error answer's body as react-admin reads it: the server's own, plus `errors` for forms. */
export type ErrorBody = Partial<ErrorAnswer> & { errors?: Record<string, string> };

/**
 * What a failed call says to the user. In English, the server's own message (it names the
 * specifics). In another language, the catalogue's words for the answer's code, with its params
 * (errors.<CODE>: src/i18n/<language>/errors.ts); the server's message when the code has none.
 */
export function errorMessage(body: unknown, fallback: string): string {
  const { message, code, params } = (body ?? {}) as { message?: unknown; code?: unknown; params?: Record<string, unknown> };
  const own = typeof message === 'string' && message ? message : fallback;
  if (typeof code !== 'string' || !code || currentLocale().locale === DEFAULT_LOCALE) return own;
  return translate(`errors.${code}`, { ...params, _: own });
}

/** A failed call's message when the server gave neither a message nor a status text. */
const requestFailed = (status: number) => translate('app.people.session.request_failed', { status });

const statusOf = (error: unknown) => (error as { status?: unknown })?.status;

/** The server's per-field messages of a failed call (`{ fields }` of the error answer), none when it named no field. */
export function errorFields(error: unknown): Record<string, string | undefined> {
  return ((error as { body?: ErrorBody } | null)?.body?.fields ?? {}) as Record<string, string | undefined>;
}

/** The server's per-field messages (`fields`) also as `errors`, which react-admin's forms show beside the inputs. */
function withFieldErrors(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  const body = error.body as ErrorBody | undefined;
  if (!body?.fields) return error;
  return new HttpError(error.message, error.status, { ...body, errors: body.fields } satisfies ErrorBody);
}

/**
 * Runs a call with the stored token. A 401 to it renews the session once (shared with every
 * other call that got one) and replays it with the new token; a 403 for a missing flag re-reads
 * the user from the server first, so the screens stop offering what the role no longer allows.
 */
async function withSession<T>(send: (token: string | undefined) => Promise<T>): Promise<T> {
  const token = readSession().token;
  try {
    return await send(token);
  } catch (error) {
    if (statusOf(error) === 401 && (await renewAfterRejection(token))) return send(readSession().token);
    if (statusOf(error) === 403 && (error as HttpError).body?.code === 'FORBIDDEN') await renewSession();
    throw error;
  }
}

const bearer = (token: string | undefined): HttpOptions['user'] => (token ? { authenticated: true, token: `Bearer ${token}` } : undefined);

/** A call to our servers as the signed-in user. */
export function fetchWithSession<T = unknown>(url: string, options: HttpOptions = {}): Promise<HttpAnswer<T>> {
  return withSession((token) => fetchUtils.fetchJson(url, { ...options, user: bearer(token) })).catch((error: unknown) => {
    throw withFieldErrors(error);
  });
}

/**
 * A form with files sent with the session, reporting how much of it has gone up (fetch cannot
 * tell): XMLHttpRequest, answered and refused as fetchWithSession is.
 */
export function uploadWithSession<T = unknown>(
  url: string,
  options: { method: 'POST' | 'PATCH' | 'PUT'; body: FormData; onUploadProgress?: (fraction: number) => void },
): Promise<HttpAnswer<T>> {
  return withSession(
    (token) =>
      new Promise<HttpAnswer<T>>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open(options.method, url);
        xhr.setRequestHeader('Accept', 'application/json');
        if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) options.onUploadProgress?.(event.loaded / event.total);
        });
        xhr.addEventListener('load', () => {
          let json: unknown;
          try {
            json = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
          } catch {
            json = xhr.responseText;
          }
          if (xhr.status >= 200 && xhr.status < 300) {
            resolve({ status: xhr.status, headers: responseHeaders(xhr), body: xhr.responseText, json: json as T });
          } else {
            reject(new HttpError(errorMessage(json, xhr.statusText || requestFailed(xhr.status)), xhr.status, json));
          }
        });
        xhr.addEventListener('error', () => reject(new TypeError(translate('app.people.session.failed_to_fetch'))));
        xhr.addEventListener('abort', () => reject(new DOMException(translate('app.people.session.upload_cancelled'), 'AbortError')));
        xhr.send(options.body);
      }),
  ).catch((error: unknown) => {
    throw withFieldErrors(error);
  });
}

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

/** A call made signed out (sign-in, forgot and reset password): no token, no renewal. */
export function fetchAnonymous<T = unknown>(url: string, options: HttpOptions = {}): Promise<HttpAnswer<T>> {
  return fetchUtils.fetchJson(url, options).catch((error: unknown) => {
    throw withFieldErrors(error);
  });
}

/** A file the server makes (a CSV export), fetched as bytes (text would lose its byte-order mark) with the session. */
export function downloadWithSession(url: string, accept: string): Promise<Blob> {
  return withSession(async (token) => {
    const headers = new Headers({ Accept: accept });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetch(url, { headers });
    if (response.ok) return response.blob();
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    throw new HttpError(errorMessage(body, response.statusText || requestFailed(response.status)), response.status, body);
  }).catch((error: unknown) => {
    throw withFieldErrors(error);
  });
}

/**
 * Re-reads the signed-in user (their role's flags) from the server now, e.g. after changing a
 * role that may be one's own. Answers whether the session is still alive.
 */
export async function refreshToken(): Promise<boolean> {
  const outcome = await renewSession();
  return outcome === 'valid' || outcome === 'refreshed';
}
