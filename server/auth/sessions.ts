/** Sessions: one row per sign-in, revocable, with the window within which its token may be refreshed. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Config } from '../config.ts';
import type { SessionClient, SessionUser } from './session-user.ts';

// The lookup every signed-in call runs lives with authentication (http/session.ts).
export { sessionUser } from '../http/session.ts';

export async function openSession(
  db: Db,
  config: Config,
  userId: string,
  keepLogin: boolean,
  userAgent: string | undefined,
  client: SessionClient = 'console',
): Promise<string> {
  const row = { ...newSessionRow(config, userId, keepLogin, userAgent), client };
  await db.insertInto('sessions').values(row).execute();
  return row.id;
}

/** The row a sign-in inserts (on its own, or inside the statement that records the sign-in). */
export function newSessionRow(config: Config, userId: string, keepLogin: boolean, userAgent: string | undefined) {
  const now = config.clock.now();
  return {
    id: randomUUID(),
    user_id: userId,
    keep_login: keepLogin,
    user_agent: userAgent ?? null,
    created_at: now,
    refresh_until: new Date(now.getTime() + refreshWindow(config, keepLogin) * 1000),
  };
}

export function refreshWindow(config: Config, keepLogin: boolean): number {
  return keepLogin ? config.refreshWindowSeconds.keepLogin : config.refreshWindowSeconds.session;
}

/** However often it is refreshed, a session ends this long after sign-in. */
export const SESSION_MAX_DAYS = 90;

/** Slides a keep-me-logged-in window forward on refresh (never past SESSION_MAX_DAYS); a plain session keeps its end. */
export async function extendSession(db: Db, config: Config, sessionId: string, keepLogin: boolean): Promise<void> {
  if (!keepLogin) return;
  const until = new Date(config.clock.now().getTime() + config.refreshWindowSeconds.keepLogin * 1000);
  await db
    .updateTable('sessions')
    .set({ refresh_until: sql<Date>`least(${until}::timestamptz, created_at + make_interval(days => ${SESSION_MAX_DAYS}))` })
    .where('id', '=', sessionId)
    .execute();
}

/** Who held a session, as the change log names an actor. */
export type SessionHolder = Pick<SessionUser, 'id' | 'email' | 'roleSlug' | 'sessionId' | 'client'>;

/** Ends a session; answers who held it, or undefined when it had ended already (nothing changed). */
export async function revokeSession(db: Db, sessionId: string, now: Date): Promise<SessionHolder | undefined> {
  const { rows } = await sql<{ id: string; email: string; role_slug: string | null; client: SessionClient }>`
    update sessions s set revoked_at = ${now}
    from users u left join roles r on r.id = u.role_id
    where s.id = ${sessionId} and s.revoked_at is null and u.id = s.user_id
    returning u.id, u.email, r.role_slug, s.client`.execute(db);
  const row = rows[0];
  return row && { id: row.id, email: row.email, roleSlug: row.role_slug ?? '', sessionId, client: row.client };
}

export async function revokeUserSessions(db: Db, userId: string, now: Date, exceptSessionId?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
}
