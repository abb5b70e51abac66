/**
 * Fuzz test: every route of both servers (read from their route tables, so a new route is
 * fuzzed as soon as it exists) is called with generated requests — bodies from the route's own
 * schema then broken, garbage of every kind, odd path ids, list parameters of every shape,
 * multipart garbage, wrong content types — as an anonymous caller and as the admin (so the
 * handlers run, not only the guard). No answer may be a 5xx, and every error must be in the
 * { message, code, fields? } shape. The seed is fixed, so a failure reproduces.
 *
 * The routes are dealt out to a few test files (`tests/server/fuzz-*.test.ts`) so that the
 * server project's workers fuzz them in parallel; a route's requests do not depend on its part.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, bearer, type TestServer } from './test-server.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from './test-users.ts';
import { routeName } from './route-audit.ts';
import { requestFor, type FuzzRequest } from './fuzz-requests.ts';
import { openSession } from '../../server/auth/sessions.ts';
import type { RouteRecord } from '../../server/http/permissions.ts';

/** Fixed, so a failure reproduces; FUZZ_SEED=<n> explores further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_612);
/** Requests per route and caller: more where a route has a body, a query or path ids to break. */
const RUNS_RICH = 100;
const RUNS_PLAIN = 10;
/**
 * The work is bounded by the counts above; this only stops a hang. It holds at several times the
 * load of a busy 2-core machine, so the fuzz never fails on time alone.
 */
const HANG_GUARD_MS = 20 * 60_000;

