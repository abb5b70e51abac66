/**
 * The list benchmark's yardstick: the least a server can do to answer GET /user?range=[0,49]
 * as the auth server does — Fastify with one route, no plugins, plain pg. It does the same work:
 * one token check (minimal-session.ts), the same count and page queries with
 * the same joins and order (server/auth/user-store.ts), and the same JSON answer with the same
 * Content-Range.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { minimalCallerFlags } from './minimal-session.ts';

const FROM = `
  from users u join roles r on r.id = u.role_id join designation d on d.id = u.designation_id
  where u.deleted_at is null`;
const COUNT = `select count(*) as count ${FROM}`;
const PAGE = `
  select u.id, u."employeeId", u.first_name, u.last_name, u.email, u.mobile, u.photo, u.status, u.created_at, u.updated_at,
         r.id as role_id, r.role as role_name, r.role_slug, d.id as designation_id, d.name as designation_name
  ${FROM}
  order by lower(u.first_name) asc, u.id offset $1 limit $2`;

interface PageRow {
  id: string;
  employeeId: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  photo: string | null;
  status: boolean;
  created_at: Date;
  updated_at: Date;
  role_id: string;
  role_name: string;
  role_slug: string;
  designation_id: string;
  designation_name: string;
}

function toWire(row: PageRow): Record<string, unknown> {
  return {
    _id: row.id,
    employeeId: row.employeeId,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    mobile: row.mobile,
    photo: row.photo,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    fullname: `${row.first_name} ${row.last_name}`,
    // A list row names its role; the role's flags are not repeated in every row.
    role: { _id: row.role_id, role: row.role_name, role_slug: row.role_slug },
    designation: { _id: row.designation_id, name: row.designation_name },
  };
}

/** The value with only the keys `template` has, at every depth: the minimal answer takes the real one's row shape. */
export function projectOnto(value: unknown, template: unknown): unknown {
  if (!template || typeof template !== 'object' || Array.isArray(template) || !value || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(template as Record<string, unknown>)
      .filter(([key]) => key in source)
      .map(([key, inner]) => [key, projectOnto(source[key], inner)]),
  );
}

export interface MinimalListServer {
  app: FastifyInstance;
  pool: pg.Pool;
  /** Answer rows take this row's shape (set from the real server's answer, so both answer the same JSON). */
  rowShape?: Record<string, unknown>;
}

export async function startMinimalListServer(databaseUrl: string, secret: string): Promise<MinimalListServer & { url: string }> {
  const key = new TextEncoder().encode(secret);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify();
  const server: MinimalListServer = { app, pool };

  app.get<{ Querystring: { sort?: string; range?: string; filter?: string } }>('/user', async (request, reply) => {
    const flags = await minimalCallerFlags(pool, key, request, reply);
    if (!flags) return reply;
    if (flags.can_access_dashboard !== true || flags.can_get_user !== true)
      return reply.status(403).send({ message: "You don't have permission", code: 'FORBIDDEN' });

    const [field, order] = request.query.sort ? (JSON.parse(request.query.sort) as [string, string]) : ['first_name', 'ASC'];
    if (field !== 'first_name' || order !== 'ASC')
      return reply.status(400).send({ message: 'This yardstick sorts by first_name ASC only', code: 'BAD_REQUEST' });
    const [start, end] = request.query.range ? (JSON.parse(request.query.range) as [number, number]) : [0, 999];
    const { count } = (await pool.query<{ count: string }>(COUNT)).rows[0]!;
    const rows = (await pool.query<PageRow>(PAGE, [start, end - start + 1])).rows;
    reply.header('Content-Range', `user ${start}-${start + Math.max(rows.length - 1, 0)}/${count}`);
    return rows.map((row) => (server.rowShape ? projectOnto(toWire(row), server.rowShape) : toWire(row)));
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as { port: number };
  return Object.assign(server, { url: `http://127.0.0.1:${address.port}` });
}
