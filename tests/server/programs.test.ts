/**
 * Programs on the api server (spec 2 §3, §5, §7): adding one with its image, reading it plain,
 * full, by module and by goals, the list with paging, search and the status filter, editing
 * the details and the lists, the photo's life on disk, and deleting with its goals and
 * notifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { multipart, photoUpload } from '../support/multipart.ts';
import sharp from 'sharp';
import { HTML_PAGE, oversizedPng, tinyGif, tinyJpeg, tinyPng } from '../support/images.ts';
import { addProgram, person, programForm, sendForm, typeRecord, type ProgramAnswer } from '../support/programs.ts';
import { PHOTO_MAX_BYTES } from '../../server/auth/photos.ts';
import { isStored } from '../support/stored-files.ts';

let t: TestServer;
let admin: Session;
let staffRole: string;
const without: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  staffRole = (await insertRole(t.ctx.db, { role: 'Program staff', permission: flags(false, { can_access_dashboard: true }) })).id;
  for (const flag of ['can_get_program', 'can_create_program', 'can_edit_program', 'can_delete_program']) {
    const role = await insertRole(t.ctx.db, { role: `No ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `no-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'programs test passphrase', roleId: role.id });
    without[flag] = await t.loginAs(email, 'programs test passphrase');
  }
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);
const read = async (id: string): Promise<ProgramAnswer> => {
  const res = await call('GET', `/program/${id}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const stored = (photo: string) => isStored(t, `programs/${path.basename(photo)}`);

describe('POST /program', () => {
  it('adds a program from the form: slug, heads, creator, defaults, and the image stored and served', async () => {
    const head = await person(t, staffRole);
    const res = await sendForm(
      t,
      'POST',
      '/program',
      admin.token,
      programForm(
        {
          name: '  Clean Water 2026 ',
          description: 'Wells and filters',
          no_of_days_for_edit_program: '7',
          documentVisible: 'OWN',
          program_head: JSON.stringify([head]),
        },
        tinyPng(),
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json() as ProgramAnswer;
    expect(p).toMatchObject({
      name: 'Clean Water 2026',
      name_slug: 'clean-water-2026',
      description: 'Wells and filters',
      no_of_days_for_edit_program: 7,
      documentVisible: 'OWN',
      program_head: [head],
      teams: [],
      status: true,
      lockProgram: 0,
      beneficiary_types: [],
      permission_files: [],
      active_module: { beneficiaries: true, locations: true, events: true, cases: true, surveys: true, permission: true },
      created_by: { _id: admin.user._id, first_name: admin.user.first_name, last_name: admin.user.last_name },
    });
    expect(p.photo).toMatch(/^uploads\/programs\/[0-9a-f]{24}\.png$/);
    const served = await t.api.app.inject({ method: 'GET', url: `/${p.photo}` });
    expect(served.statusCode).toBe(200);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it('takes GIF and JPEG images by their content, whatever the file is called', async () => {
    for (const [image, ext] of [
      [tinyGif(), 'gif'],
      [tinyJpeg(), 'jpg'],
    ] as const) {
      const p = await addProgram(t, admin.token, {}, image);
      expect(p.photo).toMatch(new RegExp(`\\.${ext}$`));
      expect(await stored(p.photo!)).toBe(true);
    }
  });

  it('refuses an image that is no PNG, GIF or JPEG (415) and one over the limit (413), storing nothing', async () => {
    const before = await t.ctx.db.selectFrom('programs').select('id').execute();
    const html = await sendForm(t, 'POST', '/program', admin.token, programForm({}, HTML_PAGE));
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ code: 'UNSUPPORTED_PHOTO', fields: { photo: 'Choose a PNG, GIF or JPEG image' } });
    const big = await sendForm(t, 'POST', '/program', admin.token, programForm({}, oversizedPng(PHOTO_MAX_BYTES + 1)));
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('PHOTO_TOO_LARGE');
    expect(await t.ctx.db.selectFrom('programs').select('id').execute()).toHaveLength(before.length);
  });

  it('names each missing or wrong field in the form’s words', async () => {
    const res = await sendForm(
      t,
      'POST',
      '/program',
      admin.token,
      programForm({ name: '  ', description: undefined, no_of_days_for_edit_program: '-1', documentVisible: 'SOME', program_head: 'nope' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Program name is required',
      description: 'Description is required',
      no_of_days_for_edit_program: 'Days before editing is disabled must be 0 or more',
      documentVisible: 'Documents access permission must be ALL or OWN',
      program_head: 'Program heads must be a JSON list of user ids',
    });
    const json = await call('POST', '/program', { token: admin.token, payload: { name: 'As JSON' } });
    expect(json.statusCode).toBe(400);
    const unknown = await sendForm(t, 'POST', '/program', admin.token, programForm({ lockProgram: '1' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ lockProgram: "lockProgram is not a field of a program's details" });
  });

  it('refuses heads who cannot run a program: unknown, inactive, and the built-in admin account', async () => {
    const inactive = await person(t, staffRole, { status: false });
    const cases: Array<[string[], string]> = [
      [[randomUUID()], 'User does not exist'],
      [[inactive], 'User is inactive'],
      [[admin.user._id], 'The built-in admin account cannot be a program head'],
    ];
    for (const [heads, message] of cases) {
      const res = await sendForm(t, 'POST', '/program', admin.token, programForm({ program_head: JSON.stringify(heads) }));
      expect(res.statusCode, message).toBe(400);
      expect(res.json().fields).toEqual({ program_head: message });
    }
  });

  it('answers 422 for a name another program has in any case, and makes slugs unique with -2', async () => {
    const first = await addProgram(t, admin.token, { name: 'Health Camp' });
    const again = await sendForm(t, 'POST', '/program', admin.token, programForm({ name: ' HEALTH camp ' }));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      code: 'PROGRAM_NAME_TAKEN',
      message: 'Two program can not be same name',
      fields: { name: 'Two program can not be same name' },
    });
    const sameSlug = await addProgram(t, admin.token, { name: 'Health-Camp!' });
    expect(first.name_slug).toBe('health-camp');
    expect(sameSlug.name_slug).toBe('health-camp-2');
  });

  it('gives one program and one 422 to two creates of one name at the same moment', async () => {
    const [a, b] = await Promise.all([
      sendForm(t, 'POST', '/program', admin.token, programForm({ name: 'Race Program' })),
      sendForm(t, 'POST', '/program', admin.token, programForm({ name: 'race PROGRAM' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const { rows } = await sql`select id from programs where lower(name) = 'race program'`.execute(t.ctx.db);
    expect(rows).toHaveLength(1);
  });

  it('needs a session and can_create_program', async () => {
    const anonymous = await t.api.app.inject({ method: 'POST', url: '/program', ...programForm() });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await sendForm(t, 'POST', '/program', without.can_create_program!.token, programForm());
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().permission).toBe('can_create_program');
  });
});

describe('GET /program/{id}, /full, /module, /goal', () => {
  let program: ProgramAnswer;
  let head: string;
  let member: string;
  let beneficiaryType: string;

  beforeAll(async () => {
    head = await person(t, staffRole, { first_name: 'Hana' });
    member = await person(t, staffRole, { first_name: 'Mo' });
    program = await addProgram(t, admin.token, { program_head: JSON.stringify([head]) });
    beneficiaryType = await typeRecord(t, admin.token, 'beneficiarytype', 'Household');
    expect((await call('POST', `/program/${program._id}/team`, { token: admin.token, payload: { user: member } })).statusCode).toBe(200);
    const attach = await call('POST', `/program/${program._id}/types/beneficiary_types`, {
      token: admin.token,
      payload: { type_id: beneficiaryType },
    });
    expect(attach.statusCode, attach.body).toBe(200);
    await sql`insert into goals (id, program_id, document_type, goal_type, target, is_pinned)
      values (${randomUUID()}, ${program._id}, 'BENEFICIARY', ${beneficiaryType}, 500, true)`.execute(t.ctx.db);
  });

  it('answers one program with its lists as ids', async () => {
    const p = await read(program._id);
    expect(p).toMatchObject({ program_head: [head], teams: [member], beneficiary_types: [beneficiaryType] });
    expect(p).not.toHaveProperty('goals');
  });

  it('answers the full program: people with designation, type records, goals named after their type', async () => {
    const res = await call('GET', `/program/${program._id}/full`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    const full = res.json();
    expect(full.program_head).toEqual([
      {
        _id: head,
        first_name: 'Hana',
        last_name: 'Person',
        photo: null,
        designation: { _id: expect.any(String), name: expect.any(String) },
      },
    ]);
    expect(full.teams.map((u: { first_name: string }) => u.first_name)).toEqual(['Mo']);
    expect(full.beneficiary_types).toEqual([expect.objectContaining({ _id: beneficiaryType, name: 'Household' })]);
    expect(full.location_types).toEqual([]);
    expect(full.goals).toEqual([
      expect.objectContaining({
        document_type: 'BENEFICIARY',
        goal_type: beneficiaryType,
        name: 'Household',
        target: 500,
        achieve: 0,
        isPinned: true,
      }),
    ]);
  });

  it('answers the team and modules, and the goals', async () => {
    const modules = await call('GET', `/program/${program._id}/module`, { token: admin.token });
    expect(modules.json()).toEqual({ _id: program._id, teams: [member], program_head: [head], active_module: program.active_module });
    const goals = await call('GET', `/program/${program._id}/goal`, { token: admin.token });
    expect(goals.json().goals).toHaveLength(1);
    expect(goals.json().goals[0]).toMatchObject({ name: 'Household', achieve: 0, achieve_counted: true });
  });

  it('answers every goal as the goal routes do, in the list, the full program and /goal alike', async () => {
    const p = await addProgram(t, admin.token);
    const [kept, lost] = [await typeRecord(t, admin.token, 'eventtype', 'Clinic day'), randomUUID()];
    await sql`update programs set event_types = ${JSON.stringify([kept])}::jsonb where id = ${p._id}`.execute(t.ctx.db);
    // One goal counts a type record that is gone (written under the API, as an older database may hold).
    await sql`insert into goals (id, program_id, document_type, goal_type, target, created_at)
      values (${randomUUID()}, ${p._id}, 'EVENT', ${kept}, 5, now() - interval '1 minute'),
             (${randomUUID()}, ${p._id}, 'EVENT', ${lost}, 7, now())`.execute(t.ctx.db);
    const fromGoalRoute = (await call('GET', `/goal/${p._id}/obj`, { token: admin.token })).json().goals;
    expect(fromGoalRoute).toHaveLength(2);
    expect(fromGoalRoute[1]).not.toHaveProperty('name');
    const full = (await call('GET', `/program/${p._id}/full`, { token: admin.token })).json();
    const goals = (await call('GET', `/program/${p._id}/goal`, { token: admin.token })).json();
    const listed = (await call('GET', '/program/programList', { token: admin.token })).json() as ProgramAnswer[];
    expect(full.goals).toEqual(fromGoalRoute);
    expect(goals.goals).toEqual(fromGoalRoute);
    expect(listed.find((row) => row._id === p._id)!.goals).toEqual(fromGoalRoute);
  });

  it('answers 404 for a program that does not exist, 401 without a session, 403 without can_get_program', async () => {
    for (const suffix of ['', '/full', '/module', '/goal']) {
      const missing = await call('GET', `/program/${randomUUID()}${suffix}`, { token: admin.token });
      expect(missing.statusCode, suffix).toBe(404);
      expect(missing.json().message).toBe('Program not found');
      expect((await call('GET', `/program/${program._id}${suffix}`)).statusCode).toBe(401);
      expect((await call('GET', `/program/${program._id}${suffix}`, { token: without.can_get_program!.token })).statusCode).toBe(403);
    }
  });
});

describe('GET /program/programList', () => {
  const names = ['Alpha Farms', 'Beta Schools', 'Gamma Clinics', 'Delta Roads'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await sql`delete from programs`.execute(t.ctx.db);
    for (const name of names) {
      ids[name] = (await addProgram(t, admin.token, { name }))._id;
      t.clock.advance(60);
    }
    await call('PATCH', `/program/${ids['Delta Roads']}`, { token: admin.token, payload: { status: false } });
    const type = await typeRecord(t, admin.token, 'locationtype', 'Village');
    await sql`insert into goals (id, program_id, document_type, goal_type, target) values (${randomUUID()}, ${ids['Alpha Farms']}, 'LOCATION', ${type}, 40)`.execute(
      t.ctx.db,
    );
  });

  const list = (query: Record<string, unknown>) =>
    call('GET', '/program/programList', {
      token: admin.token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
    });

  it('answers everything by name without a range, each with its goals', async () => {
    const res = await list({});
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.json().map((p: ProgramAnswer) => p.name)).toEqual(['Alpha Farms', 'Beta Schools', 'Delta Roads', 'Gamma Clinics']);
    expect(res.json()[0].goals).toEqual([expect.objectContaining({ name: 'Village', target: 40, achieve: 0, document_type: 'LOCATION' })]);
    expect(res.json()[1].goals).toEqual([]);
  });

  it('pages with Content-Range, sorts by date, searches by name and filters by status or ids', async () => {
    const page = await list({ range: [1, 2], sort: ['created_at', 'DESC'] });
    expect(page.headers['content-range']).toBe('program 1-2/4');
    expect(page.json().map((p: ProgramAnswer) => p.name)).toEqual(['Gamma Clinics', 'Beta Schools']);
    expect((await list({ filter: { q: 'clin' } })).json().map((p: ProgramAnswer) => p.name)).toEqual(['Gamma Clinics']);
    expect((await list({ filter: { status: false } })).json().map((p: ProgramAnswer) => p.name)).toEqual(['Delta Roads']);
    expect((await list({ filter: { status: true } })).json()).toHaveLength(3);
    const some = await list({ filter: { id: [ids['Beta Schools'], ids['Alpha Farms']] } });
    expect(some.json().map((p: ProgramAnswer) => p.name)).toEqual(['Alpha Farms', 'Beta Schools']);
  });

  it('refuses a sort or filter it does not know, and callers without can_get_program', async () => {
    expect((await list({ sort: ['description', 'ASC'] })).statusCode).toBe(400);
    expect((await list({ filter: { lockProgram: 1 } })).statusCode).toBe(400);
    expect((await call('GET', '/program/programList')).statusCode).toBe(401);
    expect((await call('GET', '/program/programList', { token: without.can_get_program!.token })).statusCode).toBe(403);
  });
});

describe('PATCH /program/{id}', () => {
  it('changes the details from the form, replacing the image and removing the old file', async () => {
    const p = await addProgram(t, admin.token, {}, tinyPng());
    const head = await person(t, staffRole);
    const res = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      admin.token,
      programForm({ name: 'Renamed Program', description: 'New words', program_head: JSON.stringify([head]) }, tinyGif()),
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as ProgramAnswer;
    expect(changed).toMatchObject({ name: 'Renamed Program', description: 'New words', program_head: [head], name_slug: p.name_slug });
    expect(changed.photo).toMatch(/\.gif$/);
    expect(await stored(changed.photo!)).toBe(true);
    expect(await stored(p.photo!)).toBe(false);
  });

  it('keeps the old image when the new one is refused, and refuses an empty head list and a taken name', async () => {
    const p = await addProgram(t, admin.token, {}, tinyPng());
    const other = await addProgram(t, admin.token);
    const bad = await sendForm(t, 'PATCH', `/program/${p._id}`, admin.token, photoUpload(HTML_PAGE, 'page.png'));
    expect(bad.statusCode).toBe(415);
    expect(await stored(p.photo!)).toBe(true);
    const noHead = await sendForm(t, 'PATCH', `/program/${p._id}`, admin.token, programForm({ program_head: '[]' }));
    expect(noHead.json().fields).toEqual({ program_head: 'Program head is required' });
    const taken = await sendForm(
      t,
      'PATCH',
      `/program/${p._id}`,
      admin.token,
      multipart([{ name: 'name', value: other.name.toUpperCase() }]),
    );
    expect(taken.statusCode).toBe(422);
    expect((await read(p._id)).name).toBe(p.name);
  });

  it('takes JSON: status, modules merged into the others, whole lists', async () => {
    const p = await addProgram(t, admin.token);
    const [a, b] = [await person(t, staffRole), await person(t, staffRole)];
    const type = await typeRecord(t, admin.token, 'beneficiarytype', 'Farmer');
    const res = await call('PATCH', `/program/${p._id}`, {
      token: admin.token,
      payload: { _id: p._id, status: false, active_module: { surveys: false }, teams: [a, b], beneficiary_types: [type] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: false,
      teams: [a, b],
      beneficiary_types: [type],
      active_module: { beneficiaries: true, locations: true, events: true, cases: true, surveys: false, permission: true },
    });
    // Heads sent alone take their users out of the team: a user is in one list only.
    const heads = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { program_head: [a] } });
    expect(heads.json()).toMatchObject({ program_head: [a], teams: [b] });
  });

  it('refuses fields that cannot be set, unknown records in lists, and the built-in admin as head', async () => {
    const p = await addProgram(t, admin.token);
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ lockProgram: 1 }, 'lockProgram'],
      [{ created_by: admin.user._id }, 'created_by'],
      [{ teams: [randomUUID()] }, 'teams'],
      [{ program_head: [admin.user._id] }, 'program_head'],
      [{ location_types: [randomUUID()] }, 'location_types'],
      [{ program_head: [] }, 'program_head'],
      [{}, ''],
    ];
    for (const [payload, field] of refused) {
      const res = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(res.json().fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const messages = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload: { location_types: [randomUUID()] } });
    expect(messages.json().fields).toEqual({ location_types: 'Location Type does not exist' });
    expect(await read(p._id)).toEqual(p);
  });

  it('answers 415, never 500, to a body that is neither JSON nor multipart, changing nothing', async () => {
    const p = await addProgram(t, admin.token);
    const bodies: Array<[string, Record<string, string>]> = [
      ['abc', { 'content-type': 'text/plain' }],
      ['{"status":false}', { 'content-type': 'text/plain' }],
      ['{"status":false}', {}],
    ];
    for (const [payload, headers] of bodies) {
      const res = await call('PATCH', `/program/${p._id}`, { token: admin.token, payload, headers });
      expect(res.statusCode, `${JSON.stringify(headers)} ${payload}`).toBe(415);
      expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await read(p._id)).toEqual(p);
  });

  it('answers 404, 401 and 403 as the others do', async () => {
    const p = await addProgram(t, admin.token);
    expect((await call('PATCH', `/program/${randomUUID()}`, { token: admin.token, payload: { status: false } })).statusCode).toBe(404);
    expect((await call('PATCH', `/program/${p._id}`, { payload: { status: false } })).statusCode).toBe(401);
    const forbidden = await call('PATCH', `/program/${p._id}`, { token: without.can_edit_program!.token, payload: { status: false } });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe('DELETE /program/{id}', () => {
  it('deletes the program with its goals, notifications and image, answering it as it was', async () => {
    const p = await addProgram(t, admin.token, {}, tinyJpeg());
    const type = await typeRecord(t, admin.token, 'surveytype', 'Baseline');
    await sql`insert into goals (id, program_id, document_type, goal_type, target) values (${randomUUID()}, ${p._id}, 'SURVEY', ${type}, 3)`.execute(
      t.ctx.db,
    );
    await sql`insert into notifications (id, program_id, title, body) values (${randomUUID()}, ${p._id}, 'Hello', 'Team')`.execute(
      t.ctx.db,
    );
    const forbidden = await call('DELETE', `/program/${p._id}`, { token: without.can_delete_program!.token });
    expect(forbidden.statusCode).toBe(403);
    const res = await call('DELETE', `/program/${p._id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(p);
    expect((await call('GET', `/program/${p._id}`, { token: admin.token })).statusCode).toBe(404);
    const left = await sql<{ n: number }>`select (select count(*) from goals where program_id = ${p._id})
      + (select count(*) from notifications where program_id = ${p._id}) as n`.execute(t.ctx.db);
    expect(Number(left.rows[0]!.n)).toBe(0);
    expect(await stored(p.photo!)).toBe(false);
    expect((await call('DELETE', `/program/${p._id}`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('users as the auth server answers them', () => {
  it('say which account is the built-in admin, so the head picker can leave it out', async () => {
    const other = await person(t, staffRole);
    const list = await t.auth.app.inject({ method: 'GET', url: '/user', headers: admin.headers });
    const builtin = Object.fromEntries(list.json().map((u: { _id: string; builtin: boolean }) => [u._id, u.builtin]));
    expect(builtin[admin.user._id]).toBe(true);
    expect(builtin[other]).toBe(false);
    const one = await t.auth.app.inject({ method: 'GET', url: `/user/${admin.user._id}`, headers: admin.headers });
    expect(one.json().builtin).toBe(true);
  });
});