/** Registers the fuzz of one part of the routes (`shard` of `shards`, counted from 0). */
export function fuzzSuite(shard: number, shards: number): void {
  let t: TestServer;
  let adminId: string;
  const ids: Record<string, string[]> = {};

  beforeAll(async () => {
    t = await startTestServer();
    adminId = (await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD)).user._id;
    const fieldStaff = await roleIdBySlug(t.ctx.db, 'field-staff');
    // Real records for the routes' ids, so handlers get past "not found" (never the admin's own).
    const roles = await Promise.all([1, 2, 3].map((n) => insertRole(t.ctx.db, { role: `Fuzz Role ${n}`, permission: flags(n === 1) })));
    const users = await Promise.all(
      [1, 2, 3].map((n) => insertUser(t.ctx.db, { email: `fuzz${n}@example.com`, password: 'fuzz passphrase', roleId: fieldStaff })),
    );
    const designations = await t.ctx.db
      .selectFrom('designation' as never)
      .select('id' as never)
      .execute();
    ids.role = [...roles.map((r) => r.id), fieldStaff];
    ids.permission = ids.role;
    ids.user = users.map((u) => u.id);
    ids.designation = (designations as Array<{ id: string }>).map((d) => d.id);
  }, HANG_GUARD_MS);
  afterAll(() => t?.close());

  /** An admin session opened straight in the database (no password hashing, so it costs one insert). */
  async function adminToken(): Promise<string> {
    const sessionId = await openSession(t.ctx.db, t.ctx.config, adminId, true, 'fuzz');
    return t.ctx.tokens.sign({ sub: adminId, sid: sessionId }, t.ctx.config.clock.now(), t.ctx.config.accessTokenTtlSeconds);
  }

  interface Finding {
    request: string;
    caller: string;
    status: number;
    problem: string;
  }

  /** What is wrong with an answer, if anything: a 5xx, or an error body outside the catalogue's shape. */
  function problemWith(method: string, status: number, body: string): string | undefined {
    if (status >= 500) return `server error: ${body.slice(0, 300)}`;
    if (status < 400 || method === 'HEAD') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return `error body is not JSON: ${body.slice(0, 200)}`;
    }
    const b = parsed as { message?: unknown; code?: unknown; fields?: unknown };
    if (!b || typeof b !== 'object' || typeof b.message !== 'string' || typeof b.code !== 'string' || !b.message || !b.code) {
      return `error body is not { message, code }: ${body.slice(0, 200)}`;
    }
    // Codes are the catalogue's (UPPER_SNAKE), never a framework's own (FST_ERR_..., ERR_...).
    if (!/^[A-Z][A-Z0-9_]*$/.test(b.code) || /^(FST|ERR)_/.test(b.code))
      return `error code is not from the catalogue: ${body.slice(0, 200)}`;
    if (
      b.fields !== undefined &&
      (typeof b.fields !== 'object' || !b.fields || Object.values(b.fields).some((v) => typeof v !== 'string'))
    ) {
      return `fields is not { name: message }: ${body.slice(0, 200)}`;
    }
    return undefined;
  }

  async function send(app: FastifyInstance, request: FuzzRequest, token: string | undefined) {
    return app.inject({
      method: request.method as never,
      url: request.url,
      payload: request.payload as never,
      headers: { ...request.headers, ...(token ? bearer(token) : {}) },
    });
  }

  describe(`fuzzing every route of both servers, part ${shard + 1} of ${shards}`, () => {
    it(
      'answers no 5xx and only { message, code, fields? } errors',
      async () => {
        const servers: Array<[string, FastifyInstance, RouteRecord[]]> = [
          ['auth', t.auth.app, t.auth.routeTable],
          ['api', t.api.app, t.api.routeTable],
        ];
        const idPool = (segment: string) => ids[segment] ?? [];
        const findings: Finding[] = [];
        let sent = 0;
        let serverErrors = 0;
        let routes = 0;
        let dealt = 0;
        /** Routes where an admin call got past the guard: the handler (or its validation) ran. */
        const reachedHandler = new Set<string>();
        const started = Date.now();
        let token: string | undefined;

        for (const [serverName, app, table] of servers) {
          for (const [index, route] of table.entries()) {
            // Every route of both servers in one count, dealt out in turn: each part gets a mix of both.
            if (dealt++ % shards !== shard) continue;
            routes++;
            const schema = route.options.schema as { body?: unknown; querystring?: unknown; consumes?: unknown } | undefined;
            const rich = !!(schema?.body || schema?.querystring || schema?.consumes || route.url.includes(':') || route.url.includes('*'));
            for (const callerName of ['anonymous', 'admin'] as const) {
              const requests = fc.sample(requestFor(route, idPool), {
                seed: SEED + index * 2 + (callerName === 'admin' ? 1 : 0),
                // An anonymous call stops at the guard, before anything in it is read: a few show that.
                numRuns: rich && callerName === 'admin' ? RUNS_RICH : RUNS_PLAIN,
              });
              for (const request of requests) {
                let res = await send(app, request, callerName === 'admin' ? (token ??= await adminToken()) : undefined);
                // A fuzzed GET /logout (or anything else that ends the session) ended the admin's session: sign in again.
                if (callerName === 'admin' && res.statusCode === 401) {
                  token = await adminToken();
                  res = await send(app, request, token);
                }
                sent++;
                if (res.statusCode >= 500) serverErrors++;
                if (callerName === 'admin' && res.statusCode !== 401 && res.statusCode !== 403)
                  reachedHandler.add(`${serverName} ${routeName(route)}`);
                const problem = problemWith(request.method, res.statusCode, res.body);
                if (problem)
                  findings.push({ request: `${serverName} ${request.describe}`, caller: callerName, status: res.statusCode, problem });
              }
            }
          }
        }

        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        console.log(
          `fuzz: ${sent} requests on ${routes} routes, ${serverErrors} server errors, ${findings.length - serverErrors} malformed error bodies (${seconds} s, seed ${SEED})`,
        );
        // One line per route and status, with its first example: enough to start from.
        const byRoute = new Map<string, { n: number; first: Finding }>();
        for (const f of findings) {
          const key = `${f.status} ${f.request
            .split(' ')
            .slice(0, 3)
            .join(' ')
            .replace(/\?.*$/, '')
            .replace(/\/[^/]*[%~.*][^/]*|\/[^/]{40,}/g, '/…')}`;
          const seen = byRoute.get(key);
          byRoute.set(key, { n: (seen?.n ?? 0) + 1, first: seen?.first ?? f });
        }
        for (const [key, { n, first }] of byRoute)
          console.log(`  ${n}× ${key}\n     e.g. (${first.caller}) ${first.request.slice(0, 250)}\n     -> ${first.problem.slice(0, 250)}`);
        expect(sent).toBeGreaterThan(500);
        expect(findings.slice(0, 40)).toEqual([]);
        const allRoutes = servers
          .flatMap(([serverName, , table]) => table.map((route) => `${serverName} ${routeName(route)}`))
          .filter((_, i) => i % shards === shard);
        expect(allRoutes.filter((name) => !reachedHandler.has(name))).toEqual([]);
      },
      HANG_GUARD_MS,
    );
  });
}
