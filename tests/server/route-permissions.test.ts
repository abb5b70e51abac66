/**
 * The permission audit: every route of both servers declares who may call it, and every route
 * that needs a signed-in caller turns an anonymous one away, and every route that writes says what
 * the change log calls its writes. A route added without a declaration fails here (and answers 500
 * in production), as the negative control shows. The CRUD routes of
 * every resource in the map carry the map's flags; the test-only entities are added the way the
 * docs/adding-an-entity.md recipe adds one, so their routes are audited with no list here naming them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAuthServer } from '../../server/auth/app.ts';
import { createApiServer } from '../../server/api/app.ts';
import { createBaseApp, type ServerApp } from '../../server/http/create-app.ts';
import { needsFlag } from '../../server/http/permissions.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { installFixtureModel, FIXTURE_RESOURCES } from '../support/fixture-model.ts';
import { resourceMap } from '@model/schema-registry.ts';
import {
  auditOf,
  crudRoutesOf,
  guardedRoutes,
  infrastructureRoutes,
  openRoutes,
  permissionOf,
  routeName,
  routesWithoutPermission,
  sampleUrl,
  writeRoutes,
  writesWithoutAudit,
} from '../support/route-audit.ts';

installFixtureModel();

let t: TestServer;
const servers: Record<'auth' | 'api', ServerApp> = {} as never;
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  t = await startTestServer();
  // Built here, exactly as servers.ts builds them, so the table is the one a real start produces.
  servers.auth = await createAuthServer(t.ctx);
  servers.api = await createApiServer(t.ctx);
  extra.push(servers.auth.app, servers.api.app);
  await Promise.all(extra.map((app) => app.ready()));
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t?.close();
});

/** What each server may answer without a session. Adding a public route means adding it here, on purpose. */
const EXPECTED_OPEN: Record<'auth' | 'api', string[]> = {
  auth: [
    'GET /health',
    'GET /logout',
    // A load balancer's readiness probe.
    'GET /ready',
    // The login page shows the organisation's name and logo before anyone signs in.
    'GET /settings/logo',
    'GET /settings/public',
    'GET /uploads/users/:name',
    'HEAD /health',
    'HEAD /logout',
    'HEAD /ready',
    'HEAD /settings/logo',
    'HEAD /settings/public',
    'HEAD /uploads/users/:name',
    'POST /login',
    'POST /user/change_password',
    'POST /user/reset_password',
    'POST /user/verify',
  ],
  api: [
    'GET /health',
    'GET /readme',
    'GET /ready',
    'GET /uploads/programs/:name',
    'HEAD /health',
    'HEAD /readme',
    'HEAD /ready',
    'HEAD /uploads/programs/:name',
  ],
};

