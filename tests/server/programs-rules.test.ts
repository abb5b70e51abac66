/**
 * The rules every program write follows (spec 2 §4): a locked program refuses every write but
 * unlocking (423, nothing changed), the editing window refuses changes to an old program for a
 * role without edit_document_after_no_of_days (403), module switches, type attach and detach,
 * and the team: one list per user, the built-in admin never a head, and concurrent changes to
 * one list all kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { multipart } from '../support/multipart.ts';
import { addProgram, person, sendForm, typeRecord, type ProgramAnswer } from '../support/programs.ts';
import { untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';

let t: TestServer;
let admin: Session;
/** Every flag but edit_document_after_no_of_days: bound by the editing window. */
let manager: Session;
let staffRole: string;
const without: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  staffRole = (await insertRole(t.ctx.db, { role: 'Rules field team', permission: flags(false, { can_access_dashboard: true }) })).id;
  const managerRole = await insertRole(t.ctx.db, {
    role: 'Window-bound manager',
    permission: flags(true, { edit_document_after_no_of_days: false }),
  });
  await insertUser(t.ctx.db, { email: 'manager@example.com', password: 'manager passphrase', roleId: managerRole.id });
  manager = await t.loginAs('manager@example.com', 'manager passphrase');
  for (const flag of ['can_lock_program', 'can_manage_program_team', 'can_manage_program_types', 'can_edit_program']) {
    const role = await insertRole(t.ctx.db, { role: `Without ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `without-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'rules test passphrase', roleId: role.id });
    without[flag] = await t.loginAs(email, 'rules test passphrase');
  }
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);
const callAuth = caller(() => t.auth.app);
const read = async (id: string): Promise<ProgramAnswer> => (await call('GET', `/program/${id}`, { token: admin.token })).json();

describe('the program lock', () => {
  it('refuses every write while locked (423, nothing changed), then unlocking lets them through', async () => {
    const member = await person(t, staffRole);
    const type = await typeRecord(t, admin.token, 'beneficiarytype', 'Pupil');
    const p = await addProgram(t, admin.token);
    await call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user: member } });
    await call('POST', `/program/${p._id}/types/beneficiary_types`, { token: admin.token, payload: { type_id: type } });

    const lock = await call('PATCH', `/program/change/lock/status/${p._id}`, { token: admin.token });
    expect(lock.statusCode, lock.body).toBe(200);
    expect(lock.json()).toEqual({ _id: p._id, lockProgram: 1 });
    const locked = await read(p._id);

    const newcomer = await person(t, staffRole);
    const writes: Array<[string, () => ReturnType<typeof call>]> = [
      ['status', () => call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { status: false } })],
      ['details', () => sendForm(t, 'PATCH', `/program/${p._id}`, admin.token, multipart([{ name: 'description', value: 'x' }]))],
      [
        'module',
        () =>
          call('PUT', `/program/change/status/module/program/${p._id}`, {
            token: admin.token,
            payload: { module: 'events', status: false },
          }),
      ],
      ['attach', () => call('POST', `/program/${p._id}/types/location_types`, { token: admin.token, payload: { type_id: type } })],
      ['detach', () => call('DELETE', `/program/${p._id}/types/beneficiary_types/${type}`, { token: admin.token })],
      ['team add', () => call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user: newcomer } })],
      ['team head', () => call('PATCH', `/program/${p._id}/team/${member}`, { token: admin.token, payload: { is_program_head: true } })],
      ['team remove', () => call('DELETE', `/program/${p._id}/team/${member}`, { token: admin.token })],
      ['delete', () => call('DELETE', `/program/${p._id}`, { token: admin.token })],
    ];
    for (const [what, write] of writes) {
      const res = await write();
      expect(res.statusCode, what).toBe(423);
      expect(res.json(), what).toEqual({ code: 'PROGRAM_LOCKED', message: 'This program is locked. Unlock it to make changes.' });
    }
    expect(await read(p._id)).toEqual(locked);

    const unlock = await call('PATCH', `/program/change/lock/status/${p._id}`, { token: admin.token });
    expect(unlock.json()).toEqual({ _id: p._id, lockProgram: 0 });
    expect((await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { status: false } })).json().status).toBe(false);
  });

  it('needs can_lock_program, and answers 404 for a program that does not exist', async () => {
    const p = await addProgram(t, admin.token);
    const forbidden = await call('PATCH', `/program/change/lock/status/${p._id}`, { token: without.can_lock_program!.token });
    expect(forbidden.statusCode).toBe(403);
    expect((await call('PATCH', `/program/change/lock/status/${p._id}`)).statusCode).toBe(401);
    expect((await call('PATCH', `/program/change/lock/status/${randomUUID()}`, { token: admin.token })).statusCode).toBe(404);
    expect((await read(p._id)).lockProgram).toBe(0);
  });
});

