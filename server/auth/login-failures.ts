/**
 * What a failed sign-in costs, counted by account (the e-mail as typed, known or not, so no
 * answer tells which addresses have accounts) and client address (an IPv6 client by its /64):
 *
 * * One address that fails `maxFailures` times on an account within `lockSeconds` is locked
 *   out of that account until `lockSeconds` after its last failure (423). Other addresses are
 *   not affected, so strangers cannot lock the owner out.
 * * When an account's failures from all addresses exceed `maxFailures` within that time (more
 *   than one address is allowed, so several are guessing), every further try from an address
 *   that has failed on it waits first, 1 s doubling to 30 s; right or wrong, so the wait does
 *   not give the answer away. The owner is told by mail, once per `lockSeconds`.
 * * An address that has not failed is never slowed down.
 *
 * Only failures count, yet parallel guesses cannot get more passwords checked than the limit:
 * each check is reserved before the password is verified, at most `maxFailures - failures` at
 * a time for one account and address. A request beyond that waits for one to be answered: a
 * right password clears the count and lets the next one through, a wrong one may lock.
 */
import type { CompiledQuery } from 'kysely';
import { isIPv6 } from 'node:net';
import type { Db } from '../db/database.ts';
import { runStatement } from '../db/prepared.ts';
import type { Config } from '../config.ts';

export const SLOW_DOWN_FIRST_MS = 1000;
export const SLOW_DOWN_MAX_MS = 30_000;
/** A reservation this old was left by a process that stopped in the middle of a check. */
const RESERVATION_STALE_MS = 60_000;
/** How long a waiting request sleeps when no answer in this process wakes it (another process may hold the reservation). */
const WAIT_POLL_MS = 20;

export interface ThrottleKey {
  email: string;
  address: string;
}

