/**
 * The work of POST /login in as few round trips as it takes: one statement reserves a password
 * check and reads the live user with role, designation and failure state; then the argon2
 * verify; then one statement records the outcome and, for a right password, opens the session.
 * An unknown e-mail takes the very same path (against a dummy hash), so it answers alike.
 */
import { CompiledQuery, sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { problems } from '../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';
import {
  admission,
  LocalChecks,
  recordFailure,
  RELEASE_AFTER_SUCCESS,
  reserveCheck,
  reserveStatement,
  type ThrottleKey,
} from './login-failures.ts';
import { newSessionRow } from './sessions.ts';
import { ENTRY_FLAG, userRowToWire, userViewQuery, type SessionClient } from './session-user.ts';
import { signInAttemptsNotice } from './sign-in-notice.ts';
import { mailTextsFor } from '../mail/mail-language.ts';
import { ChangeSet, changeRowParameters, withChangeRow, type ChangeContext } from '../changes/change-log.ts';
import type { Db } from '../db/database.ts';
import { countStatement } from '../db/prepared.ts';

export interface SignInRequest {
  /** Trimmed and lower-cased. */
  email: string;
  password: string;
  /** The client's network, as `clientNetwork` gives it. */
  address: string;
  keepLogin: boolean;
  userAgent?: string;
  /** The console (needs can_access_dashboard) or the mobile app (needs can_access_mobile). */
  client: SessionClient;
  /** Where the request came from, for the change log (the user becomes its actor once known). */
  context: ChangeContext;
}

interface UserRow {
  id: string;
  first_name: string;
  email: string;
  /** The console language they chose: their mails are written in it. */
  language: string | null;
  role_slug: string;
  status: boolean;
  password_hash: string;
  role_status: boolean;
  permission: Record<string, boolean>;
}

/** The statement's row holds the failure state and the hash beside the user: only the user goes out. */
const NOT_THE_USER = ['password_hash', 'role_status', 'reserved', 'pair_failures', 'pair_last_failure_at', 'account_failures'];
function wireUser(row: UserRow): Record<string, unknown> {
  const view: Record<string, unknown> = { ...row };
  for (const key of NOT_THE_USER) delete view[key];
  return userRowToWire(view as never);
}

/**
 * $1 e-mail, $2 address, then the session row: $3 id, $4 user, $5 keep login, $6 user agent,
 * $7 created, $8 refresh until, $10 the client; $9 the password hash the password was checked
 * against; from $11 its change row (withChangeRow). One statement, so one round trip and one
 * commit: the session and its change row are written together or not at all.
 * The session opens only if that is still the user's password and the user still live: a reset
 * or a deactivation committed during the verify ends every session, and must end this one too.
 * FOR SHARE waits for such a change in flight and then sees it.
 */
const OPEN_SESSION = `/* prepared:sign_in_passed */
  with released as (${RELEASE_AFTER_SUCCESS} returning 1),
  opened as (
    insert into sessions (id, user_id, keep_login, user_agent, created_at, refresh_until, client)
    select $3, $4, $5, $6, $7, $8, $10 from users
    where id = $4 and password_hash = $9 and status and deleted_at is null
      -- Read here so its row lock is taken before the change log's order lock, like the user's.
      and (select count(*) from released) >= 0
    for share
    returning id
  )${withChangeRow('opened', 11)}`;

/** What every sign-in of one server shares: the context, the checks in flight on this instance, the reserve statement. */
interface SignInKit {
  ctx: AppContext;
  checks: LocalChecks;
  reserveUser: string;
}

/** Waits as the failure state says until a password check is reserved; undefined user when the e-mail is unknown. */
async function reserve({ ctx: { db, config }, checks, reserveUser }: SignInKit, key: ThrottleKey) {
  let waited = false;
  for (;;) {
    const now = config.clock.now();
    const state = await reserveCheck<UserRow>(db, config, reserveUser, key, now, waited);
    const next = admission(config, state, now, waited);
    if (next.kind === 'check') return state.id ? (state as UserRow) : undefined;
    if (next.kind === 'locked') throw problems.accountLocked(next.minutesLeft);
    if (next.kind === 'slow-down') {
      await config.clock.sleep(next.ms);
      waited = true;
    } else {
      await checks.waitForAnswer(key);
    }
  }
}

/** Counts a wrong password (or an unknown e-mail), tells the owner when the count says so, and refuses. */
async function refuseCredentials({ db, config, mailer }: AppContext, key: ThrottleKey, user: UserRow | undefined): Promise<never> {
  const now = config.clock.now();
  const recorded = await recordFailure(db, config, key, now);
  if (recorded.notice && user) {
    mailer.sendInBackground(
      signInAttemptsNotice(await mailTextsFor(db, user.language), {
        to: user.email,
        firstName: user.first_name,
        failures: recorded.accountFailures,
        addresses: recorded.notice.addresses,
        at: now,
        windowMinutes: Math.round(config.lockout.lockSeconds / 60),
        consoleUrl: config.consoleUrl,
      }),
    );
  }
  throw problems.badCredentials();
}

/**
 * The right password, but the account, its role or the client's entry flag keeps the user out:
 * the reservation is released and this address's count cleared, as for any right password.
 */
async function refuseEntry(db: Db, key: ThrottleKey, user: UserRow, client: SessionClient): Promise<never> {
  await db.executeQuery(CompiledQuery.raw(RELEASE_AFTER_SUCCESS, [key.email, key.address]));
  if (!user.status) throw problems.accountInactive();
  throw client === 'mobile' ? problems.noMobileAccess() : problems.noDashboard();
}

/** Opens the session and records it; answers its id, or undefined when the password or the account changed while it was checked. */
async function openSession({ db, config }: AppContext, request: SignInRequest, key: ThrottleKey, user: UserRow) {
  const session = newSessionRow(config, user.id, request.keepLogin, request.userAgent);
  const { id, user_id, keep_login, user_agent, created_at, refresh_until } = session;
  const actor = { id: user.id, email: user.email, roleSlug: user.role_slug, sessionId: id, client: request.client };
  const change = new ChangeSet();
  change.record('session', id, null, { user_id, client: request.client, keep_login, user_agent });
  const written = await countStatement(db, OPEN_SESSION, [
    key.email,
    key.address,
    id,
    user_id,
    keep_login,
    user_agent,
    created_at,
    refresh_until,
    user.password_hash,
    request.client,
    ...changeRowParameters(change.entries[0]!, { ...request.context, actor }),
  ]);
  return written ? id : undefined;
}

async function signIn(kit: SignInKit, request: SignInRequest, key: ThrottleKey) {
  const user = await reserve(kit, key);
  const passwordOk = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), request.password);
  try {
    if (!user || !passwordOk) return await refuseCredentials(kit.ctx, key, user);
    const mayEnter = user.status && user.role_status && user.permission[ENTRY_FLAG[request.client]] === true;
    if (!mayEnter) return await refuseEntry(kit.ctx.db, key, user, request.client);
    const sessionId = await openSession(kit.ctx, request, key, user);
    // The password or the account changed while it was checked: as if it had been wrong.
    if (!sessionId) throw problems.badCredentials();
    return { user: wireUser(user), sessionId };
  } finally {
    kit.checks.answered(key);
  }
}

