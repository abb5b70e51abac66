/**
 * HS256 JSON Web Tokens (RFC 7519, compact form) signed and checked with node:crypto's HMAC,
 * synchronously. Every request checks one; jose 6 does it through WebCrypto, whose HMAC is an
 * async job on libuv's thread pool: about 250 µs a check against 9 µs here, and it queues
 * behind the argon2 verifies of sign-ins, which run on the same pool.
 *
 * The checks are jose's for these claims: the header names HS256 and no `crit`, the signature
 * is the HMAC of the first two parts as sent, in its one spelling (so no other spelling passes), `exp` is
 * required (a token that never expires is refused) and ended when `exp <= now`, `nbf` when
 * present is reached, `iat` when present is a number.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type Hs256Claims = Record<string, unknown> & { exp: number };

export type Hs256Check = { ok: true; payload: Hs256Claims } | { ok: false; expired: boolean; payload?: Hs256Claims };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;

const mac = (key: Uint8Array, signed: string) => createHmac('sha256', key).update(signed).digest();

export function signHs256(payload: Hs256Claims, key: Uint8Array): string {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${mac(key, signed).toString('base64url')}`;
}

function json(segment: string): Record<string, unknown> | undefined {
  if (!SEGMENT.test(segment)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `now`: seconds since the epoch. */
export function checkHs256(token: string, key: Uint8Array, now: number): Hs256Check {
  const refused = { ok: false, expired: false } as const;
  const parts = token.split('.');
  if (parts.length !== 3) return refused;
  const [header, body, signature] = parts as [string, string, string];
  // Compared as text: the one spelling of the MAC passes, in constant time.
  const expected = Buffer.from(mac(key, `${header}.${body}`).toString('base64url'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return refused;
  const head = json(header);
  if (!head || head.alg !== 'HS256' || 'crit' in head) return refused;
  const payload = json(body);
  if (!payload || typeof payload.exp !== 'number') return refused;
  if ('iat' in payload && typeof payload.iat !== 'number') return refused;
  if ('nbf' in payload && (typeof payload.nbf !== 'number' || payload.nbf > now)) return refused;
  const claims = payload as Hs256Claims;
  return claims.exp <= now ? { ok: false, expired: true, payload: claims } : { ok: true, payload: claims };
}