/** The address failures are counted by: IPv4 as is, IPv6 by its /64 (one subscriber's network). */
export function clientNetwork(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  // A dotted IPv4 tail is the last 32 bits: it only takes up two groups' room.
  const groups = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head, tail] = address.split('::') as [string, string | undefined];
  const first = groups(head);
  const full = tail === undefined ? first : [...first, ...Array(8 - first.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** How long a try from an address that failed waits, given the account's failures from every address. */
export function slowDownMs(config: Config, accountFailures: number): number {
  const excess = accountFailures - config.lockout.maxFailures;
  return excess <= 0 ? 0 : Math.min(SLOW_DOWN_MAX_MS, SLOW_DOWN_FIRST_MS * 2 ** (excess - 1));
}

export interface AdmissionState {
  /** A check was reserved: verify the password, then record the outcome. */
  reserved: boolean;
  pair_failures: number;
  pair_last_failure_at: Date | null;
  account_failures: number;
}

export type Admission = { kind: 'check' } | { kind: 'locked'; minutesLeft: number } | { kind: 'slow-down'; ms: number } | { kind: 'wait' };

function windowStart(config: Config, now: Date) {
  return new Date(now.getTime() - config.lockout.lockSeconds * 1000);
}

/*
 * The statements of a sign-in are written out once, with numbered parameters, rather than
 * built per request: they run on every sign-in, and are prepared once per connection.
 */

/** For a row of login_failures: its failures within the lock period ($4: when that began). */
const PAIR_FAILURES = 'case when login_failures.last_failure_at > $4 then login_failures.failures else 0 end';
/** Its checks in flight, forgetting reservations older than $5 (their process died). */
const PAIR_IN_FLIGHT = 'case when login_failures.in_flight_at > $5 then login_failures.in_flight else 0 end';

/**
 * The statement that reserves a check for an account and address when it may have one, and
 * reads the failure state beside `extra` (a one-row-or-none query whose only parameter, $1, is
 * the e-mail: the account's user), so a sign-in needs no other round trip before its check.
 * Parameters: $1 e-mail, $2 address, $3 now, $4 start of the lock period, $5 stale before,
 * $6 the failure limit, $7 whether the slow-down was already served.
 */
export function reserveStatement(extra: CompiledQuery): string {
  if (extra.parameters.length !== 1) throw new Error('The query read beside a reservation takes the e-mail as its only parameter');
  return `/* prepared:sign_in_reserve */
    with reserved as (
      insert into login_failures (email, address, failures, last_failure_at, in_flight, in_flight_at)
      values ($1, $2, 0, null, 1, $3)
      on conflict (email, address) do update set
        failures = ${PAIR_FAILURES},
        in_flight = ${PAIR_IN_FLIGHT} + 1,
        in_flight_at = $3
      where ${PAIR_FAILURES} + ${PAIR_IN_FLIGHT} < $6
        and ($7::boolean or ${PAIR_FAILURES} = 0 or not coalesce(
          (select a.failures > $6 from login_account_failures a where a.email = $1 and a.last_failure_at > $4), false))
      returning 1
    )
    select
      exists (select 1 from reserved) as reserved,
      coalesce(case when p.last_failure_at > $4 then p.failures end, 0) as pair_failures,
      p.last_failure_at as pair_last_failure_at,
      coalesce(case when a.last_failure_at > $4 then a.failures end, 0) as account_failures,
      extra.*
    from (select 1) as one
    left join login_failures p on p.email = $1 and p.address = $2
    left join login_account_failures a on a.email = $1
    left join (${extra.sql}) as extra on true`;
}

/** Runs a `reserveStatement`. */
export async function reserveCheck<Extra extends object>(
  db: Db,
  config: Config,
  statement: string,
  key: ThrottleKey,
  now: Date,
  waited: boolean,
): Promise<AdmissionState & Partial<Extra>> {
  const stale = new Date(now.getTime() - RESERVATION_STALE_MS);
  const parameters = [key.email, key.address, now, windowStart(config, now), stale, config.lockout.maxFailures, waited];
  const rows = await runStatement<AdmissionState & Partial<Extra>>(db, statement, parameters);
  return rows[0]!;
}

/** What the state read beside a refused reservation means for the request. */
export function admission(config: Config, state: AdmissionState, now: Date, waited: boolean): Admission {
  if (state.reserved) return { kind: 'check' };
  if (state.pair_failures >= config.lockout.maxFailures && state.pair_last_failure_at) {
    const left = state.pair_last_failure_at.getTime() + config.lockout.lockSeconds * 1000 - now.getTime();
    return { kind: 'locked', minutesLeft: Math.max(1, Math.ceil(left / 60_000)) };
  }
  const ms = state.pair_failures > 0 && !waited ? slowDownMs(config, state.account_failures) : 0;
  // Otherwise the limit is taken by checks in flight: wait for one to be answered.
  return ms > 0 ? { kind: 'slow-down', ms } : { kind: 'wait' };
}

/**
 * A right password: the reservation is released and this address's count cleared ($1 e-mail,
 * $2 address). A statement of its own, or the head of the one that opens the session.
 */
export const RELEASE_AFTER_SUCCESS =
  'update login_failures set in_flight = greatest(in_flight - 1, 0), failures = 0, last_failure_at = null where email = $1 and address = $2';

export interface FailureRecord {
  /** The account's failures from every address within the lock period, this one included. */
  accountFailures: number;
  /** Set on the one failure that should tell the owner: how many addresses failed. */
  notice?: { addresses: number };
}

/** The account's failures, this one counted (on login_account_failures as a). */
const ACCOUNT_FAILURES = 'case when a.last_failure_at > $4 then a.failures + 1 else 1 end';
// Each failure gets its own count, so only the failure that set `notified_at_failures` sees its own.
const NOTIFY = `${ACCOUNT_FAILURES} > $5 and (a.notified_at is null or a.notified_at <= $4)`;
/** $1 e-mail, $2 address, $3 now, $4 start of the lock period, $5 the failure limit. */
const RECORD_FAILURE = `/* prepared:sign_in_failed */
  with pair as (
    update login_failures set
      in_flight = greatest(in_flight - 1, 0),
      failures = case when last_failure_at > $4 then failures + 1 else 1 end,
      last_failure_at = $3
    where email = $1 and address = $2
    returning 1
  ), account as (
    insert into login_account_failures as a (email, failures, last_failure_at) values ($1, 1, $3)
    on conflict (email) do update set
      failures = ${ACCOUNT_FAILURES},
      last_failure_at = $3,
      notified_at = case when ${NOTIFY} then $3 else a.notified_at end,
      notified_at_failures = case when ${NOTIFY} then ${ACCOUNT_FAILURES} else a.notified_at_failures end
    returning failures, coalesce(notified_at_failures = failures, false) as notify
  )
  select account.failures, account.notify,
    case when account.notify then 1 + (
      select count(*) from login_failures where email = $1 and address <> $2 and last_failure_at > $4
    ) end as addresses
  from account`;

/** A wrong password: one statement counts it for the address and the account, and releases the reservation. */
export async function recordFailure(db: Db, config: Config, key: ThrottleKey, now: Date): Promise<FailureRecord> {
  const parameters = [key.email, key.address, now, windowStart(config, now), config.lockout.maxFailures];
  const rows = await runStatement<{ failures: number; notify: boolean; addresses: string | null }>(db, RECORD_FAILURE, parameters);
  const row = rows[0]!;
  return { accountFailures: row.failures, ...(row.notify ? { notice: { addresses: Number(row.addresses) } } : {}) };
}

/** Forgets rows that no longer count: failures older than the lock period and no check in flight. */
export async function purgeStaleFailures(db: Db, config: Config, now: Date): Promise<void> {
  const since = windowStart(config, now);
  const stale = new Date(now.getTime() - RESERVATION_STALE_MS);
  await db
    .deleteFrom('login_failures')
    .where((eb) => eb.or([eb('last_failure_at', 'is', null), eb('last_failure_at', '<=', since)]))
    .where((eb) => eb.or([eb('in_flight', '=', 0), eb('in_flight_at', 'is', null), eb('in_flight_at', '<=', stale)]))
    .execute();
  await db.deleteFrom('login_account_failures').where('last_failure_at', '<=', since).execute();
}

/**
 * The checks of one account and address in this process. At most `capacity` (the failure
 * limit) run at once, the rest queue in order, so a burst of sign-ins does not turn into a burst
 * of refused reservations; the database's reservation still decides (across processes, and once
 * failures have lowered the limit), and a request it refuses waits here for an answer to come
 * in (or, when another process holds the reservation, polls).
 */
export class LocalChecks {
  private readonly keys = new Map<string, { running: number; queued: Array<() => void>; waiting: Set<() => void> }>();

  constructor(private readonly capacity: number) {}

  private entry(key: ThrottleKey) {
    const id = `${key.email}\n${key.address}`;
    let entry = this.keys.get(id);
    if (!entry) this.keys.set(id, (entry = { running: 0, queued: [], waiting: new Set() }));
    return { id, entry };
  }

  async run<T>(key: ThrottleKey, work: () => Promise<T>): Promise<T> {
    const { id, entry } = this.entry(key);
    if (entry.running < this.capacity) entry.running++;
    else await new Promise<void>((resolve) => entry.queued.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes to the next in line, or is given back.
      const next = entry.queued.shift();
      if (next) next();
      else if (--entry.running === 0 && !entry.waiting.size) this.keys.delete(id);
    }
  }

  /** Waits until a check of this account and address is answered here, or a short while. */
  waitForAnswer(key: ThrottleKey): Promise<void> {
    const { entry } = this.entry(key);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        entry.waiting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, WAIT_POLL_MS);
      entry.waiting.add(wake);
    });
  }

  /** A check was answered: who waited for the database looks again (a right password freed a place, a wrong one may have locked). */
  answered(key: ThrottleKey): void {
    for (const wake of [...this.entry(key).entry.waiting]) wake();
  }
}
