/**
 * Sessions of the mobile app: POST /login with client "mobile" needs can_access_mobile (field
 * staff have it, and no dashboard), the session records its client, and it reaches the routes
 * meant for the app (documents, their files, my notifications) and nothing else (403
 * CONSOLE_ONLY), whoever holds it. Console sign-in of field staff stays refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, startTestServer, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser, roleIdBySlug } from '../support/test-users.ts';
import { joinTeam, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;
const PASSWORD = 'mobile session passphrase';
let fieldEmail: string;
let fieldId: string;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  fieldEmail = 'field.worker@example.com';
  fieldId = (await insertUser(t.ctx.db, { email: fieldEmail, password: PASSWORD, roleId: await roleIdBySlug(t.ctx.db, 'field-staff') })).id;
  await joinTeam(t, world.program.id, fieldId);
});
afterAll(() => t?.close());

const login = (email: string, password: string, client?: 'console' | 'mobile') =>
  t.auth.app.inject({ method: 'POST', url: '/login', payload: { email, password, ...(client ? { client } : {}) } });

async function mobileToken(email = fieldEmail, password = PASSWORD): Promise<string> {
  const res = await login(email, password, 'mobile');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('POST /login for the mobile app', () => {
  it('signs field staff in as the mobile app, and records the session as mobile', async () => {
    const res = await login(fieldEmail, PASSWORD, 'mobile');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user._id).toBe(fieldId);
    const { rows } = await sql<{ client: string }>`select client from sessions where user_id = ${fieldId}`.execute(t.ctx.db);
    expect(rows.map((r) => r.client)).toEqual(['mobile']);
  });

  it('still refuses field staff on the console (the default client)', async () => {
    for (const client of [undefined, 'console'] as const) {
      const res = await login(fieldEmail, PASSWORD, client);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'NO_DASHBOARD_ACCESS', message: "You don't have permission to access dashboard" });
    }
  });

  it('refuses the mobile app to a role without can_access_mobile', async () => {
    const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true }) });
    await insertUser(t.ctx.db, { email: 'console.only@example.com', password: PASSWORD, roleId: role.id });
    const res = await login('console.only@example.com', PASSWORD, 'mobile');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'NO_MOBILE_ACCESS', message: "You don't have permission to access the mobile app" });
    expect((await login('console.only@example.com', PASSWORD, 'console')).statusCode).toBe(200);
  });

  it('refuses a client that is neither', async () => {
    const res = await login(fieldEmail, PASSWORD, 'watch' as never);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('client');
  });
});

describe('what a mobile session reaches', () => {
  it('submits, reads its document, and reads its notifications', async () => {
    const headers = bearer(await mobileToken());
    const [doc] = await world.submit({ as: { headers } });
    expect(doc!.user_object._id).toBe(fieldId);
    expect((await t.api.app.inject({ method: 'GET', url: `/document/${doc!._id}`, headers })).statusCode).toBe(200);
    expect((await t.api.app.inject({ method: 'GET', url: '/notification/mine', headers })).statusCode).toBe(200);
    const verify = await t.auth.app.inject({ method: 'POST', url: '/user/verify', payload: { token: headers.authorization.slice(7) } });
    expect(verify.statusCode).toBe(200);
  });

  it('gets 403 CONSOLE_ONLY on every console route, on both servers, even with an Admin role', async () => {
    const adminMobile = bearer(await mobileToken(ADMIN_EMAIL, ADMIN_PASSWORD));
    const field = bearer(await mobileToken());
    const [doc] = await world.submit();
    for (const headers of [field, adminMobile]) {
      for (const [app, method, url] of [
        [t.api.app, 'GET', `/program/${world.program.id}`],
        [t.api.app, 'GET', '/beneficiarytype'],
        [t.api.app, 'POST', `/document/${doc!._id}/processed`],
        [t.auth.app, 'GET', '/user'],
        [t.auth.app, 'GET', `/user/${fieldId}`],
      ] as const) {
        const res = await app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('CONSOLE_ONLY');
      }
    }
    // The same admin on the console reaches them.
    const console = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.api.app.inject({ method: 'GET', url: `/program/${world.program.id}`, headers: console.headers })).statusCode).toBe(200);
    expect((await t.api.app.inject({ method: 'GET', url: `/document/${doc!._id}`, headers: console.headers })).statusCode).toBe(200);
  });

  it('stops at the next call once the role no longer grants the app', async () => {
    const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_mobile: true, can_add_document: true }) });
    await insertUser(t.ctx.db, { email: 'revoked@example.com', password: PASSWORD, roleId: role.id });
    const headers = bearer(await mobileToken('revoked@example.com', PASSWORD));
    expect((await t.api.app.inject({ method: 'GET', url: '/notification/mine', headers })).statusCode).toBe(200);
    await sql`update roles set permission = permission || '{"can_access_mobile": false}'::jsonb where id = ${role.id}`.execute(t.ctx.db);
    const res = await t.api.app.inject({ method: 'GET', url: '/notification/mine', headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('NO_MOBILE_ACCESS');
  });
});
