/** Password hashing (argon2id, OWASP's 19 MiB / t=2 / p=1) and the password policy. */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so both answers take the same time.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= hashPassword('not-a-real-password-just-for-timing'));
}

const COMMON = new Set(
  readFileSync(fileURLToPath(new URL('./common-passwords.txt', import.meta.url)), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

import { PASSWORD_MAX, PASSWORD_MIN } from '@model/rules';

/** null when acceptable, else the reason to show. Long passphrases are welcome; no composition rules. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common, choose another';
  return null;
}
