/**
 * The five record types of a program (spec 2 §3, §7: beneficiary, location, case, survey and
 * event types) through the generic spine: their routes come from the map, their bodies are
 * checked against their schemas, a form they name must be published, an event type's pre- and
 * post-event forms are lists of references checked item by item, a case type's statuses start
 * with Open and Closed, and a type a program holds, or a form a type holds, cannot be deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { resourceMap } from '@model/schema-registry.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';

let t: TestServer;
let admin: Session;
/** Every flag but the one named. */
const without: Record<string, Session> = {};
let published: { _id: string; name: string };
let draft: { _id: string; name: string };
let inactive: { _id: string; name: string };

const call = caller(() => t.api.app);

const TYPES = [
  ['beneficiary_type', 'beneficiarytype', 'Beneficiary Type'],
  ['location_type', 'locationtype', 'Location Type'],
  ['case_type', 'casetype', 'Case Type'],
  ['survey_type', 'surveytype', 'Survey Type'],
  ['event_type', 'eventtype', 'Event Type'],
] as const;

/** The program list column holding each type (migration 012). */
const PROGRAM_LIST: Record<string, string> = {
  beneficiary_type: 'beneficiary_types',
  location_type: 'location_types',
  case_type: 'case_types',
  survey_type: 'survey_types',
  event_type: 'event_types',
};

/** A goal's document_type for each type (goals count one kind of record). */
const GOAL_KIND: Record<string, string> = {
  beneficiary_type: 'BENEFICIARY',
  location_type: 'LOCATION',
  case_type: 'CASE',
  survey_type: 'SURVEY',
  event_type: 'EVENT',
};