describe.each(['auth', 'api'] as const)('%s server route table', (name) => {
  it('has a permission declaration on every route', () => {
    const { routeTable } = servers[name];
    expect(routeTable.length).toBeGreaterThan(0);
    console.log(
      `[route-permissions] ${name} server: ${routeTable.length} routes checked, ` +
        `${guardedRoutes(routeTable).length} need a session, ${openRoutes(routeTable).length} open, ` +
        `${infrastructureRoutes(routeTable).length} infrastructure (CORS preflight, /docs)`,
    );
    expect(routesWithoutPermission(routeTable)).toEqual([]);
    for (const route of routeTable) expect(permissionOf(route), `${route.method} ${route.url}`).toBeDefined();
  });

  it('has an audit declaration on every route that writes: its action, or why it keeps no change', () => {
    const writes = writeRoutes(servers[name].routeTable);
    expect(writesWithoutAudit(servers[name].routeTable)).toEqual([]);
    const unaudited = writes.filter((r) => {
      const audit = auditOf(r);
      return audit && 'none' in audit;
    });
    for (const route of unaudited) {
      const audit = auditOf(route) as { none: string };
      expect(audit.none.length, `${routeName(route)} says why it keeps no change`).toBeGreaterThan(10);
    }
    console.log(`[route-audit] ${name} server: ${writes.length} routes write, ${unaudited.length} of them keep no change, each saying why`);
  });

  it('opens only the routes meant to be open', () => {
    expect(openRoutes(servers[name].routeTable)).toEqual(EXPECTED_OPEN[name]);
  });

  it('counts as infrastructure only public plugin routes of the expected shape', () => {
    const { routeTable } = servers[name];
    const infra = infrastructureRoutes(routeTable);
    // Every route is exactly one of: guarded, open on purpose, infrastructure.
    expect(guardedRoutes(routeTable).length + openRoutes(routeTable).length + infra.length).toBe(routeTable.length);
    for (const route of infra) {
      expect(permissionOf(route), routeName(route)).toEqual({ public: expect.any(String) });
      expect(['GET', 'HEAD', 'OPTIONS'], routeName(route)).toContain(route.method);
    }
  });

  it('answers 401 to an anonymous caller on every route that needs a session', async () => {
    const guarded = guardedRoutes(servers[name].routeTable);
    const answers = await Promise.all(
      guarded.map(async (route) => {
        const res = await servers[name].app.inject({ method: route.method as never, url: sampleUrl(route.url) });
        return `${route.method} ${route.url} -> ${res.statusCode}`;
      }),
    );
    console.log(`[route-permissions] ${name} server: ${guarded.length} guarded routes called anonymously`);
    expect(answers).toEqual(guarded.map((route) => `${route.method} ${route.url} -> 401`));
  });
});

describe('the CRUD routes of every resource in the map carry the flags the map names', () => {
  const resources = Object.entries(resourceMap);

  it.each(resources)('%s', (name, entry) => {
    const table = servers[entry.server].routeTable;
    const found = crudRoutesOf(entry).map(({ action, method, url }) => {
      const route = table.find((r) => r.method === method && r.url === url);
      return { action, route: `${method} ${url}`, declared: route && permissionOf(route) };
    });
    // A generic resource gets one for each action its map entry names a flag for; a custom one
    // keeps these addresses for the actions it has.
    const present = found.filter((f) => (entry.routes === 'generic' ? entry.permissions[f.action] : f.declared));
    expect(present.map((f) => [f.route, f.declared])).toEqual(
      present.map((f) => [f.route, expect.objectContaining({ flag: entry.permissions[f.action] })]),
    );
    // A custom resource may keep its routes at addresses of its own below its path (notification/add).
    const below = table.filter((r) => r.url.startsWith(`/${entry.path}/`));
    expect(
      present.length + (entry.routes === 'custom' ? below.length : 0),
      `${name} has routes on the ${entry.server} server`,
    ).toBeGreaterThan(0);
  });

  it('includes the entities added by the recipe alone (the test-only fixtures)', () => {
    expect(resources.map(([name]) => name)).toEqual(expect.arrayContaining([...FIXTURE_RESOURCES]));
    for (const name of FIXTURE_RESOURCES) {
      const entry = resourceMap[name]!;
      expect(servers[entry.server].routeTable.map(routeName), name).toEqual(
        expect.arrayContaining(crudRoutesOf(entry).map((c) => `${c.method} ${c.url}`)),
      );
    }
  });
});

describe('the CSV exports carry the list flag of the resource map', () => {
  const exported = Object.values(resourceMap).filter((entry) => entry.list?.export);

  it('every list that offers an export has its route, and only those', () => {
    expect(exported.map((entry) => entry.path)).toContain('user');
    const routes = [...servers.auth.routeTable, ...servers.api.routeTable].filter((r) => r.url.endsWith('/export.csv'));
    expect(routes.map(routeName).sort()).toEqual(exported.map((entry) => `GET /${entry.path}/export.csv`).sort());
    for (const entry of exported) {
      const route = servers[entry.server as 'auth' | 'api'].routeTable.find((r) => r.url === `/${entry.path}/export.csv`);
      expect(permissionOf(route!), entry.path).toEqual({ flag: entry.permissions.list });
    }
  });
});

