/**
 * Access tokens: short-lived HS256 JWTs (hs256.ts) naming a session. The signing key lives in the
 * database (or AUTH_SECRET), so the auth and api servers agree even as separate processes.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { checkHs256, signHs256 } from './hs256.ts';

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
    return signHs256({ sid: claims.sid, sub: claims.sub, iat, exp: iat + ttlSeconds }, this.key);
  }

  /** Checks the signature; reports an expired token with its claims (refresh needs them). */
  async check(token: string, now: Date): Promise<TokenCheck> {
    const checked = checkHs256(token, this.key, Math.floor(now.getTime() / 1000));
    if (!checked.payload) return { ok: false, expired: false };
    const claims = { sub: String(checked.payload.sub), sid: String(checked.payload.sid) };
    return checked.ok ? { ok: true, claims } : { ok: false, expired: true, claims };
  }
}

export { bearerToken } from '../http/session.ts';
