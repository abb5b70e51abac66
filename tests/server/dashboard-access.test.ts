/**
 * The dashboard entry rule holds for every call, on both servers: once a role no longer grants
 * can_access_dashboard (or is deactivated), its users' very next call is refused with the
 * sign-in's 'no dashboard' answer, with the token they already hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { caller } from '../support/http.ts';
import { createApiServer } from '../../server/api/app.ts';
import { createAuthenticator } from '../../server/http/authenticate.ts';
import { signedIn } from '../../server/http/permissions.ts';
import type { ServerApp } from '../../server/http/create-app.ts';

const NO_DASHBOARD = { code: 'NO_DASHBOARD_ACCESS', message: "You don't have permission to access dashboard" };

let t: TestServer;
let admin: Session;
/** An api server with one signed-in route of the test's own, to check the gate every api route passes. */
let api: ServerApp;
beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  api = await createApiServer(t.ctx);
  const whoami = { 200: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } };
  api.app.get('/whoami', { config: { permission: signedIn }, schema: { response: whoami } }, async (request) => ({
    id: request.sessionUser!.id,
  }));
  await api.app.ready();
});
afterAll(async () => {
  await api?.app.close();
  await t?.close();
});

const onAuth = caller(() => t.auth.app);
const onApi = caller(() => api.app);

let serial = 0;
async function memberOfNewRole(): Promise<{ roleId: string; member: Session & { id: string } }> {
  const role = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true, can_get_role: true }) });
  const email = `dash${++serial}@example.com`;
  const user = await insertUser(t.ctx.db, { email, password: 'dashboard passphrase', roleId: role.id });
  return { roleId: role.id, member: { ...(await t.loginAs(email, 'dashboard passphrase')), id: user.id } };
}

/** What the member's next calls answer: a flag route and a self-service route on auth, a signed-in route on api. */
async function nextCalls(member: Session & { id: string }) {
  return Promise.all([
    onAuth('GET', '/role', { token: member.token }),
    onAuth('GET', `/user/${member.id}`, { token: member.token }),
    onApi('GET', '/whoami', { token: member.token }),
  ]);
}

describe('a role losing can_access_dashboard', () => {
  it('stops its users’ very next call on the auth and the api server; giving it back lets them in again', async () => {
    const { roleId, member } = await memberOfNewRole();
    expect((await nextCalls(member)).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const off = await onAuth('PATCH', `/permission/${roleId}`, { token: admin.token, payload: { can_access_dashboard: false } });
    expect(off.statusCode).toBe(200);
    for (const [i, res] of (await nextCalls(member)).entries()) {
      expect(res.statusCode, `call ${i}`).toBe(403);
      expect(res.json()).toEqual(NO_DASHBOARD);
    }
    expect((await onAuth('POST', '/user/verify', { payload: { token: member.token } })).json()).toEqual(NO_DASHBOARD);

    expect(
      (await onAuth('PATCH', `/permission/${roleId}`, { token: admin.token, payload: { can_access_dashboard: true } })).statusCode,
    ).toBe(200);
    expect((await nextCalls(member)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
  });

  it('a deactivated role stops them the same way', async () => {
    const { roleId, member } = await memberOfNewRole();
    expect((await onAuth('PATCH', `/role/${roleId}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(200);
    for (const res of await nextCalls(member)) expect(res.json()).toEqual(NO_DASHBOARD);
  });

  it('the authenticator both servers share refuses the session', async () => {
    const { roleId, member } = await memberOfNewRole();
    const authenticate = createAuthenticator(t.ctx);
    const request = { headers: { authorization: `Bearer ${member.token}` } } as FastifyRequest;
    await expect(authenticate(request)).resolves.toMatchObject({ id: member.id });
    await onAuth('PATCH', `/permission/${roleId}`, { token: admin.token, payload: { can_access_dashboard: false } });
    await expect(authenticate(request)).rejects.toMatchObject({ status: 403, code: 'NO_DASHBOARD_ACCESS' });
  });
});