describe('negative control: the audit catches a route without a declaration', () => {
  it('reports the route as missing, and the route answers 500 instead of running', async () => {
    const { app, routeTable } = await createBaseApp(t.ctx, 'auth');
    extra.push(app);
    let ran = false;
    app.get('/forgotten', async () => {
      ran = true;
      return { secret: 'should never be served' };
    });
    app.get('/guarded', { config: { permission: needsFlag('can_get_designation') } }, async () => ({ ok: true }));
    app.post('/unrecorded', { config: { permission: needsFlag('can_edit_designation') } }, async () => ({ ok: true }));
    await app.ready();

    expect(routesWithoutPermission(routeTable)).toEqual(expect.arrayContaining(['GET /forgotten']));
    // A write that declares its permission but not what the change log calls it.
    expect(writesWithoutAudit(routeTable)).toEqual(['POST /unrecorded']);
    expect(routesWithoutPermission(routeTable).every((r) => r.endsWith(' /forgotten'))).toBe(true);

    const res = await app.inject({ method: 'GET', url: '/forgotten' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'ROUTE_WITHOUT_PERMISSION', message: 'This route declares no permission' });
    expect(ran).toBe(false);

    // The second half of the audit on the same app: the guarded route is caught too.
    expect(guardedRoutes(routeTable).map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /guarded']));
    expect((await app.inject({ method: 'GET', url: '/guarded' })).statusCode).toBe(401);
  });
});

describe('the public /uploads/ route serves stored files and nothing else', () => {
  const get = (url: string) => servers.auth.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    await t.ctx.files.put('users/listed-photo.png', Buffer.from('not really a png'));
    await t.ctx.files.put('programs/program-image.png', Buffer.from('guarded-programs'));
    for (const folder of ['listviews', 'permission-files'])
      await t.ctx.files.put(`${folder}/private.png`, Buffer.from(`guarded-${folder}`));
    // What the store never holds, on the disk beside it: a dotfile, a file outside the uploads folder.
    const { uploadsDir } = t.ctx.config;
    await mkdir(path.join(uploadsDir, 'users'), { recursive: true });
    await writeFile(path.join(uploadsDir, 'users', '.hidden.png'), 'dotfile-content');
    await writeFile(path.join(uploadsDir, '..', 'outside-secret.png'), 'outside-the-uploads-folder');
  });

  it('serves photos only: view list and permission files need their guarded routes, program images come from the api server', async () => {
    const elsewhere = ['/uploads/listviews/private.png', '/uploads/permission-files/private.png'];
    for (const url of [...elsewhere, '/uploads/programs/program-image.png']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('guarded-');
    }
    const api = (url: string) => servers.api.app.inject({ method: 'GET', url });
    expect((await api('/uploads/programs/program-image.png')).body).toBe('guarded-programs');
    for (const url of [...elsewhere, '/uploads/users/listed-photo.png']) {
      expect((await api(url)).statusCode, url).toBe(404);
    }
  });

  it('serves a stored file, answers 404 for one that does not exist, and lists no folder', async () => {
    expect((await get('/uploads/users/listed-photo.png')).body).toBe('not really a png');
    expect((await get('/uploads/users/nobody.png')).statusCode).toBe(404);
    for (const url of ['/uploads/', '/uploads/users/', '/uploads/users']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(300);
      expect(res.body, url).not.toContain('listed-photo');
    }
  });

  it('serves no dotfile and does not climb out of the uploads folder', async () => {
    expect((await get('/uploads/users/.hidden.png')).body).not.toContain('dotfile-content');
    for (const url of [
      '/uploads/../outside-secret.png',
      '/uploads/..%2foutside-secret.png',
      '/uploads/%2e%2e/outside-secret.png',
      '/uploads/users/..%2f..%2foutside-secret.png',
      '/uploads/users/%2e%2e%2f%2e%2e%2foutside-secret.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('outside-the-uploads-folder');
    }
  });
});
