/**
 * fetch with the stored bearer token, JSON in and out, and the servers' error bodies turned
 * into react-admin HttpErrors whose message is the server's `message`. A 401 on an ordinary
 * call tries one token refresh (spec 1 §4) and replays the call; if that fails, the 401 stands
 * and the auth provider signs the user out.
 */
import { HttpError } from 'react-admin';
import { readSession, storeSignIn, type SessionUserRecord } from '../session/session-store';
import { runtimeConfig } from '../config/runtime-config';

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Skip the bearer token and the refresh-on-401 (sign-in calls). */
  anonymous?: boolean;
  /** What the answer should be (JSON unless told otherwise, e.g. a CSV download). */
  accept?: string;
}

async function parse(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function errorMessage(body: unknown, fallback: string): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : fallback;
}

async function send(url: string, options: RequestOptions): Promise<{ response: Response; sentWith?: string }> {
  const headers = new Headers({ Accept: options.accept ?? 'application/json' });
  const multipart = options.body instanceof FormData;
  // FormData sets its own multipart Content-Type (with the boundary).
  if (options.body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  const token = readSession().token;
  if (token && !options.anonymous) headers.set('Authorization', `Bearer ${token}`);
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
  });
  return { response, sentWith: options.anonymous ? undefined : token };
}

let refreshing: Promise<boolean> | undefined;

/**
 * POST /user/verify and keep what it answers: a 401 carrying user and token is a refresh
 * (spec 1 §4); a 200 is the user (and their role's flags) as the server sees them now.
 * Shared by concurrent callers. Used after a 401, and after a 403 for a missing flag so the
 * screens stop offering what is no longer allowed.
 */
export function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    const token = readSession().token;
    if (!token) return false;
    try {
      const { response } = await send(`${runtimeConfig().authUrl}/user/verify`, { method: 'POST', body: { token }, anonymous: true });
      const body = (await parse(response)) as { user?: SessionUserRecord; token?: string } | undefined;
      // 401 with user and token: refreshed. 200: the stored token is good (another call refreshed it first).
      if ((response.status === 401 || response.status === 200) && body?.user && body.token) {
        storeSignIn(body.user, body.token);
        return true;
      }
      return false;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Sends, and on a 401 replays once: at once if another call already stored a newer token, else after a refresh. */
async function sendWithRefresh(url: string, options: RequestOptions): Promise<Response> {
  let { response, sentWith } = await send(url, options);
  if (response.status === 401 && !options.anonymous) {
    const newer = readSession().token !== sentWith;
    if (newer || (await refreshToken())) ({ response } = await send(url, options));
  }
  return response;
}

/** A failed answer as react-admin's HttpError, carrying the server's message. */
async function failure(response: Response, json: unknown): Promise<HttpError> {
  if (response.status === 403 && (json as { code?: string } | undefined)?.code === 'FORBIDDEN') await refreshToken();
  // react-admin forms read per-field server errors from body.errors; our servers send `fields`.
  const fields = (json as { fields?: Record<string, string> } | undefined)?.fields;
  const body = fields ? { ...(json as object), errors: fields } : json;
  return new HttpError(errorMessage(json, response.statusText || `Request failed (${response.status})`), response.status, body);
}

export async function httpRequest<T = unknown>(url: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const response = await sendWithRefresh(url, options);
  const json = await parse(response);
  if (!response.ok) throw await failure(response, json);
  return { status: response.status, headers: response.headers, json: json as T };
}

/** A file the server makes (a CSV export), fetched with the bearer token like any other call. */
export async function httpDownload(url: string, accept: string): Promise<Blob> {
  const response = await sendWithRefresh(url, { accept });
  if (!response.ok) throw await failure(response, await parse(response));
  return response.blob();
}
