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
import { sql, type Compilable, type QueryCreator } from 'kysely';
import { isIPv6 } from 'node:net';
import type { Database, Db } from '../db/database.ts';
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
  return `${full.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
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

export type Admission =
  | { kind: 'check' }
  | { kind: 'locked'; minutesLeft: number }
  | { kind: 'slow-down'; ms: number }
  | { kind: 'wait' };

function windowStart(config: Config, now: Date) {
  return new Date(now.getTime() - config.lockout.lockSeconds * 1000);
}

/**
 * One statement: reserves a check for this account and address when it may have one, and
 * reads the failure state beside `extra` (any one-row-or-none query, e.g. the account's user),
 * so a sign-in needs no other round trip before its password check.
 * `waited` says the slow-down was already served.
 */
export async function reserveCheck<Extra extends object>(
  db: Db,
  config: Config,
  key: ThrottleKey,
  now: Date,
  waited: boolean,
  extra: Compilable<Extra>,
): Promise<AdmissionState & Partial<Extra>> {
  const { email, address } = key;
  const since = windowStart(config, now);
  const limit = config.lockout.maxFailures;
  const failures = sql`case when login_failures.last_failure_at > ${since} then login_failures.failures else 0 end`;
  const inFlight = sql`case when login_failures.in_flight_at > ${new Date(now.getTime() - RESERVATION_STALE_MS)} then login_failures.in_flight else 0 end`;
  const underAttack = sql`coalesce((select a.failures > ${limit} from login_account_failures a where a.email = ${email} and a.last_failure_at > ${since}), false)`;
  const { rows } = await sql<AdmissionState & Partial<Extra>>`
    with reserved as (
      insert into login_failures (email, address, failures, last_failure_at, in_flight, in_flight_at)
      values (${email}, ${address}, 0, null, 1, ${now})
      on conflict (email, address) do update set
        failures = ${failures},
        in_flight = ${inFlight} + 1,
        in_flight_at = ${now}
      where ${failures} + ${inFlight} < ${limit}
        and (${waited}::boolean or ${failures} = 0 or not ${underAttack})
      returning 1
    )
    select
      exists (select 1 from reserved) as reserved,
      coalesce(case when p.last_failure_at > ${since} then p.failures end, 0) as pair_failures,
      p.last_failure_at as pair_last_failure_at,
      coalesce(case when a.last_failure_at > ${since} then a.failures end, 0) as account_failures,
      extra.*
    from (select 1) as one
    left join login_failures p on p.email = ${email} and p.address = ${address}
    left join login_account_failures a on a.email = ${email}
    left join (${extra}) as extra on true`.execute(db);
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
 * A right password: the reservation is released and this address's count cleared. Returned
 * unexecuted so the caller can run it in the statement that opens the session.
 */
export function releaseAfterSuccess(db: QueryCreator<Database>, key: ThrottleKey) {
  return db
    .updateTable('login_failures')
    .set({ in_flight: sql`greatest(in_flight - 1, 0)`, failures: 0, last_failure_at: null })
    .where('email', '=', key.email)
    .where('address', '=', key.address);
}

export interface FailureRecord {
  /** The account's failures from every address within the lock period, this one included. */
  accountFailures: number;
  /** Set on the one failure that should tell the owner: how many addresses failed. */
  notice?: { addresses: number };
}

/** A wrong password: one statement counts it for the address and the account, and releases the reservation. */
export async function recordFailure(db: Db, config: Config, key: ThrottleKey, now: Date): Promise<FailureRecord> {
  const { email, address } = key;
  const since = windowStart(config, now);
  const failures = sql`case when a.last_failure_at > ${since} then a.failures + 1 else 1 end`;
  // Each failure gets its own count, so only the failure that set `notified_at_failures` sees its own.
  const notify = sql`${failures} > ${config.lockout.maxFailures} and (a.notified_at is null or a.notified_at <= ${since})`;
  const { rows } = await sql<{ failures: number; notify: boolean; addresses: string | null }>`
    with pair as (
      update login_failures set
        in_flight = greatest(in_flight - 1, 0),
        failures = case when last_failure_at > ${since} then failures + 1 else 1 end,
        last_failure_at = ${now}
      where email = ${email} and address = ${address}
      returning 1
    ), account as (
      insert into login_account_failures as a (email, failures, last_failure_at) values (${email}, 1, ${now})
      on conflict (email) do update set
        failures = ${failures},
        last_failure_at = ${now},
        notified_at = case when ${notify} then ${now} else a.notified_at end,
        notified_at_failures = case when ${notify} then ${failures} else a.notified_at_failures end
      returning failures, coalesce(notified_at_failures = failures, false) as notify
    )
    select account.failures, account.notify,
      case when account.notify then 1 + (
        select count(*) from login_failures
        where email = ${email} and address <> ${address} and last_failure_at > ${since}
      ) end as addresses
    from account`.execute(db);
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
