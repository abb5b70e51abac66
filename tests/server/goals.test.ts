/**
 * Goals on the api server (spec 2 §3 Goal, §7 Goals): a goal counts one type record attached to
 * its program, at most one goal per type (also when two admins set it at once), its name is the
 * type's name as it is now, achieved counts are the program's documents of that type (counted in
 * tests/server/documents-goals.test.ts), and a locked program refuses every goal write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { attachType, callerWith, insertProgram, insertTypeRecord, setLock, type Caller } from '../support/program-fixtures.ts';
import { goalsOfProgram } from '../../server/goals/goal-store.ts';

let t: TestServer;
let admin: Session;
let noGoals: Caller;
let noRead: Caller;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  noGoals = await callerWith(t, 'No goals', flags(true, { can_manage_program_goals: false }));
  noRead = await callerWith(t, 'No program reading', flags(true, { can_get_program: false }));
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);
let serial = 0;

interface GoalAnswer {
  _id: string;
  program_id: string;
  document_type: string;
  goal_type: string;
  name?: string;
  target: number;
  achieve: number;
  achieve_counted: boolean;
  isPinned: boolean;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A program with a beneficiary type and a location type attached, and a beneficiary type that is not. */
async function programWithTypes(opts: { lock?: 0 | 1 } = {}) {
  const n = ++serial;
  const household = await insertTypeRecord(t.ctx.db, 'beneficiary_type', `Household ${n}`);
  const village = await insertTypeRecord(t.ctx.db, 'location_type', `Village ${n}`);
  const elsewhere = await insertTypeRecord(t.ctx.db, 'beneficiary_type', `Elsewhere ${n}`);
  const program = await insertProgram(t.ctx.db, {
    name: `Water ${n}`,
    lock_program: opts.lock ?? 0,
    types: { beneficiary_types: [household], location_types: [village] },
  });
  return { program, household, village, elsewhere, n };
}

