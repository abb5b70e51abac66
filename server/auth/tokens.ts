/**
 * Access tokens: short-lived HS256 JWTs (jose) naming a session. The signing key lives in the
 * database (or AUTH_SECRET), so the auth and api servers agree even as separate processes.
 */
import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

export interface TokenClaims {
  sub: string; // user id
  sid: string; // session id
}

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; expired: boolean; claims?: TokenClaims };

export class TokenService {
  private constructor(private readonly key: Uint8Array) {}

  static async create(db: Db, secret = process.env.AUTH_SECRET): Promise<TokenService> {
    if (secret) return new TokenService(new TextEncoder().encode(secret));
    const fresh = randomBytes(48).toString('base64url');
    await db
      .insertInto('app_secrets')
      .values({ name: 'jwt', value: fresh })
      .onConflict((c) => c.doNothing())
      .execute();
    const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt').executeTakeFirstOrThrow();
    return new TokenService(new TextEncoder().encode(row.value));
  }

  async sign(claims: TokenClaims, now: Date, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.key);
  }

  /** Checks the signature; reports an expired token with its claims (refresh needs them). */
  async check(token: string, now: Date): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], currentDate: now });
      return { ok: true, claims: { sub: String(payload.sub), sid: String(payload.sid) } };
    } catch (err) {
      if (err instanceof errors.JWTExpired) {
        return { ok: false, expired: true, claims: { sub: String(err.payload.sub), sid: String(err.payload.sid) } };
      }
      return { ok: false, expired: false };
    }
  }
}

export { bearerToken } from '../http/session.ts';
