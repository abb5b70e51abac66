/**
 * The yardsticks' token check: the least a server can do to know who calls, as the real servers
 * do it (server/http/authenticate.ts) — the same HS256 check of the bearer token (server/auth/hs256.ts), then the session
 * row joined with its user and role — answering the caller's flags, or the 401 the real one gives.
 * With `prepared`, the session read is a named statement, planned once per connection, as the
 * real servers run it (server/db/prepared.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { checkHs256 } from '../../server/auth/hs256.ts';

const SESSION = `
  select s.id as session_id, s.keep_login, u.id, u.email, r.role, r.role_slug, r.permission, r.status as role_status
  from sessions s join users u on u.id = s.user_id join roles r on r.id = u.role_id
  where s.id = $1 and s.revoked_at is null and s.refresh_until > $2 and u.status = $3`;

/** The caller's flags; undefined when the reply was sent (401). */
export async function minimalCallerFlags(
  pool: pg.Pool,
  key: Uint8Array,
  request: FastifyRequest,
  reply: FastifyReply,
  { prepared = false }: { prepared?: boolean } = {},
): Promise<Record<string, boolean> | undefined> {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (!token) {
    await reply.status(401).send({ message: 'Please log in to continue', code: 'UNAUTHENTICATED' });
    return undefined;
  }
  const checked = checkHs256(token, key, Math.floor(Date.now() / 1000));
  if (!checked.ok) {
    await reply.status(401).send({ message: 'Your session has ended, please log in again', code: 'SESSION_ENDED' });
    return undefined;
  }
  const claims = checked.payload;
  const values = [String(claims.sid), new Date(), true];
  const session = (await (prepared ? pool.query({ name: 'minimal_session', text: SESSION, values }) : pool.query(SESSION, values))).rows[0];
  if (!session || session.id !== claims.sub) {
    await reply.status(401).send({ message: 'Your session has ended, please log in again', code: 'SESSION_ENDED' });
    return undefined;
  }
  return session.role_status ? session.permission : {};
}