async function form(name: string, opts: { publish?: boolean; deactivate?: boolean } = {}) {
  const res = await call('POST', '/form', {
    token: admin.token,
    payload: { name, structures: [{ field_label: 'Village', field_name: 'village', field_type: 'text' }] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { _id } = res.json() as { _id: string };
  if (opts.publish) expect((await call('POST', '/form/publish', { token: admin.token, payload: { _id } })).statusCode).toBe(200);
  if (opts.deactivate) expect((await call('DELETE', `/form/deactivate/${_id}`, { token: admin.token })).statusCode).toBe(200);
  return { _id, name };
}

let serial = 0;
const typeBody = (extra: Record<string, unknown> = {}) => {
  const n = ++serial;
  return { name: `Type ${n}`, plural_name: `Types ${n}`, description: `What type ${n} is for`, ...extra };
};

async function create(path: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', `/${path}`, { token: admin.token, payload: typeBody(extra) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { _id: string };
}

/** A program row written straight into its table: program routes are not needed to hold a type. */
async function programHolding(column: string, id: string) {
  const programId = randomUUID();
  await sql`insert into programs (id, name, name_slug, ${sql.ref(column)}) values (${programId}, ${`Program ${programId}`}, ${programId}, ${JSON.stringify([id])}::jsonb)`.execute(
    t.ctx.db,
  );
  return programId;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const flag of ['can_manage_program_types', 'can_get_program']) {
    const role = await insertRole(t.ctx.db, { role: `No ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `no-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'types test passphrase', roleId: role.id });
    without[flag] = await t.loginAs(email, 'types test passphrase');
  }
  published = await form('Household survey', { publish: true });
  draft = await form('Unpublished draft');
  inactive = await form('Retired form', { publish: true, deactivate: true });
});
afterAll(() => t?.close());

describe.each(TYPES)('%s (/%s)', (resource, path, label) => {
  it('is added, listed, read, changed and deleted by someone holding the flags', async () => {
    const created = await create(path, { form: published._id });
    expect(created).toMatchObject({ form: published._id, _id: expect.any(String) });

    const list = await call('GET', `/${path}`, {
      token: admin.token,
      query: { range: '[0,99]', filter: JSON.stringify({ q: created.name }) },
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Array<{ _id: string }>).map((r) => r._id)).toEqual([created._id]);
    expect(list.headers['content-range']).toBe(`${resource} 0-0/1`);

    const one = await call('GET', `/${path}/${created._id}`, { token: admin.token });
    expect(one.json()).toMatchObject({ name: created.name, description: created.description });

    const changed = await call('PATCH', `/${path}/${created._id}`, {
      token: admin.token,
      payload: { description: '  New words  ', form: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ description: 'New words', form: null });

    const deleted = await call('DELETE', `/${path}/${created._id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ _id: created._id });
    expect((await call('GET', `/${path}/${created._id}`, { token: admin.token })).statusCode).toBe(404);
  });

  it('refuses a missing name, plural name or description with the schema’s words', async () => {
    const res = await call('POST', `/${path}`, { token: admin.token, payload: { name: '   ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name is required',
      plural_name: 'Plural name is required',
      description: 'Description is required',
    });
  });

  it('takes only a published, active form: a draft, an inactive or an unknown one is refused naming the field', async () => {
    for (const [formId, message] of [
      [draft._id, 'Form is not published'],
      [inactive._id, 'Form is inactive'],
      ['no-such-form', 'Form does not exist'],
    ] as const) {
      const res = await call('POST', `/${path}`, { token: admin.token, payload: typeBody({ form: formId }) });
      expect(res.statusCode, formId).toBe(400);
      expect(res.json().fields, formId).toEqual({ form: message });
    }
  });

  it('keeps a form it already holds when that form is switched off, but does not take it anew', async () => {
    const kept = await form(`Kept form for ${resource}`, { publish: true });
    const created = await create(path, { form: kept._id });
    expect((await call('DELETE', `/form/deactivate/${kept._id}`, { token: admin.token })).statusCode).toBe(200);
    const same = await call('PATCH', `/${path}/${created._id}`, {
      token: admin.token,
      payload: { form: kept._id, name: `${created.name} renamed` },
    });
    expect(same.statusCode, same.body).toBe(200);
    const other = await call('POST', `/${path}`, { token: admin.token, payload: typeBody({ form: kept._id }) });
    expect(other.json().fields).toEqual({ form: 'Form is inactive' });
  });

  it('answers 401 without a session, 403 naming the flag without it, 404 for an unknown id', async () => {
    expect((await call('GET', `/${path}`)).statusCode).toBe(401);
    expect((await call('POST', `/${path}`, { payload: typeBody() })).statusCode).toBe(401);
    const created = await create(path);

    const reader = without.can_get_program!.token;
    for (const res of [await call('GET', `/${path}`, { token: reader }), await call('GET', `/${path}/${created._id}`, { token: reader })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_get_program' });
    }
    const manager = without.can_manage_program_types!.token;
    for (const res of [
      await call('POST', `/${path}`, { token: manager, payload: typeBody() }),
      await call('PATCH', `/${path}/${created._id}`, { token: manager, payload: { name: 'Not allowed' } }),
      await call('DELETE', `/${path}/${created._id}`, { token: manager }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_manage_program_types' });
    }
    // Those without the management flag still read them (the program screens list them).
    expect((await call('GET', `/${path}/${created._id}`, { token: manager })).statusCode).toBe(200);

    for (const [method, payload] of [['GET'], ['PATCH', { name: 'Nobody' }], ['DELETE']] as const) {
      const res = await call(method, `/${path}/${randomUUID()}`, { token: admin.token, payload });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(`${label} not found`);
    }
  });

  it('cannot be deleted while a program holds it: 409 naming the program', async () => {
    const created = await create(path);
    const programId = await programHolding(PROGRAM_LIST[resource]!, created._id);
    const res = await call('DELETE', `/${path}/${created._id}`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: `1 Program uses this ${label}` });
    expect((await call('GET', `/${path}/${created._id}`, { token: admin.token })).statusCode).toBe(200);

    await sql`update programs set ${sql.ref(PROGRAM_LIST[resource]!)} = '[]'::jsonb where id = ${programId}`.execute(t.ctx.db);
    expect((await call('DELETE', `/${path}/${created._id}`, { token: admin.token })).statusCode).toBe(200);
  });

  it('cannot be deleted while a goal counts it, even detached from the program: 409 naming the goal', async () => {
    const created = await create(path);
    const programId = await programHolding(PROGRAM_LIST[resource]!, created._id);
    const goalId = randomUUID();
    await sql`insert into goals (id, program_id, document_type, goal_type, target)
      values (${goalId}, ${programId}, ${GOAL_KIND[resource]!}, ${created._id}, 10)`.execute(t.ctx.db);
    await sql`update programs set ${sql.ref(PROGRAM_LIST[resource]!)} = '[]'::jsonb where id = ${programId}`.execute(t.ctx.db);
    const res = await call('DELETE', `/${path}/${created._id}`, { token: admin.token });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: `1 Goal uses this ${label}` });
    expect((await call('GET', `/goal/${goalId}/full`, { token: admin.token })).json().name).toBe(created.name);

    expect((await call('DELETE', `/goal/${goalId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await call('DELETE', `/${path}/${created._id}`, { token: admin.token })).statusCode).toBe(200);
  });

  it('is the map’s generic resource: its table was made from its schema', () => {
    expect(resourceMap[resource]).toMatchObject({ path, routes: 'generic' });
  });
});

describe('a form a record type holds cannot be deleted', () => {
  it('answers 409 IN_USE naming the holders, for a single form and for a pre-/post-event form, and deletes a form no longer held', async () => {
    const held = await form('Held by a type', { publish: true });
    const beneficiaries = await create('beneficiarytype', { form: held._id });
    const events = await create('eventtype', { post_event_form_ids: [held._id] });

    const both = await call('DELETE', `/form/${held._id}`, { token: admin.token });
    expect(both.statusCode).toBe(409);
    expect(both.json()).toMatchObject({ code: 'IN_USE', message: '1 Beneficiary Type and 1 Event Type use this Form' });

    expect((await call('DELETE', `/beneficiarytype/${beneficiaries._id}`, { token: admin.token })).statusCode).toBe(200);
    const list = await call('DELETE', `/form/${held._id}`, { token: admin.token });
    expect(list.json()).toMatchObject({ code: 'IN_USE', message: '1 Event Type uses this Form' });

    expect((await call('PATCH', `/eventtype/${events._id}`, { token: admin.token, payload: { post_event_form_ids: [] } })).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/form/${held._id}`, { token: admin.token })).statusCode).toBe(200);
  });

  it('answers 409, never 500, when only the foreign key sees the holder', async () => {
    const held = await form('Held behind the counter’s back', { publish: true });
    // A row the count does not know of: a table outside the map pointing at the form.
    await sql`create table form_holder_outside_the_map (id text primary key, form text references forms (id) on delete restrict)`.execute(
      t.ctx.db,
    );
    await sql`insert into form_holder_outside_the_map values ('x', ${held._id})`.execute(t.ctx.db);
    const res = await call('DELETE', `/form/${held._id}`, { token: admin.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'IN_USE', message: 'This form is still in use and cannot be deleted' });
    await sql`drop table form_holder_outside_the_map`.execute(t.ctx.db);
  });
});

describe('event types: pre- and post-event forms, checklist', () => {
  it('stores the lists of forms and the checklist as sent (trimmed) and reads them back', async () => {
    const second = await form('Post-event feedback', { publish: true });
    const created = await create('eventtype', {
      pre_event_form_ids: [published._id],
      post_event_form_ids: [published._id, second._id],
      has_checklist: 'yes',
      check_list_items: ['  Chairs ', 'Water'],
      has_attendies: 'yes',
    });
    expect(created).toMatchObject({
      pre_event_form_ids: [published._id],
      post_event_form_ids: [published._id, second._id],
      check_list_items: ['Chairs', 'Water'],
      has_checklist: 'yes',
      has_attendies: 'yes',
    });
    const read = await call('GET', `/eventtype/${created._id}`, { token: admin.token });
    expect(read.json()).toMatchObject({ post_event_form_ids: [published._id, second._id] });
  });

  it('defaults the lists to empty', async () => {
    expect(await create('eventtype')).toMatchObject({
      pre_event_form_ids: [],
      post_event_form_ids: [],
      check_list_items: [],
      has_checklist: 'no',
    });
  });

  it('refuses a list naming an unpublished, inactive or unknown form, naming the list and the form', async () => {
    for (const [field, ids, message] of [
      ['pre_event_form_ids', [published._id, draft._id], `Pre-event forms: Form "${draft.name}" is not published`],
      ['post_event_form_ids', [inactive._id], `Post-event forms: Form "${inactive.name}" is inactive`],
      ['post_event_form_ids', ['gone-form'], 'Post-event forms: Form gone-form does not exist'],
    ] as const) {
      const res = await call('POST', '/eventtype', { token: admin.token, payload: typeBody({ [field]: ids }) });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().fields, message).toEqual({ [field]: message });
    }
    const twice = await call('POST', '/eventtype', {
      token: admin.token,
      payload: typeBody({ pre_event_form_ids: [published._id, published._id] }),
    });
    expect(twice.json().fields).toEqual({ pre_event_form_ids: 'Pre-event forms must not list the same value twice' });
    const blank = await call('POST', '/eventtype', { token: admin.token, payload: typeBody({ check_list_items: ['Chairs', '  '] }) });
    expect(blank.json().fields).toEqual({ check_list_items: 'Checklist: item 2 is required' });
  });

  it('keeps a form the list already holds after it was switched off, and refuses adding it anew', async () => {
    const kept = await form('Pre-event kept', { publish: true });
    const created = await create('eventtype', { pre_event_form_ids: [kept._id] });
    expect((await call('DELETE', `/form/deactivate/${kept._id}`, { token: admin.token })).statusCode).toBe(200);
    const res = await call('PATCH', `/eventtype/${created._id}`, {
      token: admin.token,
      payload: { pre_event_form_ids: [kept._id, published._id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const added = await call('PATCH', `/eventtype/${created._id}`, { token: admin.token, payload: { post_event_form_ids: [kept._id] } });
    expect(added.json().fields).toEqual({ post_event_form_ids: `Post-event forms: Form "${kept.name}" is inactive` });
  });
});

describe('a form deleted while an event type names it in a list', () => {
  it('the write waits for the delete and then answers 400 naming the list, never keeping an id of nothing', async () => {
    const doomed = await form('Doomed pre-event form', { publish: true });
    const trx = await t.ctx.db.startTransaction().execute();
    await sql`delete from forms where id = ${doomed._id}`.execute(trx);
    const adding = call('POST', '/eventtype', { token: admin.token, payload: typeBody({ pre_event_form_ids: [doomed._id] }) });
    await untilSomeoneWaitsOnALock(t.ctx.db, 'adding the event type');
    await trx.commit().execute();
    const res = await adding;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ pre_event_form_ids: `Pre-event forms: Form ${doomed._id} does not exist` });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from event_type where pre_event_form_ids @> ${JSON.stringify([doomed._id])}::jsonb`.execute(t.ctx.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('case types: statuses', () => {
  it('start as Open and Closed, and take more after them, trimmed', async () => {
    expect(await create('casetype')).toMatchObject({ case_type_status: ['Open', 'Closed'] });
    const more = await create('casetype', { case_type_status: ['Open', 'Closed', '  Referred  '] });
    expect(more.case_type_status).toEqual(['Open', 'Closed', 'Referred']);
  });

  it('refuses statuses without Open and Closed first, a blank or repeated one, with the schema’s words', async () => {
    for (const [statuses, message] of [
      [['Referred'], 'Statuses must start with Open and Closed'],
      [['Closed', 'Open'], 'Statuses must start with Open and Closed'],
      [['Open', 'Referred', 'Closed'], 'Statuses must start with Open and Closed'],
      [[], 'Statuses must start with Open and Closed'],
      [['Open', 'Closed', 'Referred', 'Referred'], 'Each status must differ from the others'],
      [['Open', 'Closed', '   '], 'Statuses: item 3 is required'],
      [['Open', 'Closed', 'x'.repeat(61)], 'Statuses: item 3 must be at most 60 characters'],
    ] as const) {
      const res = await call('POST', '/casetype', { token: admin.token, payload: typeBody({ case_type_status: statuses }) });
      expect(res.statusCode, JSON.stringify(statuses)).toBe(400);
      expect(res.json().fields, JSON.stringify(statuses)).toEqual({ case_type_status: message });
    }
  });

  it('refuses a status repeated in another case, on add and on edit', async () => {
    for (const statuses of [
      ['Open', 'Closed', 'open'],
      ['Open', 'Closed', 'Referred', 'REFERRED'],
    ]) {
      const res = await call('POST', '/casetype', { token: admin.token, payload: typeBody({ case_type_status: statuses }) });
      expect(res.statusCode, JSON.stringify(statuses)).toBe(400);
      expect(res.json().fields, JSON.stringify(statuses)).toEqual({ case_type_status: 'Each status must differ from the others' });
    }
    const created = await create('casetype', { case_type_status: ['Open', 'Closed', 'Referred'] });
    const edit = await call('PATCH', `/casetype/${created._id}`, {
      token: admin.token,
      payload: { case_type_status: ['Open', 'Closed', 'Referred', ' referred'] },
    });
    expect(edit.json().fields).toEqual({ case_type_status: 'Each status must differ from the others' });
    expect((await call('GET', `/casetype/${created._id}`, { token: admin.token })).json().case_type_status).toEqual([
      'Open',
      'Closed',
      'Referred',
    ]);
  });

  it('cannot lose Open or Closed on an edit', async () => {
    const created = await create('casetype', { case_type_status: ['Open', 'Closed', 'Referred'] });
    const res = await call('PATCH', `/casetype/${created._id}`, {
      token: admin.token,
      payload: { case_type_status: ['Open', 'Referred'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ case_type_status: 'Statuses must start with Open and Closed' });
    expect((await call('GET', `/casetype/${created._id}`, { token: admin.token })).json().case_type_status).toEqual([
      'Open',
      'Closed',
      'Referred',
    ]);
  });
});
