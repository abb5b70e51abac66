/**
 * The authorization matrix (issue 3), generated from the route tables of both servers: every
 * route that declares a flag is called with no token (401) and by a user whose role holds every
 * flag except that one (403); every route that needs only a session is called with no token
 * (401). Calls carry real ids and valid bodies, so a route that lost its guard would answer 2xx
 * and be counted — the negative control below shows that it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { caller, type Method } from '../support/http.ts';
import { permissionOf, routeName, sampleUrl } from '../support/route-audit.ts';
import { photoUpload } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';
import { needsFlag, type RouteRecord } from '../../server/http/permissions.ts';
import { resourceMap } from '@model/schema-registry.ts';

let t: TestServer;
/** A signed-in user per flag, whose role holds every flag but that one. */
const lacking = new Map<string, Session>();
/** Real records for the routes' :id, so a leak would show as a 2xx rather than a 404. */
const victims: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestServer();
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const victimRole = await insertRole(t.ctx.db, { role: 'Victim Role', permission: flags(false) });
  victims.role = victimRole.id;
  victims.permission = victimRole.id;
  victims.user = (await insertUser(t.ctx.db, { email: 'victim@example.com', password: 'victim passphrase', roleId: await roleIdBySlug(t.ctx.db, 'field-staff') })).id;
  victims.designation = (await caller(() => t.auth.app)('POST', '/designation', { token: admin.token, payload: { name: 'Victim Post' } })).json()._id;

  const flagNames = [...new Set(flaggedRoutes().map(({ route }) => (permissionOf(route) as { flag: string }).flag))];
  for (const flag of flagNames) {
    const role = await insertRole(t.ctx.db, { role: `All but ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `lacks-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'lacks one flag', roleId: role.id });
    lacking.set(flag, await t.loginAs(email, 'lacks one flag'));
  }
});
afterAll(() => t?.close());

type ServerName = 'auth' | 'api';
const apps = (): Array<[ServerName, { app: FastifyInstance; routeTable: RouteRecord[] }]> => [
  ['auth', t.auth],
  ['api', t.api],
];
const flaggedRoutes = () =>
  apps().flatMap(([server, s]) => s.routeTable.filter((r) => permissionOf(r) && 'flag' in permissionOf(r)!).map((route) => ({ server, route })));
const sessionRoutes = () =>
  apps().flatMap(([server, s]) => s.routeTable.filter((r) => permissionOf(r) && 'session' in permissionOf(r)!).map((route) => ({ server, route })));

/** A body the route would accept from a caller allowed to use it. */
function plausibleRequest(route: RouteRecord): { payload?: unknown; headers?: Record<string, string> } {
  if (route.url === '/user/upload/:id') {
    const { payload, headers } = photoUpload(tinyPng());
    return { payload, headers };
  }
  if (route.method !== 'POST' && route.method !== 'PATCH') return {};
  const bodies: Record<string, unknown> = {
    'POST /user': {
      employeeId: 'M-1',
      first_name: 'Matrix',
      last_name: 'Probe',
      email: 'matrix-probe@example.com',
      mobile: '9876543210',
      designation: victims.designation,
      role: victims.role,
      password: 'matrix probe passphrase',
    },
    'PATCH /user/:id': { first_name: 'Leaked' },
    'POST /role': { role: 'Matrix Probe Role' },
    'PATCH /role/:id': { role: 'Leaked Role' },
    'PATCH /permission/:id': { can_get_user: true },
    'POST /designation': { name: 'Matrix Probe Post' },
    'PATCH /designation/:id': { name: 'Leaked Post' },
  };
  return { payload: bodies[routeName(route)] ?? {} };
}

const idFor = (pattern: string) => victims[pattern.split('/')[1]];

interface Attempt {
  route: string;
  caller: string;
  expected: number;
  status: number;
}

/** Calls each route as each caller and reports what came back. */
async function runMatrix(
  routes: Array<{ server: string; route: RouteRecord }>,
  appOf: (server: string) => FastifyInstance,
  callersFor: (route: RouteRecord) => Array<{ name: string; token?: string; expected: number }>,
): Promise<{ attempts: Attempt[]; unauthorisedSuccesses: Attempt[]; wrongAnswers: Attempt[] }> {
  const attempts: Attempt[] = [];
  for (const { server, route } of routes) {
    for (const who of callersFor(route)) {
      const res = await caller(() => appOf(server))(route.method as Method, sampleUrl(route.url, idFor), { token: who.token, ...plausibleRequest(route) });
      attempts.push({ route: `${server} ${routeName(route)}`, caller: who.name, expected: who.expected, status: res.statusCode });
    }
  }
  return {
    attempts,
    unauthorisedSuccesses: attempts.filter((a) => a.status >= 200 && a.status < 300),
    wrongAnswers: attempts.filter((a) => a.status !== a.expected),
  };
}

const appOf = (server: string) => (server === 'auth' ? t.auth.app : t.api.app);
const callersFor = (route: RouteRecord) => {
  const permission = permissionOf(route)!;
  if (!('flag' in permission)) return [{ name: 'no token', expected: 401 }];
  return [
    { name: 'no token', expected: 401 },
    { name: `all flags but ${permission.flag}`, token: lacking.get(permission.flag)!.token, expected: 403 },
  ];
};