export function createSignIn(ctx: AppContext): (request: SignInRequest) => Promise<{ user: Record<string, unknown>; sessionId: string }> {
  const kit: SignInKit = {
    ctx,
    checks: new LocalChecks(ctx.config.lockout.maxFailures),
    // The user is read in the statement that reserves the check: the one live account with this
    // e-mail (a deleted user's row keeps its e-mail but signs in no more).
    reserveUser: reserveStatement(
      userViewQuery(ctx.db)
        .select(['u.password_hash', 'r.status as role_status'])
        .where(sql`lower(u.email)`, '=', '')
        .where('u.deleted_at', 'is', null)
        .compile(),
    ),
  };
  return (request: SignInRequest) => {
    const key = { email: request.email, address: request.address };
    return kit.checks.run(key, () => signIn(kit, request, key));
  };
}

/**
 * A sign-in that failed, for the change log: no actor (nobody signed in), the e-mail tried and why
 * it failed, never the password. Written in a transaction of its own, since the sign-in wrote nothing;
 * a log that cannot be written is said in the server's log, and the sign-in answers as it would.
 */
export async function recordFailedSignIn(
  db: Db,
  context: ChangeContext,
  attempt: { email: string; code: string },
  log: { error: (details: object, message: string) => void },
): Promise<void> {
  const changes = new ChangeSet();
  changes.add({ resource: 'session', action: 'sign-in-failed', fields: { email: [null, attempt.email], code: [null, attempt.code] } });
  try {
    await db.transaction().execute((trx) => changes.flush(trx, { ...context, actor: undefined }));
  } catch (err) {
    log.error({ err }, 'the change log could not record a failed sign-in');
  }
}
