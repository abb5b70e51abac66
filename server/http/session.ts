/**
 * Who calls: what authentication knows of a signed-in caller (their session, role slug and flags,
 * and which client they came with), read from the bearer token and the live session. Both servers
 * authenticate every call with it (authenticate.ts); the auth feature opens and ends sessions
 * (auth/sessions.ts) and re-exports these.
 */
import type { Db } from '../db/database.ts';
import { runStatement } from '../db/prepared.ts';

export interface SessionUser {
  id: string;
  sessionId: string;
  email: string;
  /** What the Admin role is known by (ADMIN_ROLE_SLUG); its display name is only a label. */
  roleSlug: string;
  permission: Record<string, boolean>;
  /** Which client opened the session: the console, or the mobile app (which may call only the routes meant for it). */
  client: SessionClient;
}

export type SessionClient = 'console' | 'mobile';

/** What a client needs to enter: the console, `can_access_dashboard`; the mobile app, `can_access_mobile`. */
export const ENTRY_FLAG: Record<SessionClient, string> = { console: 'can_access_dashboard', mobile: 'can_access_mobile' };

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  return match?.[1]?.trim() || undefined;
}

/**
 * Every signed-in call on both servers runs this lookup, so it is one fixed statement, prepared
 * once per connection (server/db/prepared.ts), rather than a query built and planned per call.
 */
const SESSION_USER = `
  select s.id as session_id, s.keep_login, s.client, u.id, u.email, r.role_slug, r.permission, r.status as role_status
  from sessions s
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  where s.id = $1 and s.revoked_at is null and s.refresh_until > $2 and u.status = true`;

/**
 * A read a route makes whoever calls, joined to the session lookup: one statement and one round
 * trip for both on a hot route. `sql` selects at most one row; its parameters are `$3` onwards.
 */
export interface JoinedRead {
  /** Names its prepared statement: letters, digits and underscores. */
  name: string;
  sql: string;
}

interface SessionUserRow {
  session_id: string;
  keep_login: boolean;
  client: SessionClient;
  id: string;
  email: string;
  role_slug: string;
  permission: Record<string, boolean>;
  role_status: boolean;
  joined?: unknown;
}

const statements = new Map<string, string>();
function statementOf(joined?: JoinedRead): string {
  if (!joined) return `/* prepared:session_user */ ${SESSION_USER}`;
  let text = statements.get(joined.sql);
  if (!text) {
    text = `/* prepared:session_user_${joined.name} */
      select su.*, to_jsonb(joined) as joined from (${SESSION_USER}) su left join lateral (${joined.sql}) joined on true`;
    statements.set(joined.sql, text);
  }
  return text;
}

export type LiveSessionUser = SessionUser & { keepLogin: boolean; joined?: unknown };

/**
 * The live session's user with their role's flags, or undefined when the session, user or role
 * is gone; with `joined`, that read's row too (as JSON, null when it found none).
 */
export async function sessionUser(
  db: Db,
  sessionId: string,
  now: Date,
  joined?: { read: JoinedRead; params: unknown[] },
): Promise<LiveSessionUser | undefined> {
  const values = joined ? [sessionId, now, ...joined.params] : [sessionId, now];
  const rows = await runStatement<SessionUserRow>(db, statementOf(joined?.read), values);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    sessionId: row.session_id,
    keepLogin: row.keep_login,
    email: row.email,
    roleSlug: row.role_slug,
    client: row.client,
    // An inactive role grants nothing.
    permission: row.role_status ? row.permission : {},
    ...(joined ? { joined: row.joined } : {}),
  };
}