describe('authorization matrix', () => {
  it('turns away every caller without the route’s permission, on every guarded route of both servers', async () => {
    const routes = [...flaggedRoutes(), ...sessionRoutes()];
    const before = {
      users: (await t.ctx.db.selectFrom('users').selectAll().orderBy('id').execute()).length,
      victimRole: await t.ctx.db.selectFrom('roles').selectAll().where('id', '=', victims.role).executeTakeFirstOrThrow(),
      victimUser: await t.ctx.db.selectFrom('users').selectAll().where('id', '=', victims.user).executeTakeFirstOrThrow(),
    };

    const { attempts, unauthorisedSuccesses, wrongAnswers } = await runMatrix(routes, appOf, callersFor);
    const flagged = flaggedRoutes().length;
    const sessionOnly = sessionRoutes().length;
    const shape = sessionOnly ? `${flagged} routes × 2 callers + ${sessionOnly} session-only routes × 1 caller` : `${flagged} routes × 2 callers`;
    console.log(
      `authorization matrix: ${shape} = ${attempts.length} attempts, ${unauthorisedSuccesses.length} unauthorised successes ` +
        `(callers: no token, and one of ${lacking.size} roles each lacking one flag)`,
    );

    expect(routes.length).toBeGreaterThanOrEqual(EXPECTED_FLAGS.length);
    expect(attempts.length).toBe(flaggedRoutes().length * 2 + sessionRoutes().length);
    expect(unauthorisedSuccesses).toEqual([]);
    expect(wrongAnswers).toEqual([]);

    // Nothing the calls would have changed has changed.
    expect((await t.ctx.db.selectFrom('users').selectAll().execute()).length).toBe(before.users);
    expect(await t.ctx.db.selectFrom('roles').selectAll().where('id', '=', victims.role).executeTakeFirstOrThrow()).toEqual(before.victimRole);
    expect(await t.ctx.db.selectFrom('users').selectAll().where('id', '=', victims.user).executeTakeFirstOrThrow()).toEqual(before.victimUser);
  });

  it('a role lacking a flag is refused with a 403 that names the flag', async () => {
    for (const { server, route } of flaggedRoutes().filter(({ route }) => route.method !== 'HEAD')) {
      const { flag } = permissionOf(route) as { flag: string };
      const res = await caller(() => appOf(server))(route.method as Method, sampleUrl(route.url, idFor), { token: lacking.get(flag)!.token, ...plausibleRequest(route) });
      expect(res.json(), routeName(route)).toEqual({ code: 'FORBIDDEN', message: `You don't have permission to do this (${flag})`, permission: flag });
    }
  });
});

/** The flags the spec and the resource map give each route (HEAD goes with GET). */
const EXPECTED_FLAGS: Array<[string, string]> = [
  ...['user', 'role', 'designation'].flatMap((name): Array<[string, string]> => {
    const p = resourceMap[name].permissions;
    return [
      [`GET /${name}`, p.list!],
      [`GET /${name}/:id`, p.show!],
      [`POST /${name}`, p.create!],
      [`PATCH /${name}/:id`, p.edit!],
      [`DELETE /${name}/:id`, p.delete!],
    ];
  }),
  ['PATCH /user/upload/:id', 'can_edit_user'],
  ['GET /permission/:id', 'can_get_permission'],
  ['PATCH /permission/:id', 'can_edit_permission'],
  // The CSV export of every list whose map entry offers one, guarded like the list itself.
  ...Object.values(resourceMap)
    .filter((entry) => entry.list?.export)
    .map((entry): [string, string] => [`GET /${entry.path}/export.csv`, entry.permissions.list!]),
];

describe('the matrix covers the routes the spec guards, each with its flag', () => {
  it('every flag route is one of the expected, with the expected flag, and none is missing', () => {
    const declared = flaggedRoutes()
      .filter(({ route }) => route.method !== 'HEAD')
      .map(({ route }) => [routeName(route), (permissionOf(route) as { flag: string }).flag] as [string, string]);
    expect(declared.sort()).toEqual([...EXPECTED_FLAGS].sort());
    // Each HEAD twin carries its GET's flag.
    for (const { route } of flaggedRoutes().filter(({ route }) => route.method === 'HEAD')) {
      expect(declared.find(([name]) => name === `GET ${route.url}`)?.[1], route.url).toBe((permissionOf(route) as { flag: string }).flag);
    }
  });
});

describe('negative control: the matrix sees a route that lost its guard', () => {
  let bare: FastifyInstance;
  afterAll(() => bare?.close());

  it('counts every call to an unguarded route as an unauthorised success', async () => {
    // The same routes and declarations, but no permission guard behind them.
    bare = Fastify();
    const table: RouteRecord[] = [];
    bare.addHook('onRoute', (options) => {
      table.push({ method: options.method as string, url: options.url, options });
    });
    bare.get('/user', { config: { permission: needsFlag('can_get_user') } }, async () => [{ first_name: 'Leaked' }]);
    bare.patch('/user/:id', { config: { permission: needsFlag('can_edit_user') } }, async () => ({ first_name: 'Leaked' }));
    await bare.ready();

    const routes = table.map((route) => ({ server: 'bare', route }));
    const { attempts, unauthorisedSuccesses, wrongAnswers } = await runMatrix(routes, () => bare, callersFor);
    expect(unauthorisedSuccesses.map((a) => `${a.route} as ${a.caller}`)).toEqual([
      'bare GET /user as no token',
      'bare GET /user as all flags but can_get_user',
      'bare HEAD /user as no token', // Fastify adds the HEAD twin of a GET by itself
      'bare HEAD /user as all flags but can_get_user',
      'bare PATCH /user/:id as no token',
      'bare PATCH /user/:id as all flags but can_edit_user',
    ]);
    expect(wrongAnswers).toEqual(attempts);
  });
});
