/**
 * Custom forms on the api server (spec 2 §3, §4, §7): a form keeps one id for life, its draft is
 * saved with the draft_version it started from (a stale one is 409 and changes nothing), each
 * publish adds an immutable revision numbered 1, 2, 3…, a definition the shared check refuses is
 * a 400 naming the field, and only published forms are offered to a program.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';

let t: TestServer;
let admin: Session;
/** Holds every flag but the form flags listed. */
const without: Record<string, Session> = {};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // The programs the forms below are linked to (a link must name a program).
  await sql`insert into programs (id, name, name_slug) values ('p1', 'Program p1', 'p1'), ('p2', 'Program p2', 'p2'), ('p9', 'Program p9', 'p9')`.execute(
    t.ctx.db,
  );
  for (const flag of ['can_get_form', 'can_create_form', 'can_edit_form', 'can_publish_form', 'can_delete_form']) {
    const role = await insertRole(t.ctx.db, { role: `No ${flag}`, permission: flags(true, { [flag]: false }) });
    const email = `no-${flag.replace(/_/g, '-')}@example.com`;
    await insertUser(t.ctx.db, { email, password: 'forms test passphrase', roleId: role.id });
    without[flag] = await t.loginAs(email, 'forms test passphrase');
  }
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);

const text = (name: string, label = name[0]!.toUpperCase() + name.slice(1), extra: Partial<FormField> = {}): FormField => ({
  field_label: label,
  field_name: name,
  field_type: 'text',
  ...extra,
});
const attendance: FormField[] = [
  { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', validation: { required: true } },
  text('reason', 'Reason', {
    validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
  }),
];

interface FormAnswer {
  _id: string;
  name: string;
  name_slug: string;
  parent_id: string | null;
  program_ids: string[];
  programs: string[];
  structures?: FormField[];
  field_count: number;
  created_by: { _id: string; first_name: string; last_name: string } | null;
  version: number;
  draft_version: number;
  has_published: boolean;
  status: boolean;
  updated_at: string;
}

async function create(body: Record<string, unknown>): Promise<FormAnswer> {
  const res = await call('POST', '/form', { token: admin.token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function read(id: string): Promise<FormAnswer> {
  const res = await call('GET', `/form/${id}`, { token: admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function publish(body: Record<string, unknown>, token = admin.token) {
  return call('POST', '/form/publish', { token, payload: body });
}
const revisionCount = async (formId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from form_revisions where form_id = ${formId}`.execute(t.ctx.db)).rows[0]!.n);

describe('POST /form', () => {
  it('adds a draft: version 0, draft_version 0, not published, active, by whoever added it', async () => {
    const form = await create({ name: '  Household Visit ', structures: attendance, program_ids: ['p1', 'p2'] });
    expect(form).toMatchObject({
      name: 'Household Visit',
      name_slug: 'household-visit',
      parent_id: null,
      program_ids: ['p1', 'p2'],
      programs: ['p1', 'p2'],
      structures: attendance,
      field_count: 2,
      version: 0,
      draft_version: 0,
      has_published: false,
      status: true,
      created_by: { _id: admin.user._id, first_name: admin.user.first_name, last_name: admin.user.last_name },
    });
    expect(await read(form._id)).toEqual(form);
  });

  it('refuses a link to a program that does not exist, naming program_ids; links the form already has are not checked again', async () => {
    const res = await call('POST', '/form', { token: admin.token, payload: { name: 'Lost', program_ids: ['p1', 'no-such-program'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { program_ids: 'No program has the id no-such-program' } });
    const form = await create({ name: 'Linked', program_ids: ['p2'] });
    await sql`delete from programs where id = 'p2'`.execute(t.ctx.db);
    const patch = (program_ids: string[], draft_version: number) =>
      call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { name: 'Linked again', program_ids, draft_version } });
    expect((await patch(['p2', 'p1'], 0)).statusCode).toBe(200);
    const refused = await patch(['p2', 'gone'], 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ program_ids: 'No program has the id gone' });
    expect(await read(form._id)).toMatchObject({ name: 'Linked again', program_ids: ['p2', 'p1'], draft_version: 1 });
    await sql`insert into programs (id, name, name_slug) values ('p2', 'Program p2', 'p2')`.execute(t.ctx.db);
  });

  it('takes the ids from `programs` when program_ids is not sent, and no fields at all', async () => {
    const form = await create({ name: 'Empty', programs: ['p9', 'p9'] });
    expect(form).toMatchObject({ program_ids: ['p9'], structures: [], field_count: 0 });
  });

  it('a copy names the form it was copied from; a form that does not exist is refused', async () => {
    const original = await create({ name: 'Original', structures: attendance });
    const copy = await create({ name: 'Original (copy)', structures: attendance, parent_id: original._id });
    expect(copy.parent_id).toBe(original._id);
    expect(copy._id).not.toBe(original._id);
    const res = await call('POST', '/form', { token: admin.token, payload: { name: 'Orphan', parent_id: 'no-such-form' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ parent_id: 'The form this is a copy of does not exist' });
  });

  it('refuses a definition the shared check refuses, naming the field, and stores nothing', async () => {
    const before = Number((await sql<{ n: string }>`select count(*) as n from forms`.execute(t.ctx.db)).rows[0]!.n);
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ name: '   ', structures: attendance }, 'add title', { name: 'add title' }],
      [{ structures: attendance }, 'add title', { name: 'add title' }],
      [{ name: 'F', structures: [text('a'), text('b', '')] }, 'Field label is required.', { b: 'Field label is required.' }],
      [{ name: 'F', structures: [text('a'), text('a')] }, 'Please make unique field_name', { a: 'Please make unique field_name' }],
      [
        { name: 'F', structures: [text('two words')] },
        'Field name: one word, no spaces; underscores and dashes allowed',
        { 'two words': 'Field name: one word, no spaces; underscores and dashes allowed' },
      ],
      [
        {
          name: 'F',
          structures: [text('a', 'A', { validation: { condition_chack: true, cond_logic: [{ field_name: 'a', show: 'any-value' }] } })],
        },
        'A condition cannot refer to the field itself',
        { a: 'A condition cannot refer to the field itself' },
      ],
      [
        {
          name: 'F',
          structures: [text('a', 'A', { validation: { condition_chack: true, cond_logic: [{ field_name: 'x', show: 'any-value' }] } })],
        },
        "A condition refers to 'x', which is not a field of this form",
        { a: "A condition refers to 'x', which is not a field of this form" },
      ],
    ];
    for (const [payload, message, fields] of cases) {
      const res = await call('POST', '/form', { token: admin.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', fields });
    }
    const after = Number((await sql<{ n: string }>`select count(*) as n from forms`.execute(t.ctx.db)).rows[0]!.n);
    expect(after).toBe(before);
  });

  it("keeps a field's texts in other languages, and refuses a language the console does not have, naming the field", async () => {
    const translated = text('a', 'Age', {
      help_text: 'In years',
      translations: { fr: { field_label: 'Âge', help_text: 'En années' }, ar: { field_label: 'العمر' } },
    });
    const saved = await create({ name: 'Translated', structures: [translated] });
    expect(saved.structures?.[0]).toMatchObject({ help_text: 'In years', translations: translated.translations });
    const res = await call('POST', '/form', {
      token: admin.token,
      payload: {
        name: 'F',
        structures: [text('a', 'Age', { translations: { de: { field_label: 'Alter' } } as FormField['translations'] })],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['a']);
    expect(res.json().fields.a).toMatch(/de/);
  });

  it('names a field the way the definition check does, whoever finds its problem: by field_name, else by its place', async () => {
    const group = (fields: FormField[]): FormField => ({
      field_label: 'Group',
      field_name: 'group',
      field_type: 'field-group',
      extra_details: { fields },
    });
    const keys = async (structures: unknown[]) => {
      const res = await call('POST', '/form', { token: admin.token, payload: { name: 'F', structures } });
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().fields);
    };
    // The form-field schema: a type that does not exist.
    const slider = (name: string) => ({ ...text(name), field_type: 'slider' }) as unknown as FormField;
    expect(await keys([text('a'), slider('b')])).toEqual(['b']);
    expect(await keys([text('a'), group([text('inner'), slider('odd')])])).toEqual(['odd']);
    // The NUL guard, before anything else reads the body.
    expect(await keys([text('a'), text('b', 'B\u0000')])).toEqual(['b']);
    expect(await keys([group([text('inner', 'Inner\u0000')])])).toEqual(['inner']);
    expect(await keys([text('a'), { ...text('b'), field_name: 'b\u0000' }])).toEqual(['structures.1']);
    expect(await keys([group([text('inner'), { ...text('x'), field_name: 'x\u0000' }])])).toEqual(['structures.0.extra_details.fields.1']);
    // The definition check, as before.
    expect(await keys([text('a'), { ...text('b'), field_name: '' }])).toEqual(['structures.1']);
  });

  it('refuses a field group inside a field group, and more than 2000 fields counting sub-fields, storing nothing', async () => {
    const group = (name: string, fields: FormField[]): FormField => ({
      field_label: name,
      field_name: name,
      field_type: 'field-group',
      extra_details: { fields },
    });
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ field_label: 'L', field_name: `${prefix}${i}`, field_type: 'text' }) as FormField);
    const nest = (levels: number) => {
      let deep = text('leaf');
      for (let i = 0; i < levels; i++) deep = group(`g${i}`, [deep]);
      return deep;
    };
    const before = Number((await sql<{ n: string }>`select count(*) as n from forms`.execute(t.ctx.db)).rows[0]!.n);
    const nested = await call('POST', '/form', {
      token: admin.token,
      payload: { name: 'F', structures: [group('outer', [group('inner', [text('x')])])] },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({
      message: 'A field group cannot hold another field group',
      code: 'VALIDATION_FAILED',
      fields: { inner: 'A field group cannot hold another field group' },
    });
    expect((await call('POST', '/form', { token: admin.token, payload: { name: 'F', structures: [nest(15)] } })).json().fields).toEqual({
      g13: 'A field group cannot hold another field group',
    });
    // 500 groups deep is JSON about 1,500 levels deep: refused before anything reads it.
    const tooDeep = await call('POST', '/form', { token: admin.token, payload: { name: 'F', structures: [nest(500)] } });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().code).toBe('TOO_DEEP');
    for (const [structures, count] of [
      [[group('g', many(10_000, 's'))], 10_001],
      [many(10_000, 't'), 10_000],
      [[...many(1500, 't'), group('g', many(600, 's'))], 2101],
    ] as const) {
      const res = await call('POST', '/form', { token: admin.token, payload: { name: 'F', structures } });
      expect(res.statusCode).toBe(400);
      const message = `A form cannot have more than 2000 fields, sub-fields included (this one has ${count})`;
      expect(res.json()).toEqual({ message, code: 'VALIDATION_FAILED', fields: { structures: message } });
    }
    const after = Number((await sql<{ n: string }>`select count(*) as n from forms`.execute(t.ctx.db)).rows[0]!.n);
    expect(after).toBe(before);
    const full = await create({ name: 'Full', structures: [...many(1500, 't'), group('g', many(499, 's'))] });
    expect(full.field_count).toBe(1501);
  });

  it('refuses a condition pattern that could take too long to check', async () => {
    const rule = (pattern: string) => [
      text('a'),
      text('b', 'B', { validation: { condition_chack: true, cond_logic: [{ field_name: 'a', show: 'matches-pattern', value: pattern }] } }),
    ];
    const slow = await call('POST', '/form', { token: admin.token, payload: { name: 'F', structures: rule('^(a+)+$') } });
    expect(slow.statusCode).toBe(400);
    expect(slow.json().fields).toEqual({ b: 'This pattern could take too long to check; simplify it' });
    await create({ name: 'Ordinary pattern', structures: rule('^[0-9]{10}$') });
  });

  it('401 without a session, 403 without can_create_form', async () => {
    expect((await call('POST', '/form', { payload: { name: 'F' } })).statusCode).toBe(401);
    const res = await call('POST', '/form', { token: without.can_create_form!.token, payload: { name: 'F' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_create_form');
  });
});

describe('GET /form (the list) and GET /form/{id}', () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    await sql`delete from forms`.execute(t.ctx.db);
    const alpha = await create({ name: 'Alpha survey', structures: [text('a'), text('b'), text('c')] });
    const beta = await create({ name: 'beta visit', structures: [text('a')] });
    const gamma = await create({ name: 'Gamma survey', structures: [text('a'), text('b')] });
    expect((await publish({ _id: gamma._id })).statusCode).toBe(200);
    expect((await call('DELETE', `/form/deactivate/${beta._id}`, { token: admin.token })).statusCode).toBe(200);
    ids = { alpha: alpha._id, beta: beta._id, gamma: gamma._id };
  });

  const list = async (query: Record<string, string>) => {
    const res = await call('GET', '/form', { token: admin.token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const names = async (query: Record<string, string>) => (await list(query)).json().map((f: FormAnswer) => f.name);

  it('pages with Content-Range; rows carry field_count but not the fields', async () => {
    const res = await list({ sort: '["name","ASC"]', range: '[0,1]' });
    expect(res.headers['content-range']).toBe('custom-form 0-1/3');
    const rows = res.json() as FormAnswer[];
    expect(rows.map((r) => r.name)).toEqual(['Alpha survey', 'beta visit']);
    expect(rows[0]).not.toHaveProperty('structures');
    expect(rows[0]!.field_count).toBe(3);
  });

  it('sorts by name (any case), field_count, version, status, updated_at', async () => {
    expect(await names({ sort: '["name","DESC"]' })).toEqual(['Gamma survey', 'beta visit', 'Alpha survey']);
    expect(await names({ sort: '["field_count","ASC"]' })).toEqual(['beta visit', 'Gamma survey', 'Alpha survey']);
    expect((await names({ sort: '["version","DESC"]' }))[0]).toBe('Gamma survey');
    expect((await names({ sort: '["status","ASC"]' }))[0]).toBe('beta visit');
    expect(await names({ sort: '["updated_at","ASC"]' })).toHaveLength(3);
  });

  it('filters by q (the name), status and id', async () => {
    expect(await names({ filter: '{"q":"SURV"}', sort: '["name","ASC"]' })).toEqual(['Alpha survey', 'Gamma survey']);
    expect(await names({ filter: '{"status":false}' })).toEqual(['beta visit']);
    expect(await names({ filter: JSON.stringify({ id: [ids.alpha, ids.gamma] }), sort: '["name","ASC"]' })).toEqual([
      'Alpha survey',
      'Gamma survey',
    ]);
    expect(await names({ filter: '{"q":"nothing like it"}' })).toEqual([]);
  });

  it('refuses a sort or filter it does not know', async () => {
    expect((await call('GET', '/form', { token: admin.token, query: { sort: '["structures","ASC"]' } })).statusCode).toBe(400);
    expect((await call('GET', '/form', { token: admin.token, query: { filter: '{"colour":"red"}' } })).statusCode).toBe(400);
  });

  it('one form carries its fields; an unknown id is 404; no session 401; no can_get_form 403', async () => {
    expect((await read(ids.alpha!)).structures).toHaveLength(3);
    expect((await call('GET', '/form/no-such-form', { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', '/form')).statusCode).toBe(401);
    expect((await call('GET', `/form/${ids.alpha}`, { token: without.can_get_form!.token })).statusCode).toBe(403);
  });
});

describe('PATCH /form/{id}: saving the draft', () => {
  it('saves the fields sent and counts the save; keys of the form as read are ignored', async () => {
    const form = await create({ name: 'Draft', structures: attendance });
    const res = await call('PATCH', `/form/${form._id}`, {
      token: admin.token,
      payload: { ...form, name: 'Draft two', structures: [...attendance, text('notes')], version: 99, has_published: true, _id: 'x' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      _id: form._id,
      name: 'Draft two',
      draft_version: 1,
      version: 0,
      has_published: false,
      field_count: 3,
    });
    expect((await read(form._id)).name_slug).toBe('draft-two');
  });

  it('a stale draft_version is 409 STALE_DRAFT and changes nothing', async () => {
    const form = await create({ name: 'Stale', structures: attendance });
    expect(
      (await call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { name: 'First', draft_version: 0 } })).statusCode,
    ).toBe(200);
    const res = await call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { name: 'Second', draft_version: 0 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Someone else saved this form since you opened it. Reload it to see their changes.',
      code: 'STALE_DRAFT',
    });
    expect(await read(form._id)).toMatchObject({ name: 'First', draft_version: 1 });
  });

  it('needs the draft_version; refuses an invalid definition; 404 for a form that does not exist', async () => {
    const form = await create({ name: 'Checked', structures: attendance });
    const missing = await call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { name: 'X' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ draft_version: 'Send the draft_version of the form this change started from' });
    const invalid = await call('PATCH', `/form/${form._id}`, {
      token: admin.token,
      payload: { structures: [text('a', ' ')], draft_version: 0 },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ message: 'Field label is required.', fields: { a: 'Field label is required.' } });
    expect(await read(form._id)).toMatchObject({ draft_version: 0, structures: attendance });
    const gone = await call('PATCH', '/form/no-such-form', { token: admin.token, payload: { name: 'X', draft_version: 0 } });
    expect(gone.statusCode).toBe(404);
  });

  it('401 without a session, 403 without can_edit_form', async () => {
    const form = await create({ name: 'Guarded' });
    expect((await call('PATCH', `/form/${form._id}`, { payload: { name: 'X', draft_version: 0 } })).statusCode).toBe(401);
    const res = await call('PATCH', `/form/${form._id}`, { token: without.can_edit_form!.token, payload: { name: 'X', draft_version: 0 } });
    expect(res.statusCode).toBe(403);
  });

  it('two admins saving the same draft at once: one is saved, the other told, and after a reload nothing is lost', async () => {
    const form = await create({ name: 'Shared', structures: [text('a')] });
    const second = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const [one, two] = await Promise.all([
      call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { structures: [text('a'), text('from_one')], draft_version: 0 } }),
      call('PATCH', `/form/${form._id}`, { token: second.token, payload: { structures: [text('a'), text('from_two')], draft_version: 0 } }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const [winner, loser] = one.statusCode === 200 ? ['from_one', 'from_two'] : ['from_two', 'from_one'];
    const stored = await read(form._id);
    expect(stored.structures!.map((f) => f.field_name)).toEqual(['a', winner]);
    // The one told reloads, adds their field again and saves on top of the other's.
    const retry = await call('PATCH', `/form/${form._id}`, {
      token: one.statusCode === 200 ? second.token : admin.token,
      payload: { structures: [...stored.structures!, text(loser!)], draft_version: stored.draft_version },
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect((retry.json() as FormAnswer).structures!.map((f) => f.field_name)).toEqual(['a', winner, loser]);
  });
});

describe('POST /form/publish', () => {
  it('publishes the draft as revision 1, then 2, with the draft fields sent; the id stays', async () => {
    const form = await create({ name: 'Visit', structures: attendance });
    const first = await publish({ _id: form._id, draft_version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ _id: form._id, version: 1, has_published: true, draft_version: 1 });
    const second = await publish({ _id: form._id, draft_version: 1, name: 'Visit v2', structures: [...attendance, text('notes')] });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ _id: form._id, name: 'Visit v2', version: 2, draft_version: 2, field_count: 3 });
    const { rows } = await sql<{ version: number; name: string; n: number }>`select version, name, jsonb_array_length(structures) as n
      from form_revisions where form_id = ${form._id} order by version`.execute(t.ctx.db);
    expect(rows).toEqual([
      { version: 1, name: 'Visit', n: 2 },
      { version: 2, name: 'Visit v2', n: 3 },
    ]);
  });

  it('a stale draft_version is 409 and publishes nothing; draft fields need a draft_version', async () => {
    const form = await create({ name: 'Stale publish', structures: attendance });
    await call('PATCH', `/form/${form._id}`, { token: admin.token, payload: { name: 'Saved meanwhile', draft_version: 0 } });
    const res = await publish({ _id: form._id, draft_version: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_DRAFT');
    const blind = await publish({ _id: form._id, name: 'Blind' });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().fields).toHaveProperty('draft_version');
    expect(await revisionCount(form._id)).toBe(0);
    expect(await read(form._id)).toMatchObject({ name: 'Saved meanwhile', version: 0, draft_version: 1 });
  });

  it('an invalid definition is 400 naming the field, and publishes nothing', async () => {
    const form = await create({ name: 'Invalid publish', structures: attendance });
    const res = await publish({ _id: form._id, draft_version: 0, structures: [text('a'), text('a')] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Please make unique field_name', fields: { a: 'Please make unique field_name' } });
    expect(await revisionCount(form._id)).toBe(0);
    expect(await read(form._id)).toMatchObject({ version: 0, draft_version: 0, structures: attendance });
  });

  it('404 for a form that does not exist; 401; 403 without can_publish_form', async () => {
    expect((await publish({ _id: 'no-such-form' })).statusCode).toBe(404);
    const form = await create({ name: 'Guarded publish' });
    expect((await call('POST', '/form/publish', { payload: { _id: form._id } })).statusCode).toBe(401);
    const res = await publish({ _id: form._id }, without.can_publish_form!.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_publish_form');
    expect(await revisionCount(form._id)).toBe(0);
  });

  it('publishing the draft as saved needs can_publish_form only; sending draft fields with it needs can_edit_form too', async () => {
    const role = await insertRole(t.ctx.db, {
      role: 'Publisher only',
      permission: flags(false, { can_access_dashboard: true, can_get_form: true, can_publish_form: true }),
    });
    await insertUser(t.ctx.db, { email: 'publisher-only@example.com', password: 'forms test passphrase', roleId: role.id });
    const publisher = await t.loginAs('publisher-only@example.com', 'forms test passphrase');
    const form = await create({ name: 'Owned by editors', structures: attendance, program_ids: ['p1'] });
    for (const change of [{ name: 'Hijacked' }, { structures: [text('other')] }, { program_ids: ['p2'] }, { programs: ['p2'] }]) {
      const res = await publish({ _id: form._id, draft_version: 0, ...change }, publisher.token);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toEqual({
        message: "You don't have permission to do this (can_edit_form)",
        code: 'FORBIDDEN',
        permission: 'can_edit_form',
      });
    }
    expect(await revisionCount(form._id)).toBe(0);
    expect(await read(form._id)).toMatchObject({ name: 'Owned by editors', structures: attendance, program_ids: ['p1'], draft_version: 0 });
    // The draft as the editors saved it, published by someone who may only publish.
    const plain = await publish({ _id: form._id, draft_version: 0 }, publisher.token);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ name: 'Owned by editors', version: 1 });
  });

  it('a publish that fails half way, after its revision is written, leaves nothing', async () => {
    const form = await create({ name: 'Half way', structures: attendance });
    expect((await publish({ _id: form._id })).statusCode).toBe(200);
    // The form's own update fails after the revision insert has run in the same transaction.
    await sql`create function fail_half_way() returns trigger language plpgsql as $$
      begin if new.name = 'Explode' then raise exception 'failing half way on purpose'; end if; return new; end $$`.execute(t.ctx.db);
    await sql`create trigger fail_half_way before update on forms for each row execute function fail_half_way()`.execute(t.ctx.db);
    try {
      const res = await publish({ _id: form._id, draft_version: 1, name: 'Explode' });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('INTERNAL');
    } finally {
      await sql`drop trigger fail_half_way on forms`.execute(t.ctx.db);
      await sql`drop function fail_half_way()`.execute(t.ctx.db);
    }
    expect(await revisionCount(form._id)).toBe(1);
    expect(await read(form._id)).toMatchObject({ name: 'Half way', version: 1, draft_version: 1 });
    // And the next publish is number 2: no gap where the failed one was.
    expect((await publish({ _id: form._id })).json().version).toBe(2);
  });

  it('50 publishes of one form at once leave revisions 1 to 50, none refused', async () => {
    const form = await create({ name: 'Raced', structures: attendance });
    const answers = await Promise.all(Array.from({ length: 50 }, () => publish({ _id: form._id })));
    expect(answers.map((a) => a.statusCode)).toEqual(new Array(50).fill(200));
    expect(answers.map((a) => a.json().version).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const { rows } = await sql<{
      version: number;
    }>`select version from form_revisions where form_id = ${form._id} order by version`.execute(t.ctx.db);
    expect(rows.map((r) => r.version)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(await read(form._id)).toMatchObject({ version: 50, draft_version: 50 });
  });
});
