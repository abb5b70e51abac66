/**
 * Notifications (spec 2 §3 Notification, §7 Notifications): a program's team is sent messages
 * stored with their sender and time; a locked program takes none; and the mobile app reads the
 * signed-in user's own — from the active programs they head or are a member of — each with
 * whether that user has read it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith, insertProgram, setLock, type Caller, type ProgramRow } from '../support/program-fixtures.ts';

let t: TestServer;
let admin: Session;
let noSending: Caller;
let noRead: Caller;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  noSending = await callerWith(t, 'No sending', flags(true, { can_send_program_notifications: false }));
  noRead = await callerWith(t, 'No program reading', flags(true, { can_get_program: false }));
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);
const TEAM_MEMBER = flags(false, { can_access_dashboard: true });
let serial = 0;

interface NotificationAnswer {
  _id: string;
  title: string;
  body: string;
  program: string;
  created_by: { _id: string; first_name: string; last_name: string } | null;
  created_at: string;
  updated_at: string;
}

const newProgram = (extra: Partial<ProgramRow> = {}) => insertProgram(t.ctx.db, { name: `Health ${++serial}`, ...extra });

async function send(program: string, title: string, body = `${title}: details`, token = admin.token): Promise<NotificationAnswer> {
  const res = await call('POST', '/notification/add', { token, payload: { title, body, program } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const count = async (programId: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from notifications where program_id = ${programId}`.execute(t.ctx.db)).rows[0]!.n;

describe('POST /notification/add', () => {
  it('stores the notification trimmed, with who sent it and when', async () => {
    const program = await newProgram();
    const sent = await send(program.id, '  Team meeting ', ' Friday at 10 ');
    expect(sent).toEqual({
      _id: expect.any(String),
      title: 'Team meeting',
      body: 'Friday at 10',
      program: program.id,
      created_by: { _id: admin.user._id, first_name: admin.user.first_name, last_name: admin.user.last_name },
      created_at: t.clock.now().toISOString(),
      updated_at: t.clock.now().toISOString(),
    });
    expect(await count(program.id)).toBe(1);
  });

  it('refuses a missing or blank title or content with the form’s messages', async () => {
    const program = await newProgram();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ body: 'x', program: program.id }, { title: 'Notification Title is required' }],
      [{ title: '   ', body: 'x', program: program.id }, { title: 'Notification Title is required' }],
      [{ title: 'x', body: '', program: program.id }, { body: 'Notification Content is required' }],
      [{ title: 'x', body: ' \n ', program: program.id }, { body: 'Notification Content is required' }],
      [{ title: 'x', body: 'x' }, { program: 'Program is required' }],
    ];
    for (const [payload, fields] of cases) {
      const res = await call('POST', '/notification/add', { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(await count(program.id)).toBe(0);
  });

  it('404 for no such program, 423 on a locked one, 403 without can_send_program_notifications, 401 anonymous', async () => {
    const program = await newProgram({ lock_program: 1 });
    const payload = { title: 'Hello', body: 'Team', program: program.id };
    const locked = await call('POST', '/notification/add', { token: admin.token, payload });
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toEqual({ code: 'PROGRAM_LOCKED', message: 'This program is locked. Unlock it to make changes.' });
    const missing = await call('POST', '/notification/add', { token: admin.token, payload: { ...payload, program: 'no-such-program' } });
    expect(missing.statusCode).toBe(404);
    await setLock(t.ctx.db, program.id, 0);
    const refused = await call('POST', '/notification/add', { token: noSending.token, payload });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('can_send_program_notifications');
    expect((await call('POST', '/notification/add', { payload })).statusCode).toBe(401);
    expect(await count(program.id)).toBe(0);
  });
});

describe('GET /notification/all/{programId}', () => {
  it('lists the program’s notifications newest first, only that program’s', async () => {
    const program = await newProgram();
    const other = await newProgram();
    const first = await send(program.id, 'First');
    t.clock.advance(2);
    const second = await send(program.id, 'Second');
    await send(other.id, 'Elsewhere');
    const res = await call('GET', `/notification/all/${program.id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([second, first]);
    expect((await call('GET', '/notification/all/no-such-program', { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', `/notification/all/${program.id}`, { token: noRead.token })).statusCode).toBe(403);
    expect((await call('GET', `/notification/all/${program.id}`)).statusCode).toBe(401);
  });
});

describe('PATCH /notification/update/{id}', () => {
  it('changes the title or the content sent, and nothing else', async () => {
    const program = await newProgram();
    const sent = await send(program.id, 'Meeting', 'Friday');
    t.clock.advance(3);
    const res = await call('PATCH', `/notification/update/${sent._id}`, { token: admin.token, payload: { body: ' Saturday ' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...sent, body: 'Saturday', updated_at: t.clock.now().toISOString() });
    const title = await call('PATCH', `/notification/update/${sent._id}`, { token: admin.token, payload: { title: 'Meeting moved' } });
    expect(title.json()).toMatchObject({ title: 'Meeting moved', body: 'Saturday' });
  });

  it('refuses a blank title, an empty change, a move to another program; 404, 423, 403, 401', async () => {
    const program = await newProgram();
    const sent = await send(program.id, 'Meeting', 'Friday');
    const update = (payload: unknown, token = admin.token, id = sent._id) =>
      call('PATCH', `/notification/update/${id}`, { token, payload });
    expect((await update({ title: '  ' })).json().fields).toEqual({ title: 'Notification Title is required' });
    expect((await update({})).statusCode).toBe(400);
    expect(Object.keys((await update({ program: 'x' })).json().fields)).toEqual(['program']);
    expect((await update({ title: 'X' }, admin.token, 'no-such-notification')).statusCode).toBe(404);
    expect((await update({ title: 'X' }, noSending.token)).statusCode).toBe(403);
    expect((await call('PATCH', `/notification/update/${sent._id}`, { payload: { title: 'X' } })).statusCode).toBe(401);
    await setLock(t.ctx.db, program.id, 1);
    expect((await update({ title: 'X' })).statusCode).toBe(423);
    await setLock(t.ctx.db, program.id, 0);
    const [stored] = (await call('GET', `/notification/all/${program.id}`, { token: admin.token })).json() as NotificationAnswer[];
    expect(stored).toEqual(sent);
  });
});

describe('DELETE /notification/delete/{id}', () => {
  it('answers the removed notification, which is gone; 404 the second time', async () => {
    const program = await newProgram();
    const sent = await send(program.id, 'Meeting');
    const res = await call('DELETE', `/notification/delete/${sent._id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(sent);
    expect(await count(program.id)).toBe(0);
    expect((await call('DELETE', `/notification/delete/${sent._id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('423 while the program is locked, 403 without the flag, 401 anonymous: it stays', async () => {
    const program = await newProgram();
    const sent = await send(program.id, 'Meeting');
    expect((await call('DELETE', `/notification/delete/${sent._id}`, { token: noSending.token })).statusCode).toBe(403);
    expect((await call('DELETE', `/notification/delete/${sent._id}`)).statusCode).toBe(401);
    await setLock(t.ctx.db, program.id, 1);
    expect((await call('DELETE', `/notification/delete/${sent._id}`, { token: admin.token })).statusCode).toBe(423);
    expect(await count(program.id)).toBe(1);
  });

  it('a deleted program takes its notifications and their read marks with it', async () => {
    const member = await callerWith(t, 'Cascade member', TEAM_MEMBER);
    const program = await newProgram({ teams: [member.id] });
    const sent = await send(program.id, 'Meeting');
    expect((await call('POST', `/notification/${sent._id}/read`, { token: member.token })).statusCode).toBe(200);
    await sql`delete from programs where id = ${program.id}`.execute(t.ctx.db);
    expect(await count(program.id)).toBe(0);
    const reads = await sql<{ n: number }>`select count(*)::int as n from notification_reads where notification_id = ${sent._id}`.execute(
      t.ctx.db,
    );
    expect(reads.rows[0]!.n).toBe(0);
    expect((await call('GET', '/notification/mine', { token: member.token })).json()).toEqual([]);
  });
});

describe('the mobile app: GET /notification/mine and POST /notification/{id}/read', () => {
  let ana: Caller;
  let ben: Caller;
  let member: string;
  let head: string;
  let notMine: string;
  let inactive: string;

  beforeAll(async () => {
    // Team members with no program flag at all: a session is all the list needs. (Sessions are
    // console sessions, so their roles grant the dashboard.)
    ana = await callerWith(t, 'Ana', TEAM_MEMBER);
    ben = await callerWith(t, 'Ben', TEAM_MEMBER);
    member = (await newProgram({ name: 'Where Ana is a member', teams: [ana.id, ben.id] })).id;
    head = (await newProgram({ name: 'Where Ana is head', program_head: [ana.id] })).id;
    notMine = (await newProgram({ name: 'Without Ana', teams: [ben.id] })).id;
    inactive = (await newProgram({ name: 'Deactivated with Ana', teams: [ana.id], status: false })).id;
  });

  it('lists the notifications of the active programs I head or am a member of, newest first, unread', async () => {
    const a = await send(member, 'Member news');
    t.clock.advance(1);
    const b = await send(head, 'Head news');
    t.clock.advance(1);
    await send(notMine, 'Not for Ana');
    await send(inactive, 'From a deactivated program');

    const res = await call('GET', '/notification/mine', { token: ana.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { ...b, program: { _id: head, name: 'Where Ana is head' }, read: false },
      { ...a, program: { _id: member, name: 'Where Ana is a member' }, read: false },
    ]);
    expect((await call('GET', '/notification/mine')).statusCode).toBe(401);
  });

  it('pages with range, saying the total in Content-Range', async () => {
    const res = await call('GET', '/notification/mine', { token: ana.token, query: { range: '[0,0]' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveLength(1);
    expect(res.json()[0].title).toBe('Head news');
    expect(res.headers['content-range']).toBe('notification 0-0/2');
    const second = await call('GET', '/notification/mine', { token: ana.token, query: { range: '[1,19]' } });
    expect(second.json().map((n: { title: string }) => n.title)).toEqual(['Member news']);
    expect(second.headers['content-range']).toBe('notification 1-1/2');
    expect((await call('GET', '/notification/mine', { token: ana.token, query: { range: '[3,1]' } })).statusCode).toBe(400);
  });

  it('read state is per user: my read marks mine, not Ben’s; reading again changes nothing', async () => {
    const mine = (await call('GET', '/notification/mine', { token: ana.token })).json() as Array<{ _id: string; title: string }>;
    const memberNews = mine.find((n) => n.title === 'Member news')!;
    const read = await call('POST', `/notification/${memberNews._id}/read`, { token: ana.token });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ _id: memberNews._id, read: true });
    expect((await call('POST', `/notification/${memberNews._id}/read`, { token: ana.token })).json()).toEqual({
      _id: memberNews._id,
      read: true,
    });

    const after = (await call('GET', '/notification/mine', { token: ana.token })).json() as Array<{ title: string; read: boolean }>;
    expect(after.map((n) => [n.title, n.read])).toEqual([
      ['Head news', false],
      ['Member news', true],
    ]);
    const bens = (await call('GET', '/notification/mine', { token: ben.token })).json() as Array<{ title: string; read: boolean }>;
    expect(bens.map((n) => [n.title, n.read])).toEqual([
      ['Not for Ana', false],
      ['Member news', false],
    ]);
  });

  it('keeps only the unread, searches title and content, and sorts as asked', async () => {
    const titles = async (query: Record<string, string>) => {
      const res = await call('GET', '/notification/mine', { token: ana.token, query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as Array<{ title: string }>).map((n) => n.title);
    };
    expect(await titles({ filter: JSON.stringify({ read: false }) })).toEqual(['Head news']);
    expect(await titles({ filter: JSON.stringify({ read: true }) })).toEqual(['Member news']);
    expect(await titles({ filter: JSON.stringify({ q: 'HEAD NEWS: det' }) })).toEqual(['Head news']);
    expect(await titles({ filter: JSON.stringify({ program: member }) })).toEqual(['Member news']);
    expect(await titles({ sort: JSON.stringify(['title', 'ASC']) })).toEqual(['Head news', 'Member news']);
    const bad = await call('GET', '/notification/mine', { token: ana.token, query: { sort: JSON.stringify(['created_by', 'ASC']) } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['sort']);
  });

  it('another user reading does not mark mine', async () => {
    const sent = await send(member, 'Ben reads first');
    expect((await call('POST', `/notification/${sent._id}/read`, { token: ben.token })).statusCode).toBe(200);
    const mine = (await call('GET', '/notification/mine', { token: ana.token })).json() as Array<{ _id: string; read: boolean }>;
    expect(mine.find((n) => n._id === sent._id)!.read).toBe(false);
  });

  it('404 for a notification I do not receive: another team’s, a deactivated program’s, none at all', async () => {
    const [other] = (await call('GET', `/notification/all/${notMine}`, { token: admin.token })).json() as NotificationAnswer[];
    const [fromInactive] = (await call('GET', `/notification/all/${inactive}`, { token: admin.token })).json() as NotificationAnswer[];
    for (const id of [other!._id, fromInactive!._id, 'no-such-notification']) {
      const res = await call('POST', `/notification/${id}/read`, { token: ana.token });
      expect(res.statusCode, id).toBe(404);
    }
    expect((await call('POST', `/notification/${other!._id}/read`)).statusCode).toBe(401);
    const marks = await sql<{ n: number }>`select count(*)::int as n from notification_reads where user_id = ${ana.id}
      and notification_id in (${other!._id}, ${fromInactive!._id})`.execute(t.ctx.db);
    expect(marks.rows[0]!.n).toBe(0);
  });

  it('follows the team as it is now: removed from a program, its notifications leave my list', async () => {
    await sql`update programs set teams = teams - ${ana.id}::text where id = ${member}`.execute(t.ctx.db);
    const mine = (await call('GET', '/notification/mine', { token: ana.token })).json() as Array<{ program: { _id: string } }>;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((n) => n.program._id === head)).toBe(true);
    await sql`update programs set teams = teams || jsonb_build_array(${ana.id}::text) where id = ${member}`.execute(t.ctx.db);
  });
});
