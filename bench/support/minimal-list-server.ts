/**
 * The list benchmark's yardstick: the least a server can do to answer GET /user?range=[0,49]
 * as the auth server does — Fastify with one route, no plugins, plain pg. It does the same work:
 * one token check (minimal-session.ts), the same count and page queries with the same joins and
 * order (server/auth/user-store.ts), each a named prepared statement as the real server's hot
 * statements are, and the same answer byte for byte: each row written straight to JSON text, its fields in the
 * order the real route writes them, and the same Content-Range.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { minimalCallerFlags } from './minimal-session.ts';

const FROM = `
  from users u join roles r on r.id = u.role_id join designation d on d.id = u.designation_id
  where u.deleted_at is null`;
const COUNT = { name: 'minimal_user_count', text: `select count(*) as count ${FROM}` };
const PAGE_TEXT = `
  select u.id, u."employeeId", u.first_name, u.last_name, u.email, u.mobile, u.photo, u.status, u.builtin, u.language,
         u.created_at, u.updated_at,
         r.id as role_id, r.role as role_name, r.role_slug, d.id as designation_id, d.name as designation_name
  ${FROM}
  order by lower(u.first_name) asc nulls last, u.id offset $1 limit $2`;

interface PageRow {
  id: string;
  employeeId: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  photo: string | null;
  status: boolean;
  builtin: boolean;
  language: string | null;
  created_at: Date;
  updated_at: Date;
  role_id: string;
  role_name: string;
  role_slug: string;
  designation_id: string;
  designation_name: string;
}

const text = JSON.stringify;

/** One row as the real route answers it: its fields in the order the route writes them (user-store.ts, listRowToWire). */
function rowJson(r: PageRow): string {
  return (
    `{"_id":${text(r.id)},"employeeId":${text(r.employeeId)},"first_name":${text(r.first_name)},` +
    `"last_name":${text(r.last_name)},"email":${text(r.email)},"mobile":${text(r.mobile)},"photo":${text(r.photo)},` +
    `"status":${r.status},"builtin":${r.builtin},"language":${text(r.language)},` +
    `"createdAt":${text(r.created_at.toISOString())},"updatedAt":${text(r.updated_at.toISOString())},` +
    `"fullname":${text(`${r.first_name} ${r.last_name}`)},` +
    `"role":{"_id":${text(r.role_id)},"role":${text(r.role_name)},"role_slug":${text(r.role_slug)}},` +
    `"designation":{"_id":${text(r.designation_id)},"name":${text(r.designation_name)}}}`
  );
}

export interface MinimalListServer {
  app: FastifyInstance;
  pool: pg.Pool;
  url: string;
}

export async function startMinimalListServer(databaseUrl: string, secret: string, port = 0): Promise<MinimalListServer> {
  const key = new TextEncoder().encode(secret);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();

  app.get<{ Querystring: { sort?: string; range?: string } }>('/user', async (request, reply) => {
    const flags = await minimalCallerFlags(pool, key, request, reply, { prepared: true });
    if (!flags) return reply;
    if (flags.can_access_dashboard !== true || flags.can_get_user !== true)
      return reply.status(403).send({ message: "You don't have permission", code: 'FORBIDDEN' });

    const [field, order] = request.query.sort ? (JSON.parse(request.query.sort) as [string, string]) : ['first_name', 'ASC'];
    if (field !== 'first_name' || order !== 'ASC')
      return reply.status(400).send({ message: 'This yardstick sorts by first_name ASC only', code: 'BAD_REQUEST' });
    const [start, end] = request.query.range ? (JSON.parse(request.query.range) as [number, number]) : [0, 999];
    const { count } = (await pool.query<{ count: string }>(COUNT)).rows[0]!;
    const { rows } = await pool.query<PageRow>({ name: 'minimal_user_page', text: PAGE_TEXT, values: [start, end - start + 1] });
    let body = '[';
    for (let i = 0; i < rows.length; i++) body += (i ? ',' : '') + rowJson(rows[i]!);
    body += ']';
    return reply
      .header('Content-Range', `user ${start}-${start + Math.max(rows.length - 1, 0)}/${count}`)
      .type('application/json; charset=utf-8')
      .send(body);
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address() as { port: number };
  return { app, pool, url: `http://127.0.0.1:${address.port}` };
}
