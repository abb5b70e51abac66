// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SignJWT, jwtVerify } from 'jose';
import { checkHs256, signHs256 } from '../../server/auth/hs256.ts';

const key = new TextEncoder().encode('a signing key of the kind app_secrets holds, long enough');
const otherKey = new TextEncoder().encode('another key');
const NOW = 1_800_000_000;
const claims = { sid: 'session-1', sub: 'user-1', iat: NOW, exp: NOW + 900 };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed over whatever header and payload text is given. */
const signedOver = async (header: object, payload: object) => {
  const jwt = new SignJWT(payload as Record<string, unknown>).setProtectedHeader(header as { alg: string });
  return jwt.sign(key);
};

describe('HS256 tokens', () => {
  it('reads what jose signs, and jose reads what it signs, with the same claims', async () => {
    const fromJose = await new SignJWT({ sid: 'session-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setIssuedAt(NOW)
      .setExpirationTime(NOW + 900)
      .sign(key);
    expect(checkHs256(fromJose, key, NOW)).toEqual({ ok: true, payload: claims });
    const ours = signHs256(claims, key);
    expect(ours).toBe(fromJose);
    const { payload } = await jwtVerify(ours, key, { algorithms: ['HS256'], currentDate: new Date(NOW * 1000) });
    expect(payload).toEqual(claims);
  });

  it('reports an ended token as expired with its claims, at the second it ends', () => {
    const token = signHs256(claims, key);
    expect(checkHs256(token, key, NOW + 899).ok).toBe(true);
    expect(checkHs256(token, key, NOW + 900)).toEqual({ ok: false, expired: true, payload: claims });
  });

  it('refuses another key, a changed payload, a changed or re-spelled signature, and no signature', () => {
    const token = signHs256(claims, key);
    const [header, , signature] = token.split('.') as [string, string, string];
    const refused = { ok: false, expired: false };
    expect(checkHs256(token, otherKey, NOW)).toEqual(refused);
    expect(checkHs256(`${header}.${b64({ ...claims, sub: 'admin' })}.${signature}`, key, NOW)).toEqual(refused);
    const last = signature.at(-1)!;
    // The last character carries 2 spare bits: a neighbour may decode to the same 32 bytes.
    const respelled = signature.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    expect(checkHs256(`${header}.${token.split('.')[1]}.${respelled}`, key, NOW)).toEqual(refused);
    expect(checkHs256(`${header}.${token.split('.')[1]}.`, key, NOW)).toEqual(refused);
    expect(checkHs256(`${token}.extra`, key, NOW)).toEqual(refused);
    expect(checkHs256('not a token', key, NOW)).toEqual(refused);
    expect(checkHs256(`${header}.${token.split('.')[1]}.${signature.slice(0, -1)}é`, key, NOW)).toEqual(refused);
  });

  it('refuses a well-signed token whose header names another algorithm or a critical extension', async () => {
    expect(checkHs256(await signedOver({ alg: 'HS256', crit: ['b64'], b64: true }, claims), key, NOW).ok).toBe(false);
    const none = `${b64({ alg: 'none' })}.${b64(claims)}.`;
    expect(checkHs256(none, key, NOW).ok).toBe(false);
  });

  it('refuses a token without a numeric exp, with a text iat, or not valid before a later time', async () => {
    const { exp: _exp, ...noExp } = claims;
    expect(checkHs256(await signedOver({ alg: 'HS256' }, noExp), key, NOW).ok).toBe(false);
    expect(checkHs256(await signedOver({ alg: 'HS256' }, { ...claims, exp: String(claims.exp) }), key, NOW).ok).toBe(false);
    expect(checkHs256(await signedOver({ alg: 'HS256' }, { ...claims, iat: 'now' }), key, NOW).ok).toBe(false);
    expect(checkHs256(await signedOver({ alg: 'HS256' }, { ...claims, nbf: NOW + 60 }), key, NOW).ok).toBe(false);
    expect(checkHs256(await signedOver({ alg: 'HS256' }, { ...claims, nbf: NOW }), key, NOW).ok).toBe(true);
  });
});
