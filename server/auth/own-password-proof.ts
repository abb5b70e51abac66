/**
 * Proving one knows one's own password, to change it or one's e-mail, is a sign-in by another
 * door: its failures are counted, locked and slowed exactly like sign-in failures, per account
 * and client address (server/auth/login-failures.ts). Otherwise a stolen token could guess the
 * password at the server's full speed and then take the account for good.
 */
import { CompiledQuery } from 'kysely';
import type { AppContext } from '../context.ts';
import { problems } from '../http/errors.ts';
import { verifyPassword } from './passwords.ts';
import { admission, recordFailure, RELEASE_AFTER_SUCCESS, reserveCheck, reserveStatement, type ThrottleKey } from './login-failures.ts';

// Nothing needs reading beside the reservation: the account's hash is already in hand.
const RESERVE = reserveStatement(CompiledQuery.raw('select $1::text as proof_for', ['']));
/** How often, and how many times, a request looks again while the account's checks in flight are all taken. */
const IN_FLIGHT_POLL_MS = 20;
const IN_FLIGHT_POLLS = 500;

/** Answers when `given` is the password of the account (e-mail, hash); else throws, having counted the failure. */
export async function proveOwnPassword(
  ctx: AppContext,
  account: { email: string; passwordHash: string },
  given: string,
  address: string,
): Promise<void> {
  const { db, config } = ctx;
  const key: ThrottleKey = { email: account.email.trim().toLowerCase(), address };
  let waited = false;
  for (let polls = 0; ;) {
    const now = config.clock.now();
    const next = admission(config, await reserveCheck(db, config, RESERVE, key, now, waited), now, waited);
    if (next.kind === 'check') break;
    if (next.kind === 'locked') throw problems.accountLocked(next.minutesLeft);
    if (next.kind === 'slow-down') {
      await config.clock.sleep(next.ms);
      waited = true;
    } else {
      if (++polls > IN_FLIGHT_POLLS) throw problems.tryAgain();
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    }
  }
  if (!(await verifyPassword(account.passwordHash, given))) {
    await recordFailure(db, config, key, config.clock.now());
    throw problems.currentPasswordWrong();
  }
  await db.executeQuery(CompiledQuery.raw(RELEASE_AFTER_SUCCESS, [key.email, key.address]));
}