describe('the editing window', () => {
  const ageBy = (id: string, days: number) =>
    sql`update programs set created_at = created_at - make_interval(days => ${days}) where id = ${id}`.execute(t.ctx.db);

  it('lets a role without edit_document_after_no_of_days change a program inside its window only', async () => {
    const p = await addProgram(t, admin.token, { no_of_days_for_edit_program: '2' });
    await ageBy(p._id, 1);
    expect((await call('PATCH', `/program/${p._id}`, { token: manager.token, payload: { status: false } })).statusCode).toBe(200);
    await ageBy(p._id, 2);
    const member = await person(t, staffRole);
    const refused = [
      await call('PATCH', `/program/${p._id}`, { token: manager.token, payload: { status: true } }),
      await call('PUT', `/program/change/status/module/program/${p._id}`, {
        token: manager.token,
        payload: { module: 'cases', status: false },
      }),
      await call('POST', `/program/${p._id}/team`, { token: manager.token, payload: { user: member } }),
      await sendForm(t, 'PATCH', `/program/${p._id}`, manager.token, multipart([{ name: 'description', value: 'Late' }])),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'EDIT_WINDOW_CLOSED', message: 'Editing this program closed 2 days after it was created' });
    }
    expect((await read(p._id)).status).toBe(false);
    // The lock is no edit of the program: it still toggles.
    expect((await call('PATCH', `/program/change/lock/status/${p._id}`, { token: manager.token })).statusCode).toBe(200);
  });

  it('cannot be stretched from inside by a role bound by it; a role that edits always may change it', async () => {
    const p = await addProgram(t, admin.token, { no_of_days_for_edit_program: '5' });
    const stretch = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      manager.token,
      multipart([{ name: 'no_of_days_for_edit_program', value: '36500' }]),
    );
    expect(stretch.statusCode, stretch.body).toBe(403);
    expect(stretch.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'edit_document_after_no_of_days' });
    expect(stretch.json().message).toContain('edit_document_after_no_of_days');
    expect((await read(p._id)).no_of_days_for_edit_program).toBe(5);
    // The edit form sends every field back: the same number is no change.
    const same = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      manager.token,
      multipart([
        { name: 'no_of_days_for_edit_program', value: '5' },
        { name: 'description', value: 'Still inside the window' },
      ]),
    );
    expect(same.statusCode, same.body).toBe(200);
    const byAdmin = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      admin.token,
      multipart([{ name: 'no_of_days_for_edit_program', value: '60' }]),
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json().no_of_days_for_edit_program).toBe(60);
    // On add the number is the creator's to choose.
    expect((await addProgram(t, manager.token, { no_of_days_for_edit_program: '36500' })).no_of_days_for_edit_program).toBe(36500);
  });

  it('closes a 0-day window once the moment of creation has passed', async () => {
    const p = await addProgram(t, admin.token, { no_of_days_for_edit_program: '0' });
    await sql`update programs set created_at = created_at - interval '1 second' where id = ${p._id}`.execute(t.ctx.db);
    const res = await call('PATCH', `/program/${p._id}`, { token: manager.token, payload: { status: false } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Editing this program closed when it was created');
  });

  it('always lets a role with edit_document_after_no_of_days change it', async () => {
    const p = await addProgram(t, admin.token, { no_of_days_for_edit_program: '1' });
    await ageBy(p._id, 400);
    const res = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { active_module: { events: false } } });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('PUT /program/change/status/module/program/{id}', () => {
  it('switches one module and leaves the others', async () => {
    const p = await addProgram(t, admin.token);
    const res = await call('PUT', `/program/change/status/module/program/${p._id}`, {
      token: admin.token,
      payload: { module: 'permission', status: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active_module).toEqual({ ...p.active_module, permission: false });
  });

  it('refuses a module that does not exist, and callers without can_edit_program', async () => {
    const p = await addProgram(t, admin.token);
    const url = `/program/change/status/module/program/${p._id}`;
    expect((await call('PUT', url, { token: admin.token, payload: { module: 'groups', status: false } })).statusCode).toBe(400);
    expect((await call('PUT', url, { token: admin.token, payload: { module: 'events' } })).statusCode).toBe(400);
    const forbidden = await call('PUT', url, { token: without.can_edit_program!.token, payload: { module: 'events', status: false } });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (
        await call('PUT', `/program/change/status/module/program/${randomUUID()}`, {
          token: admin.token,
          payload: { module: 'events', status: false },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('attaching and detaching type records', () => {
  it('attaches an existing type once (twice is a no-op) and detaches it', async () => {
    const p = await addProgram(t, admin.token);
    const type = await typeRecord(t, admin.token, 'locationtype', 'District');
    const url = `/program/${p._id}/types/location_types`;
    expect((await call('POST', url, { token: admin.token, payload: { type_id: type } })).json().location_types).toEqual([type]);
    expect((await call('POST', url, { token: admin.token, payload: { type_id: type } })).json().location_types).toEqual([type]);
    const detached = await call('DELETE', `${url}/${type}`, { token: admin.token });
    expect(detached.statusCode).toBe(200);
    expect(detached.json().location_types).toEqual([]);
  });

  it('refuses a type that does not exist, a list that does not exist, and callers without can_manage_program_types', async () => {
    const p = await addProgram(t, admin.token);
    const missing = await call('POST', `/program/${p._id}/types/beneficiary_types`, {
      token: admin.token,
      payload: { type_id: randomUUID() },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ type_id: 'Beneficiary Type does not exist' });
    const type = await typeRecord(t, admin.token, 'beneficiarytype', 'Trainee');
    expect((await call('POST', `/program/${p._id}/types/groups`, { token: admin.token, payload: { type_id: type } })).statusCode).toBe(400);
    const forbidden = await call('POST', `/program/${p._id}/types/beneficiary_types`, {
      token: without.can_manage_program_types!.token,
      payload: { type_id: type },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await call('POST', `/program/${randomUUID()}/types/beneficiary_types`, { token: admin.token, payload: { type_id: type } }))
        .statusCode,
    ).toBe(404);
    expect((await read(p._id)).beneficiary_types).toEqual([]);
  });
});

describe('the team', () => {
  it('adds members and heads, moves one between the lists, and removes them', async () => {
    const p = await addProgram(t, admin.token);
    const [a, b] = [await person(t, staffRole), await person(t, staffRole)];
    const team = `/program/${p._id}/team`;
    expect((await call('POST', team, { token: admin.token, payload: { user: a } })).json()).toMatchObject({ teams: [a], program_head: [] });
    expect((await call('POST', team, { token: admin.token, payload: { user: b, is_program_head: true } })).json()).toMatchObject({
      teams: [a],
      program_head: [b],
    });
    // A member made head leaves the team; a head made member leaves the heads.
    expect((await call('PATCH', `${team}/${a}`, { token: admin.token, payload: { is_program_head: true } })).json()).toMatchObject({
      teams: [],
      program_head: [b, a],
    });
    expect((await call('PATCH', `${team}/${b}`, { token: admin.token, payload: { is_program_head: false } })).json()).toMatchObject({
      teams: [b],
      program_head: [a],
    });
    const removed = await call('DELETE', `${team}/${b}`, { token: admin.token });
    expect(removed.json()).toMatchObject({ teams: [], program_head: [a] });
    expect((await call('DELETE', `${team}/${b}`, { token: admin.token })).statusCode).toBe(404);
    expect((await call('PATCH', `${team}/${b}`, { token: admin.token, payload: { is_program_head: true } })).statusCode).toBe(404);
  });

  it('refuses someone already on it (409), an unknown user, and the built-in admin as head', async () => {
    const p = await addProgram(t, admin.token);
    const a = await person(t, staffRole);
    const team = `/program/${p._id}/team`;
    await call('POST', team, { token: admin.token, payload: { user: a, is_program_head: true } });
    const again = await call('POST', team, { token: admin.token, payload: { user: a } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ON_TEAM', message: 'Already a team member' });
    const unknown = await call('POST', team, { token: admin.token, payload: { user: randomUUID() } });
    expect(unknown.json().fields).toEqual({ user: 'User does not exist' });
    const builtinHead = await call('POST', team, { token: admin.token, payload: { user: admin.user._id, is_program_head: true } });
    expect(builtinHead.statusCode).toBe(400);
    expect(builtinHead.json().fields).toEqual({ user: 'The built-in admin account cannot be a program head' });
    // On the team the built-in admin may be; made head, refused and left where they were.
    expect((await call('POST', team, { token: admin.token, payload: { user: admin.user._id } })).statusCode).toBe(200);
    const toHead = await call('PATCH', `${team}/${admin.user._id}`, { token: admin.token, payload: { is_program_head: true } });
    expect(toHead.statusCode).toBe(400);
    expect(await read(p._id)).toMatchObject({ program_head: [a], teams: [admin.user._id] });
    expect((await call('POST', team, { token: admin.token, payload: {} })).json().fields).toEqual({ user: 'User is required' });
    expect((await call('POST', team, { token: without.can_manage_program_team!.token, payload: { user: a } })).statusCode).toBe(403);
    expect((await call('POST', team, { payload: { user: a } })).statusCode).toBe(401);
  });

  it('keeps both members when two admins add one each at the same moment', async () => {
    const p = await addProgram(t, admin.token);
    const people = await Promise.all([1, 2, 3, 4].map(() => person(t, staffRole)));
    const answers = await Promise.all(
      people.map((user) => call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user } })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await read(p._id)).teams.sort()).toEqual([...people].sort());
  });
});

describe('whole lists through PATCH /program/{id} (JSON)', () => {
  it('need the flag of the route that changes them one by one: team and heads, or types (403 naming it, nothing changed)', async () => {
    const p = await addProgram(t, admin.token);
    const member = await person(t, staffRole);
    const type = await typeRecord(t, admin.token, 'eventtype', 'Workshop');
    const refused: Array<[Session, Record<string, unknown>, string]> = [
      [without.can_manage_program_team!, { teams: [member] }, 'can_manage_program_team'],
      [without.can_manage_program_team!, { program_head: [member] }, 'can_manage_program_team'],
      [without.can_manage_program_team!, { status: false, teams: [member] }, 'can_manage_program_team'],
      [without.can_manage_program_types!, { event_types: [type] }, 'can_manage_program_types'],
    ];
    for (const [session, payload, flag] of refused) {
      const res = await call('PATCH', `/program/${p._id}`, { token: session.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 'FORBIDDEN', permission: flag });
      expect(res.json().message).toContain(flag);
    }
    expect(await read(p._id)).toEqual(p);
    // What can_edit_program covers goes through without them.
    const status = await call('PATCH', `/program/${p._id}`, { token: without.can_manage_program_team!.token, payload: { status: false } });
    expect(status.statusCode, status.body).toBe(200);
    // The edit form's heads are a field of the form: can_edit_program is enough there.
    const form = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      without.can_manage_program_team!.token,
      multipart([{ name: 'program_head', value: JSON.stringify([member]) }]),
    );
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().program_head).toEqual([member]);
  });
});

describe('the heads', () => {
  it('a program keeps its last head: removing or un-heading them, or a team list taking them, is refused (400)', async () => {
    const [head, member] = [await person(t, staffRole), await person(t, staffRole)];
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    await call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user: member } });
    const before = await read(p._id);
    const refused = [
      await call('DELETE', `/program/${p._id}/team/${head}`, { token: admin.token }),
      await call('PATCH', `/program/${p._id}/team/${head}`, { token: admin.token, payload: { is_program_head: false } }),
      await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { teams: [member, head] } }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fields).toEqual({ program_head: 'Program head is required' });
    }
    expect(await read(p._id)).toEqual(before);
    // With another head in place, the first may go.
    await call('PATCH', `/program/${p._id}/team/${member}`, { token: admin.token, payload: { is_program_head: true } });
    const removed = await call('DELETE', `/program/${p._id}/team/${head}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ program_head: [member], teams: [] });
  });

  it('checks a member the JSON edit makes head as the team route does: an inactive member cannot become head', async () => {
    const [head, member] = [await person(t, staffRole), await person(t, staffRole)];
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    await call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user: member } });
    await sql`update users set status = false where id = ${member}`.execute(t.ctx.db);
    const res = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { program_head: [head, member] } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ program_head: 'User is inactive' });
    expect(await read(p._id)).toMatchObject({ program_head: [head], teams: [member] });
    // The team route says the same.
    const moved = await call('PATCH', `/program/${p._id}/team/${member}`, { token: admin.token, payload: { is_program_head: true } });
    expect(moved.statusCode).toBe(400);
  });
});

describe('a user deleted', () => {
  it('leaves the heads and team of every program, and the full program never shows them', async () => {
    const [head, gone, member] = [await person(t, staffRole), await person(t, staffRole), await person(t, staffRole)];
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head, gone]) });
    const q = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    await call('POST', `/program/${q._id}/team`, { token: admin.token, payload: { user: gone } });
    await call('POST', `/program/${q._id}/team`, { token: admin.token, payload: { user: member } });
    const deleted = await callAuth('DELETE', `/user/${gone}`, { token: admin.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await read(p._id)).toMatchObject({ program_head: [head], teams: [] });
    expect(await read(q._id)).toMatchObject({ program_head: [head], teams: [member] });

    // An id of a deleted user written under the API (an older database) is left out of the people shown.
    await sql`update programs set teams = teams || jsonb_build_array(${gone}::text) where id = ${q._id}`.execute(t.ctx.db);
    const full = (await call('GET', `/program/${q._id}/full`, { token: admin.token })).json();
    expect(full.teams.map((u: { _id: string }) => u._id)).toEqual([member]);
  });

  it('while being added: the delete waits for the add and then takes the user out again', async () => {
    const [head, user] = [await person(t, staffRole), await person(t, staffRole)];
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    // The add, half done: its check share-locked the user and it wrote the id.
    const adding = await t.ctx.db.startTransaction().execute();
    await sql`select id from users where id = ${user} for share`.execute(adding);
    await sql`update programs set teams = teams || jsonb_build_array(${user}::text) where id = ${p._id}`.execute(adding);
    const deleting = callAuth('DELETE', `/user/${user}`, { token: admin.token });
    await untilSomeoneWaitsOnALock(t.ctx.db, 'deleting the user');
    await adding.commit().execute();
    expect((await deleting).statusCode).toBe(200);
    expect((await read(p._id)).teams).toEqual([]);
  });

  it('before being added: the add waits for the delete and then finds no such user', async () => {
    const [head, user] = [await person(t, staffRole), await person(t, staffRole)];
    const p = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    const deleting = await t.ctx.db.startTransaction().execute();
    await sql`update users set status = false, deleted_at = now() where id = ${user}`.execute(deleting);
    const adding = call('POST', `/program/${p._id}/team`, { token: admin.token, payload: { user } });
    await untilSomeoneWaitsOnALock(t.ctx.db, 'adding the member');
    await deleting.commit().execute();
    const res = await adding;
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ user: 'User does not exist' });
    expect((await read(p._id)).teams).toEqual([]);
  });
});
