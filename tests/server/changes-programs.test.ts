/**
 * The change log of programs and what belongs to them: each write a person makes to a program,
 * its team, its type lists, its goals and its notifications leaves one row under the action a
 * reader would look for (`lock`, `module-off`, `member-add`, `pin`…), with the actor, the program's
 * id and each changed field before and after; a team or type change names the person or the type;
 * a write that changes nothing or fails leaves none; and a program's whole story is read with
 * `GET /audit?program=<id>`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { tinyPng } from '../support/images.ts';
import { addProgram, person, programForm, sendForm, typeRecord, type ProgramAnswer } from '../support/programs.ts';

let t: TestServer;
let admin: Session;
let clerk: Session;
let staffRole: string;
const CLERK_EMAIL = 'program-clerk@example.com';
const call = caller(() => t.api.app);

interface Change {
  seq: string;
  resource: string;
  record_id: string;
  action: string;
  actor_email: string;
  program_id: string | null;
  fields: Record<string, [unknown, unknown]>;
}

/** The changes the admin reads for a query, oldest first. */
async function changes(query: string): Promise<Change[]> {
  const res = await call('GET', `/audit?${query}&limit=200`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return ((res.json() as { data: Change[] }).data as Change[]).reverse();
}
const ofProgram = (id: string) => changes(`program=${id}`);
/** What came after the changes already seen. */
const since = async (id: string, seen: Change[]) => (await ofProgram(id)).slice(seen.length);

async function ok(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, token = admin.token) {
  const res = await call(method, url, { token, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  staffRole = (await insertRole(t.ctx.db, { role: 'Program staff', permission: flags(false, { can_access_dashboard: true }) })).id;
  const clerkRole = await insertRole(t.ctx.db, { role: 'Program clerk', permission: flags(true, { can_get_audit: false }) });
  await insertUser(t.ctx.db, { email: CLERK_EMAIL, password: 'program clerk passphrase', roleId: clerkRole.id });
  clerk = await t.loginAs(CLERK_EMAIL, 'program clerk passphrase');
});
afterAll(() => t?.close());

describe('a program’s own changes', () => {
  it('records the create with every field, the image by its stored name, each module as a field of its own', async () => {
    const head = await person(t, staffRole, { first_name: 'Hana' });
    const res = await sendForm(
      t,
      'POST',
      '/program',
      admin.token,
      programForm({ name: 'Audited Water', description: 'Wells', program_head: JSON.stringify([head]) }, tinyPng()),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as ProgramAnswer;

    const [created, ...more] = await changes(`record=${p._id}`);
    expect(more).toEqual([]);
    expect(created).toMatchObject({ resource: 'program', action: 'create', actor_email: ADMIN_EMAIL, program_id: p._id });
    expect(created!.fields).toMatchObject({
      name: [null, 'Audited Water'],
      description: [null, 'Wells'],
      program_head: [null, [head]],
      teams: [null, []],
      lockProgram: [null, 0],
      photo: [null, p.photo],
      'active_module.events': [null, true],
    });
    expect(p.photo).toMatch(/^uploads\/programs\/[0-9a-f]{24}\.png$/);
    expect(created!.fields.active_module).toBeUndefined();
  });

  it('records an edit of the details with exactly the fields that changed, a new image by its name', async () => {
    const p = await addProgram(t, admin.token, { name: 'Details Before', no_of_days_for_edit_program: '30' });
    const res = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      admin.token,
      programForm(
        {
          name: 'Details After',
          description: p.description,
          no_of_days_for_edit_program: '7',
          documentVisible: 'OWN',
          program_head: undefined,
        },
        tinyPng(),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const photo = res.json().photo as string;

    const [, updated, ...more] = await ofProgram(p._id);
    expect(more).toEqual([]);
    expect(updated).toMatchObject({ action: 'update', actor_email: ADMIN_EMAIL, program_id: p._id, record_id: p._id });
    expect(updated!.fields).toEqual({
      name: ['Details Before', 'Details After'],
      no_of_days_for_edit_program: [30, 7],
      documentVisible: ['ALL', 'OWN'],
      photo: [null, photo],
    });
  });

  it('records deactivate and activate, lock and unlock, module off and on, each under its own action', async () => {
    const p = await addProgram(t, admin.token);
    const seen = await ofProgram(p._id);
    await ok('PATCH', `/program/${p._id}`, { status: false });
    await ok('PATCH', `/program/${p._id}`, { status: true });
    await ok('PATCH', `/program/change/lock/status/${p._id}`);
    await ok('PATCH', `/program/change/lock/status/${p._id}`);
    await ok('PUT', `/program/change/status/module/program/${p._id}`, { module: 'events', status: false });
    // Switched off again: nothing changes, so no row.
    await ok('PUT', `/program/change/status/module/program/${p._id}`, { module: 'events', status: false });
    await ok('PATCH', `/program/${p._id}`, { active_module: { surveys: false, cases: false } });
    await ok('PUT', `/program/change/status/module/program/${p._id}`, { module: 'events', status: true });

    const rows = await since(p._id, seen);
    expect(rows.map((c) => [c.action, c.fields])).toEqual([
      ['deactivate', { status: [true, false] }],
      ['activate', { status: [false, true] }],
      ['lock', { lockProgram: [0, 1] }],
      ['unlock', { lockProgram: [1, 0] }],
      ['module-off', { 'active_module.events': [true, false] }],
      ['module-off', { 'active_module.surveys': [true, false], 'active_module.cases': [true, false] }],
      ['module-on', { 'active_module.events': [false, true] }],
    ]);
    expect(rows.every((c) => c.program_id === p._id && c.actor_email === ADMIN_EMAIL && c.resource === 'program')).toBe(true);
  });

  it('records nothing of a failed write (a name taken); a write refused on a locked program is filed under it as refused', async () => {
    const p = await addProgram(t, admin.token, { name: 'Refusing Program' });
    await addProgram(t, admin.token, { name: 'Name Holder' });
    const seen = await ofProgram(p._id);
    const taken = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      admin.token,
      programForm({ name: 'name holder', program_head: undefined }),
    );
    expect(taken.statusCode).toBe(422);
    await ok('PATCH', `/program/change/lock/status/${p._id}`);
    const locked = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { status: false } });
    expect(locked.statusCode).toBe(423);
    const rows = await since(p._id, seen);
    expect(rows.map((c) => c.action)).toEqual(['lock', 'refused']);
    expect(rows[1]!.fields).toMatchObject({ status: [null, 423], code: [null, 'PROGRAM_LOCKED'] });
  });
});

describe('the team and the type lists', () => {
  it('records a member added, made head and back, removed: the lists and the person by id and name, by the one who did it', async () => {
    const head = await person(t, staffRole, { first_name: 'Hiwot' });
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    const member = await person(t, staffRole, { first_name: 'Mulu' });
    const mulu = { _id: member, first_name: 'Mulu', last_name: 'Person' };
    const seen = await ofProgram(p._id);

    await ok('POST', `/program/${p._id}/team`, { user: member }, clerk.token);
    const twice = await call('POST', `/program/${p._id}/team`, { token: clerk.token, payload: { user: member } });
    expect(twice.statusCode).toBe(409);
    await ok('PATCH', `/program/${p._id}/team/${member}`, { is_program_head: true }, clerk.token);
    await ok('PATCH', `/program/${p._id}/team/${member}`, { is_program_head: true }, clerk.token);
    await ok('PATCH', `/program/${p._id}/team/${member}`, { is_program_head: false }, clerk.token);
    await ok('DELETE', `/program/${p._id}/team/${member}`, undefined, clerk.token);

    const rows = await since(p._id, seen);
    expect(rows.map((c) => [c.action, c.fields])).toEqual([
      ['member-add', { teams: [[], [member]], member: [null, mulu] }],
      ['head', { teams: [[member], []], program_head: [[head], [head, member]], head: [null, mulu] }],
      ['head-remove', { teams: [[], [member]], program_head: [[head, member], [head]], head: [mulu, null] }],
      ['member-remove', { teams: [[member], []], member: [mulu, null] }],
    ]);
    expect(rows.every((c) => c.actor_email === CLERK_EMAIL && c.program_id === p._id)).toBe(true);
  });

  it('records a type attached and detached, naming the module and the type; attaching it twice adds no row', async () => {
    const p = await addProgram(t, admin.token);
    const household = await typeRecord(t, admin.token, 'beneficiarytype', 'Audited Household');
    const seen = await ofProgram(p._id);
    await ok('POST', `/program/${p._id}/types/beneficiary_types`, { type_id: household });
    await ok('POST', `/program/${p._id}/types/beneficiary_types`, { type_id: household });
    await ok('DELETE', `/program/${p._id}/types/beneficiary_types/${household}`);

    const type = { module: 'beneficiaries', list: 'beneficiary_types', _id: household, name: 'Audited Household' };
    expect((await since(p._id, seen)).map((c) => [c.action, c.program_id, c.fields])).toEqual([
      ['type-attach', p._id, { beneficiary_types: [[], [household]], type: [null, type] }],
      ['type-detach', p._id, { beneficiary_types: [[household], []], type: [type, null] }],
    ]);
  });

  it('records whole lists sent as JSON as one update of the program', async () => {
    const head = await person(t, staffRole);
    const member = await person(t, staffRole);
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    const seen = await ofProgram(p._id);
    await ok('PATCH', `/program/${p._id}`, { teams: [member], status: false });
    expect((await since(p._id, seen)).map((c) => [c.action, c.fields])).toEqual([
      ['update', { teams: [[], [member]], status: [true, false] }],
    ]);
  });
});

describe('goals and notifications', () => {
  it('records a goal set, changed, pinned, unpinned and deleted, in its program, naming its type', async () => {
    const p = await addProgram(t, admin.token);
    const household = await typeRecord(t, admin.token, 'beneficiarytype', 'Goal Household');
    await ok('POST', `/program/${p._id}/types/beneficiary_types`, { type_id: household });
    const goal = await ok('POST', '/goal', { program_id: p._id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    await ok('PATCH', `/goal/${goal._id}`, { target: 25 });
    await ok('PATCH', `/goal/${goal._id}`, { target: 25 });
    await ok('PATCH', `/goal/${goal._id}`, { isPinned: true });
    await ok('PATCH', `/goal/${goal._id}`, { isPinned: false });
    await ok('DELETE', `/goal/${goal._id}`);
    // A count read by POST changes nothing and leaves no row.
    await ok('POST', '/goal/target', { program_slug: p.name_slug, type: 'BENEFICIARY', beneficiary_type_id: household });

    const rows = await changes(`record=${goal._id}`);
    expect(rows.map((c) => c.action)).toEqual(['create', 'update', 'pin', 'unpin', 'delete']);
    expect(rows.every((c) => c.resource === 'goal' && c.program_id === p._id && c.actor_email === ADMIN_EMAIL)).toBe(true);
    const [created, updated, pinned, unpinned, deleted] = rows;
    expect(created!.fields).toMatchObject({
      program_id: [null, p._id],
      document_type: [null, 'BENEFICIARY'],
      goal_type: [null, household],
      name: [null, 'Goal Household'],
      target: [null, 10],
      isPinned: [null, false],
    });
    // What is counted, not stored, is no part of the goal's history.
    expect(created!.fields.achieve).toBeUndefined();
    expect(updated!.fields).toEqual({ target: [10, 25] });
    expect(pinned!.fields).toEqual({ isPinned: [false, true] });
    expect(unpinned!.fields).toEqual({ isPinned: [true, false] });
    expect(deleted!.fields).toMatchObject({ target: [25, null], goal_type: [household, null] });
    expect((await ofProgram(p._id)).filter((c) => c.resource === 'goal')).toHaveLength(5);
  });

  it('records a notification sent, edited and removed in its program; a read mark is no change', async () => {
    const member = await insertUser(t.ctx.db, { email: 'note-reader@example.com', password: 'note reader passphrase', roleId: staffRole });
    const reader = await t.loginAs(member.email, 'note reader passphrase');
    const p = await addProgram(t, admin.token);
    await ok('POST', `/program/${p._id}/team`, { user: member.id });
    const note = await ok('POST', '/notification/add', { program: p._id, title: 'Meeting', body: 'Friday' }, clerk.token);
    await ok('POST', `/notification/${note._id}/read`, undefined, reader.token);
    await ok('PATCH', `/notification/update/${note._id}`, { body: 'Saturday' }, clerk.token);
    await ok('DELETE', `/notification/delete/${note._id}`, undefined, clerk.token);

    const rows = await changes(`record=${note._id}`);
    expect(rows.map((c) => [c.resource, c.action, c.program_id, c.actor_email])).toEqual([
      ['notification', 'create', p._id, CLERK_EMAIL],
      ['notification', 'update', p._id, CLERK_EMAIL],
      ['notification', 'delete', p._id, CLERK_EMAIL],
    ]);
    expect(rows[0]!.fields).toMatchObject({ title: [null, 'Meeting'], body: [null, 'Friday'], program: [null, p._id] });
    expect(rows[1]!.fields).toEqual({ body: ['Friday', 'Saturday'] });
    expect(rows[2]!.fields).toMatchObject({ title: ['Meeting', null], body: ['Saturday', null] });
  });
});

describe('deleting a program', () => {
  it('records the program, and each goal and notification that goes with it, in the program’s history', async () => {
    const p = await addProgram(t, admin.token, { name: 'Going Away' });
    const household = await typeRecord(t, admin.token, 'beneficiarytype', 'Going Household');
    await ok('POST', `/program/${p._id}/types/beneficiary_types`, { type_id: household });
    const goal = await ok('POST', '/goal', { program_id: p._id, document_type: 'BENEFICIARY', goal_type: household, target: 3 });
    const note = await ok('POST', '/notification/add', { program: p._id, title: 'Closing', body: 'Last week' });
    const seen = await ofProgram(p._id);
    await ok('DELETE', `/program/${p._id}`);

    const rows = await since(p._id, seen);
    expect(rows.map((c) => [c.resource, c.record_id, c.action, c.program_id])).toEqual([
      ['program', p._id, 'delete', p._id],
      ['goal', goal._id, 'delete', p._id],
      ['notification', note._id, 'delete', p._id],
    ]);
    expect(rows[0]!.fields).toMatchObject({ name: ['Going Away', null], beneficiary_types: [[household], null] });
    expect(rows[1]!.fields).toMatchObject({ target: [3, null] });
    expect(rows[2]!.fields).toMatchObject({ title: ['Closing', null] });
  });
});
