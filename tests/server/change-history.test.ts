/**
 * A record's history under the record's own flag: a user's and a role's on the auth server, a
 * form's and a program's on the api server. A program's history is everything filed under it and
 * is read by the audit flag or by the program's heads: a head without the audit flag reads their
 * program's and no other's; a role without the record's read flag reads none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { addProgram } from '../support/programs.ts';

let t: TestServer;
let admin: Session;
let head: Session;
let outsider: Session;
let headId = '';
const auth = caller(() => t.auth.app);
const api = caller(() => t.api.app);

interface Change {
  resource: string;
  record_id: string;
  action: string;
  program_id: string | null;
  fields: Record<string, [unknown, unknown]>;
}
const actionsOf = (body: { data: Change[] }) => body.data.map((c) => `${c.resource} ${c.action}`);

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // A program manager: reads programs, users and roles, but holds no audit flag.
  const manager = await insertRole(t.ctx.db, { permission: flags(true, { can_get_audit: false }) });
  headId = (await insertUser(t.ctx.db, { email: 'head@example.com', password: 'head passphrase 1', roleId: manager.id })).id;
  await insertUser(t.ctx.db, { email: 'outsider@example.com', password: 'outsider passphrase 1', roleId: manager.id });
  head = await t.loginAs('head@example.com', 'head passphrase 1');
  outsider = await t.loginAs('outsider@example.com', 'outsider passphrase 1');
});
afterAll(() => t?.close());

describe('a record’s history', () => {
  it('lists a role’s own changes, newest first, and no other role’s', async () => {
    const made = await auth('POST', '/role', { token: admin.token, payload: { role: 'Enumerators' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = String(made.json()._id);
    await auth('POST', '/role', { token: admin.token, payload: { role: 'Drivers' } });
    expect((await auth('PATCH', `/role/${id}`, { token: admin.token, payload: { role: 'Field enumerators' } })).statusCode).toBe(200);
    const history = await auth('GET', `/role/${id}/history`, { token: admin.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(actionsOf(history.json())).toEqual(['role update', 'role create']);
    expect(history.json().data[0].fields.role).toEqual(['Enumerators', 'Field enumerators']);
    expect(history.json().next).toBeNull();
  });

  it('lists a user’s changes on the auth server under the user read flag', async () => {
    const history = await auth('GET', `/user/${headId}/history`, { token: head.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data.every((c: Change) => c.record_id === headId && c.resource === 'user')).toBe(true);
  });

  it('is refused without the record’s read flag', async () => {
    const reader = await insertRole(t.ctx.db, { permission: flags(false, { can_access_dashboard: true }) });
    await insertUser(t.ctx.db, { email: 'noone@example.com', password: 'no one passphrase 1', roleId: reader.id });
    const noone = await t.loginAs('noone@example.com', 'no one passphrase 1');
    expect((await auth('GET', `/user/${headId}/history`, { token: noone.token })).statusCode).toBe(403);
    expect((await api('GET', `/form/x/history`, { token: noone.token })).statusCode).toBe(403);
  });

  it('gives a program’s heads its whole history without the audit flag, and no one else without it', async () => {
    const program = await addProgram(t, admin.token, { name: 'History Program', program_head: JSON.stringify([headId]) });
    const other = await addProgram(t, admin.token, { name: 'Someone Else’s Program' });
    const goalType = await api('POST', '/beneficiarytype', {
      token: admin.token,
      payload: { name: 'Household', plural_name: 'Households', description: 'Homes visited' },
    });
    expect(goalType.statusCode, goalType.body).toBe(201);
    const typeId = String(goalType.json()._id);
    expect(
      (await api('POST', `/program/${program._id}/types/beneficiary_types`, { token: admin.token, payload: { type_id: typeId } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await api('POST', '/goal', {
          token: admin.token,
          payload: { program_id: program._id, document_type: 'BENEFICIARY', goal_type: typeId, target: 40 },
        })
      ).statusCode,
    ).toBe(201);
    expect((await api('PATCH', `/program/change/lock/status/${program._id}`, { token: admin.token })).statusCode).toBe(200);

    const mine = await api('GET', `/program/${program._id}/history`, { token: head.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(actionsOf(mine.json())).toEqual(['program lock', 'goal create', 'program type-attach', 'program create']);
    expect(mine.json().data.every((c: Change) => c.program_id === program._id)).toBe(true);

    expect((await api('GET', `/program/${other._id}/history`, { token: head.token })).statusCode).toBe(403);
    expect((await api('GET', `/program/${program._id}/history`, { token: outsider.token })).statusCode).toBe(403);
    expect((await api('GET', `/program/${program._id}/history`, { token: admin.token })).statusCode).toBe(200);
    expect((await api('GET', `/program/no-such-program/history`, { token: head.token })).statusCode).toBe(404);
  });

  it('is there for every resource of the map: a designation’s, with nothing written for it', async () => {
    const made = await auth('POST', '/designation', { token: admin.token, payload: { name: 'Mapper' } });
    const id = String(made.json()._id);
    await auth('PATCH', `/designation/${id}`, { token: admin.token, payload: { status: false } });
    const history = await auth('GET', `/designation/${id}/history`, { token: head.token });
    expect(history.statusCode, history.body).toBe(200);
    expect(actionsOf(history.json())).toEqual(['designation update', 'designation create']);
    expect(history.json().data[0].fields).toEqual({ status: [true, false] });
  });
});