async function addGoal(body: Record<string, unknown>, token = admin.token): Promise<GoalAnswer> {
  const res = await call('POST', '/goal', { token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const goalCount = async (programId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from goals where program_id = ${programId}`.execute(t.ctx.db)).rows[0]!.n;

describe('POST /goal', () => {
  it('sets a goal for an attached type: named after the type, nothing achieved while it has no documents', async () => {
    const { program, household, n } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 500 });
    expect(goal).toMatchObject({
      program_id: program.id,
      document_type: 'BENEFICIARY',
      goal_type: household,
      name: `Household ${n}`,
      target: 500,
      achieve: 0,
      achieve_counted: true,
      isPinned: false,
      created_by: admin.user._id,
    });
    expect(await goalCount(program.id)).toBe(1);
  });

  it('takes isPinned and trims the ids it is sent', async () => {
    const { program, village } = await programWithTypes();
    const goal = await addGoal({
      program_id: ` ${program.id} `,
      document_type: 'LOCATION',
      goal_type: ` ${village} `,
      target: 3,
      isPinned: true,
    });
    expect(goal).toMatchObject({ goal_type: village, isPinned: true, target: 3 });
  });

  it('refuses a type that is not attached to the program, one attached in another kind’s list, and one that does not exist', async () => {
    const { program, household, elsewhere, village } = await programWithTypes();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ document_type: 'BENEFICIARY', goal_type: elsewhere }, 'This Beneficiary Type is not attached to this program'],
      // The village is attached as a location type; as a beneficiary type it does not exist.
      [{ document_type: 'BENEFICIARY', goal_type: village }, 'Beneficiary Type does not exist'],
      [{ document_type: 'LOCATION', goal_type: household }, 'Location Type does not exist'],
      [{ document_type: 'CASE', goal_type: 'no-such-type' }, 'Case Type does not exist'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/goal', { token: admin.token, payload: { program_id: program.id, target: 10, ...body } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toEqual({ goal_type: message });
    }
    expect(await goalCount(program.id)).toBe(0);
  });

  it('refuses a missing or blank type or target with the form’s messages', async () => {
    const { program, household } = await programWithTypes();
    const base = { program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 };
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ ...base, target: undefined }, { target: 'Target is required' }],
      [{ ...base, target: 0 }, { target: 'Target must be at least 1' }],
      [{ ...base, target: 2.5 }, { target: 'Target must be an integer' }],
      [{ ...base, goal_type: '   ' }, { goal_type: 'Type is required' }],
      [{ ...base, goal_type: undefined }, { goal_type: 'Type is required' }],
    ];
    for (const [body, fields] of cases) {
      const res = await call('POST', '/goal', { token: admin.token, payload: body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fields).toMatchObject(fields);
    }
    const badKind = await call('POST', '/goal', { token: admin.token, payload: { ...base, document_type: 'PERSON' } });
    expect(badKind.statusCode).toBe(400);
    expect(Object.keys(badKind.json().fields)).toEqual(['document_type']);
    expect(await goalCount(program.id)).toBe(0);
  });

  it('refuses a second goal for the same type, naming it', async () => {
    const { program, household, n } = await programWithTypes();
    const body = { program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 };
    await addGoal(body);
    const res = await call('POST', '/goal', { token: admin.token, payload: { ...body, target: 20 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GOAL_EXISTS', message: `This program already has a goal for Household ${n}` });
    expect(await goalCount(program.id)).toBe(1);
  });

  it('two admins setting the same type’s goal at once: one goal, the other told it exists', async () => {
    const { program, household } = await programWithTypes();
    const body = { program_id: program.id, document_type: 'BENEFICIARY', goal_type: household };
    const answers = await Promise.all([
      call('POST', '/goal', { token: admin.token, payload: { ...body, target: 10 } }),
      call('POST', '/goal', { token: admin.token, payload: { ...body, target: 20 } }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe('GOAL_EXISTS');
    expect(await goalCount(program.id)).toBe(1);
  });

  it('404 for a program that does not exist; 423 on a locked program, storing nothing', async () => {
    const { program, household } = await programWithTypes({ lock: 1 });
    const body = { program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 };
    const locked = await call('POST', '/goal', { token: admin.token, payload: body });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ code: 'PROGRAM_LOCKED', message: 'This program is locked. Unlock it to make changes.' });
    expect(await goalCount(program.id)).toBe(0);

    const missing = await call('POST', '/goal', { token: admin.token, payload: { ...body, program_id: 'no-such-program' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Program not found');
  });

  it('is not a program edit: a closed editing window does not stop it', async () => {
    const household = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Old household');
    const old = await insertProgram(t.ctx.db, {
      name: 'Old program',
      no_of_days_for_edit_program: 0,
      created_at: new Date(t.clock.now().getTime() - 30 * 86_400_000),
      types: { beneficiary_types: [household] },
    });
    const manager = await callerWith(t, 'Window closed', flags(true, { edit_document_after_no_of_days: false }));
    await addGoal({ program_id: old.id, document_type: 'BENEFICIARY', goal_type: household, target: 5 }, manager.token);
  });

  it('401 without a session, 403 without can_manage_program_goals', async () => {
    const { program, household } = await programWithTypes();
    const body = { program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 };
    expect((await call('POST', '/goal', { payload: body })).statusCode).toBe(401);
    const refused = await call('POST', '/goal', { token: noGoals.token, payload: body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('can_manage_program_goals');
    expect(await goalCount(program.id)).toBe(0);
  });
});

describe('reading goals', () => {
  it('GET /goal/{programId}/obj: the goals and, per kind, the types attached in list order', async () => {
    const { program, household, village, n } = await programWithTypes();
    const second = await insertTypeRecord(t.ctx.db, 'beneficiary_type', `Farmer ${n}`);
    await attachType(t.ctx.db, program.id, 'beneficiary_types', second);
    const first = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    t.clock.advance(1);
    const other = await addGoal({ program_id: program.id, document_type: 'LOCATION', goal_type: village, target: 2 });

    const res = await call('GET', `/goal/${program.id}/obj`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      goals: [first, other],
      types: {
        BENEFICIARY: [
          { _id: household, name: `Household ${n}` },
          { _id: second, name: `Farmer ${n}` },
        ],
        LOCATION: [{ _id: village, name: `Village ${n}` }],
        EVENT: [],
        SURVEY: [],
        CASE: [],
      },
    });
    // What the program routes answer as a program's goals.
    expect(await goalsOfProgram(t.ctx.db, program.id)).toEqual([first, other]);

    expect((await call('GET', '/goal/no-such-program/obj', { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', `/goal/${program.id}/obj`, { token: noRead.token })).statusCode).toBe(403);
    expect((await call('GET', `/goal/${program.id}/obj`)).statusCode).toBe(401);
  });

  it('GET /goal/{id}/full: the goal with its program and its type', async () => {
    const { program, household, n } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    const res = await call('GET', `/goal/${goal._id}/full`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ...goal,
      program: { _id: program.id, name: program.name },
      type: { _id: household, name: `Household ${n}` },
    });
    expect((await call('GET', '/goal/no-such-goal/full', { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', `/goal/${goal._id}/full`, { token: noRead.token })).statusCode).toBe(403);
    expect((await call('GET', `/goal/${goal._id}/full`)).statusCode).toBe(401);
  });

  it('a goal’s name follows its type when the type is renamed', async () => {
    const { program, household, n } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    const renamed = await call('PATCH', `/beneficiarytype/${household}`, { token: admin.token, payload: { name: `Family ${n}` } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const read = await call('GET', `/goal/${goal._id}/full`, { token: admin.token });
    expect(read.json()).toMatchObject({ name: `Family ${n}`, type: { name: `Family ${n}` } });
  });
});

describe('PATCH /goal/{id}', () => {
  it('changes the target and the pin; the goal keeps its program', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    t.clock.advance(5);
    const res = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: { target: 750, isPinned: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...goal, target: 750, isPinned: true, updated_at: t.clock.now().toISOString() });

    const move = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: { program_id: 'another' } });
    expect(move.statusCode).toBe(400);
    expect(Object.keys(move.json().fields)).toEqual(['program_id']);
    const nothing = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: {} });
    expect(nothing.statusCode).toBe(400);
    const zero = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: { target: 0 } });
    expect(zero.json().fields).toEqual({ target: 'Target must be at least 1' });
  });

  it('moves the goal to another attached type; not to a type that already has one, nor to one not attached', async () => {
    const { program, household, village, elsewhere, n } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    const other = await addGoal({ program_id: program.id, document_type: 'LOCATION', goal_type: village, target: 10 });

    const taken = await call('PATCH', `/goal/${goal._id}`, {
      token: admin.token,
      payload: { document_type: 'LOCATION', goal_type: village },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'GOAL_EXISTS', message: `This program already has a goal for Village ${n}` });

    const detached = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: { goal_type: elsewhere } });
    expect(detached.statusCode).toBe(400);
    expect(detached.json().fields).toEqual({ goal_type: 'This Beneficiary Type is not attached to this program' });

    await call('DELETE', `/goal/${other._id}`, { token: admin.token });
    const moved = await call('PATCH', `/goal/${goal._id}`, {
      token: admin.token,
      payload: { document_type: 'LOCATION', goal_type: village },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ document_type: 'LOCATION', goal_type: village, name: `Village ${n}` });
  });

  it('sending the goal’s own type back is no change of type (its target can change after the type was detached)', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    await sql`update programs set beneficiary_types = '[]'::jsonb where id = ${program.id}`.execute(t.ctx.db);
    const res = await call('PATCH', `/goal/${goal._id}`, {
      token: admin.token,
      payload: { document_type: 'BENEFICIARY', goal_type: household, target: 11 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().target).toBe(11);
  });

  it('404 for no such goal, 423 while the program is locked, 403 without the flag', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    expect((await call('PATCH', '/goal/no-such-goal', { token: admin.token, payload: { target: 2 } })).statusCode).toBe(404);
    expect((await call('PATCH', `/goal/${goal._id}`, { token: noGoals.token, payload: { target: 2 } })).statusCode).toBe(403);
    expect((await call('PATCH', `/goal/${goal._id}`, { payload: { target: 2 } })).statusCode).toBe(401);
    await setLock(t.ctx.db, program.id, 1);
    const locked = await call('PATCH', `/goal/${goal._id}`, { token: admin.token, payload: { target: 2 } });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe('PROGRAM_LOCKED');
    await setLock(t.ctx.db, program.id, 0);
    const read = await call('GET', `/goal/${goal._id}/full`, { token: admin.token });
    expect(read.json().target).toBe(10);
  });
});

describe('DELETE /goal/{id}', () => {
  it('answers the deleted goal, which is gone; 404 the second time', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    const res = await call('DELETE', `/goal/${goal._id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(goal);
    expect(await goalCount(program.id)).toBe(0);
    expect((await call('DELETE', `/goal/${goal._id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('423 while the program is locked, 403 without the flag, 401 anonymous: the goal stays', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    expect((await call('DELETE', `/goal/${goal._id}`, { token: noGoals.token })).statusCode).toBe(403);
    expect((await call('DELETE', `/goal/${goal._id}`)).statusCode).toBe(401);
    await setLock(t.ctx.db, program.id, 1);
    expect((await call('DELETE', `/goal/${goal._id}`, { token: admin.token })).statusCode).toBe(423);
    expect(await goalCount(program.id)).toBe(1);
  });

  it('a deleted program takes its goals with it', async () => {
    const { program, household } = await programWithTypes();
    const goal = await addGoal({ program_id: program.id, document_type: 'BENEFICIARY', goal_type: household, target: 10 });
    await sql`delete from programs where id = ${program.id}`.execute(t.ctx.db);
    expect(await goalCount(program.id)).toBe(0);
    expect((await call('GET', `/goal/${goal._id}/full`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('POST /goal/target', () => {
  it('answers 0 counted, for a program and type that exist without documents', async () => {
    const { program, household } = await programWithTypes();
    const res = await call('POST', '/goal/target', {
      token: admin.token,
      payload: { program_slug: program.name_slug, type: 'BENEFICIARY', beneficiary_type_id: household },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ achieve: 0, achieve_counted: true });
  });

  it('404 for a program or a type that does not exist; 400 without the type’s id; 403 without can_get_program, 401 anonymous', async () => {
    const { program, household, village } = await programWithTypes();
    const anonymous = await call('POST', '/goal/target', {
      payload: { program_slug: program.name_slug, type: 'LOCATION', location_type_id: village },
    });
    expect(anonymous.statusCode).toBe(401);
    const ask = (payload: Record<string, unknown>, token = admin.token) => call('POST', '/goal/target', { token, payload });
    const unknownProgram = await ask({ program_slug: 'no-such-program', type: 'BENEFICIARY', beneficiary_type_id: household });
    expect(unknownProgram.statusCode).toBe(404);
    expect(unknownProgram.json().message).toBe('Program not found');
    const wrongKind = await ask({ program_slug: program.name_slug, type: 'BENEFICIARY', beneficiary_type_id: village });
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json().message).toBe('Beneficiary Type not found');
    const noId = await ask({ program_slug: program.name_slug, type: 'LOCATION', beneficiary_type_id: household });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields).toEqual({ location_type_id: 'Location Type is required' });
    expect((await ask({ program_slug: program.name_slug, type: 'LOCATION', location_type_id: village }, noRead.token)).statusCode).toBe(
      403,
    );
    expect((await ask({ program_slug: program.name_slug, type: 'LOCATION', location_type_id: village }, noGoals.token)).statusCode).toBe(
      200,
    );
  });
});
