/**
 * Submitting documents (POST /document) and reading them (GET /document/{id}): the answer in
 * full, labelled by its revision; every submission rule both ways (the flag, the team, the
 * program's state, the module, the type, the revision, the answers); idempotency on local_id;
 * and the one visibility rule (document-scope.ts) for reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { flags } from '../support/test-users.ts';
import {
  householdSubmission,
  attachFormType,
  makeDocumentWorld,
  personWith,
  publishedForm,
  type DocumentWorld,
  type SignedIn,
} from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
});
afterAll(() => t?.close());

/** A household submission (revision 2) with a fresh local id, `over` changing any part of it. */
const submission = (over: Record<string, unknown> = {}) => householdSubmission(world, `doc-test-${++serial}`, serial, over);

const post = (who: { headers: object }, payload: unknown) =>
  t.api.app.inject({ method: 'POST', url: '/document', headers: who.headers as Record<string, string>, payload: payload as never });
const get = (who: { headers: object }, id: string) =>
  t.api.app.inject({ method: 'GET', url: `/document/${id}`, headers: who.headers as Record<string, string> });

async function counted(): Promise<{ counters: number; rows: number }> {
  const { rows } = await sql<{ counters: string; rows: string }>`select
    (select coalesce(sum(n), 0) from document_counts) as counters, (select count(*) from documents) as rows`.execute(t.ctx.db);
  return { counters: Number(rows[0]!.counters), rows: Number(rows[0]!.rows) };
}

const setProgram = (column: string, value: unknown) =>
  sql`update programs set ${sql.ref(column)} = ${value} where id = ${world.program.id}`.execute(t.ctx.db);

describe('POST /document', () => {
  it('stores a document and answers it in full, labelled by its revision; GET answers the same', async () => {
    const [doc] = await world.submit({ answers: () => ({ name: 'Achieng', age: 31, village: 'north' }) });
    expect(doc).toMatchObject({
      doc_type: 'BENEFICIARY',
      module: 'beneficiaries',
      program_id: world.program.id,
      program_slug: world.program.name_slug,
      program_name: world.program.name,
      type_id: world.types.beneficiary,
      type_name: world.names.beneficiary,
      beneficiary_type_name: world.names.beneficiary,
      form_id: world.forms.household,
      form_revision_id: world.revisions.household[1],
      form_version: 2,
      form_data: {
        name: { label: 'Name', value: 'Achieng' },
        age: { label: 'Age in years', value: 31 },
        village: { label: 'Village', value: 'north' },
      },
      user_object: { _id: world.member.id, first_name: world.names.member },
      processed: false,
      processedAt: null,
    });
    expect(doc!.form_fields!.structures.map((f) => f.field_name)).toEqual(['name', 'age', 'village']);
    const read = await get(world.member, doc!._id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(doc);
  });

  it('takes an older published revision too, labelled as that revision labels it', async () => {
    const [doc] = await world.submit({ revision: 1, answers: () => ({ name: 'Old', age: 70 }) });
    expect(doc).toMatchObject({ form_version: 1, form_data: { age: { label: 'Age', value: 70 } } });
  });

  it('a retry with the same local_id answers the stored document with 200 and writes nothing', async () => {
    const body = submission();
    const first = await post(world.member, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replay']).toBeUndefined();
    const before = await counted();
    // The retry may even carry other answers: the first submission stands.
    const retry = await post(world.member, { ...body, form_data: { name: 'Changed on retry' } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await counted()).toEqual(before);
    expect(before.counters).toBe(before.rows);
  });

  it('ten retries at once create one document and count it once', async () => {
    const body = submission();
    const before = await counted();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(world.member, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json()._id)).size).toBe(1);
    expect(await counted()).toEqual({ counters: before.counters + 1, rows: before.rows + 1 });
  });

  it("refuses another user's local_id with 409 LOCAL_ID_TAKEN, and stores nothing", async () => {
    const body = submission();
    expect((await post(world.member, body)).statusCode).toBe(201);
    const before = await counted();
    const res = await post(world.admin, body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LOCAL_ID_TAKEN', fields: { local_id: expect.any(String) } });
    expect(await counted()).toEqual(before);
  });

  it('needs can_add_document: refused without it (naming it), taken with it', async () => {
    const without = await personWith(t, world, 'No adding', flags(false, { can_access_dashboard: true }));
    const refused = await post(without, submission());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_add_document' });
    const adder = await personWith(t, world, 'Adder', flags(false, { can_access_dashboard: true, can_add_document: true }));
    expect((await post(adder, submission())).statusCode).toBe(201);
  });

  it("needs the caller on the program's team (head or member) unless they see every document", async () => {
    const outsider = await personWith(t, world, 'Outsider', flags(false, { can_access_dashboard: true, can_add_document: true }), {
      team: false,
    });
    const refused = await post(outsider, submission());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'NOT_ON_PROGRAM', message: "You are not on this program's team" });
    const head = await personWith(t, world, 'Head', flags(false, { can_access_dashboard: true, can_add_document: true }), { team: false });
    await sql`update programs set program_head = program_head || jsonb_build_array(${head.id}::text) where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
    expect((await post(head, submission())).statusCode).toBe(201);
    const seesAll = await personWith(
      t,
      world,
      'Sees all',
      flags(false, { can_access_dashboard: true, can_add_document: true, can_see_all_docs: true }),
      { team: false },
    );
    expect((await post(seesAll, submission())).statusCode).toBe(201);
  });

  it('a locked program refuses with 423, an inactive one with 409; unlocked and active it takes documents again', async () => {
    await setProgram('lock_program', 1);
    const locked = await post(world.member, submission());
    expect(locked.statusCode).toBe(423);
    expect(locked.json().code).toBe('PROGRAM_LOCKED');
    await setProgram('lock_program', 0);
    await setProgram('status', false);
    const inactive = await post(world.member, submission());
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toEqual({ code: 'PROGRAM_INACTIVE', message: 'This program is inactive' });
    await setProgram('status', true);
    expect((await post(world.member, submission())).statusCode).toBe(201);
  });

  it('an inactive module refuses with 409 naming it; the other modules still take documents', async () => {
    await sql`update programs set active_module = active_module || '{"beneficiaries": false}'::jsonb where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
    const res = await post(world.member, submission());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'MODULE_INACTIVE', message: 'The Beneficiaries module of this program is inactive' });
    expect((await world.submit({ module: 'surveys' })).length).toBe(1);
    await sql`update programs set active_module = active_module || '{"beneficiaries": true}'::jsonb where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
    expect((await post(world.member, submission())).statusCode).toBe(201);
  });

  it('refuses a type not attached to that module, and a program that does not exist, naming the field (422)', async () => {
    const wrongModule = await post(world.member, submission({ module: 'surveys' }));
    expect(wrongModule.statusCode).toBe(422);
    expect(wrongModule.json()).toMatchObject({
      code: 'INVALID_DOCUMENT',
      fields: { type_id: 'This Survey Type is not attached to the Surveys module of this program' },
    });
    const noProgram = await post(world.member, submission({ program_id: 'no-such-program' }));
    expect(noProgram.statusCode).toBe(422);
    expect(noProgram.json().fields).toEqual({ program_id: 'Program does not exist' });
  });

  it('refuses a revision of another form (422 naming form_revision_id), and one that does not exist', async () => {
    const otherForm = await post(world.member, submission({ form_revision_id: world.revisions.survey[0] }));
    expect(otherForm.statusCode).toBe(422);
    expect(otherForm.json().fields).toEqual({ form_revision_id: "This is not a published revision of the form of this document's type" });
    const missing = await post(world.member, submission({ form_revision_id: 'no-such-revision' }));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().fields).toHaveProperty('form_revision_id');
  });

  it("takes an event's pre- and post-event forms as well as its own form, and refuses a form the event type does not name", async () => {
    const fields = [{ field_label: 'Notes', field_name: 'notes', field_type: 'text' }];
    const [own, before, after, other] = await Promise.all(
      ['Event', 'Pre-event', 'Post-event', 'Unrelated'].map((name) => publishedForm(t, world.admin, `${name} form`, [fields])),
    );
    const create = await t.api.app.inject({
      method: 'POST',
      url: '/eventtype',
      headers: world.admin.headers,
      payload: {
        name: 'Village meeting',
        plural_name: 'Village meetings',
        description: 'Meetings',
        form: own!.id,
        pre_event_form_ids: [before!.id],
        post_event_form_ids: [after!.id],
      },
    });
    expect(create.statusCode, create.body).toBe(201);
    await sql`update programs set event_types = event_types || jsonb_build_array(${create.json()._id}::text) where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
    const event = (revision: string) =>
      submission({ module: 'events', type_id: create.json()._id, form_revision_id: revision, form_data: { notes: 'Met' } });
    for (const form of [own!, before!, after!]) expect((await post(world.member, event(form.revisions[0]!))).statusCode).toBe(201);
    const refused = await post(world.member, event(other!.revisions[0]!));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ form_revision_id: "This is not a published revision of the form of this document's type" });
  });

  it('refuses an unknown field and a wrong type with 400 naming each, and a missing required field by its label', async () => {
    const unknown = await post(world.member, submission({ form_data: { name: 'A', colour: 'blue' } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ colour: 'colour is not a field of this form' });
    // village exists only from revision 2 on: under revision 1 it is unknown.
    const oldRevision = await post(
      world.member,
      submission({ form_revision_id: world.revisions.household[0], form_data: { name: 'A', village: 'north' } }),
    );
    expect(oldRevision.statusCode).toBe(400);
    expect(oldRevision.json().fields).toEqual({ village: 'village is not a field of this form' });
    const wrongType = await post(world.member, submission({ form_data: { name: 'A', age: 'thirty' } }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toHaveProperty('age');
    expect(wrongType.json().fields.age).toMatch(/Age in years/);
    const missing = await post(world.member, submission({ form_data: { age: 3 } }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ name: 'Name is required' });
  });

  it('a required field that the logic hides is not required; shown, it is', async () => {
    const visit = await attachFormType(t, world, [
      { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', validation: { required: true } },
      {
        field_label: 'Reason',
        field_name: 'reason',
        field_type: 'text',
        validation: {
          required: true,
          condition_chack: true,
          cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }],
        },
      },
    ]);
    const base = { type_id: visit.typeId, form_revision_id: visit.revisionId };
    expect((await post(world.member, submission({ ...base, form_data: { attended: true } }))).statusCode).toBe(201);
    const shown = await post(world.member, submission({ ...base, form_data: { attended: false } }));
    expect(shown.statusCode).toBe(400);
    expect(shown.json().fields).toEqual({ reason: 'Reason is required' });
    expect((await post(world.member, submission({ ...base, form_data: { attended: false, reason: 'Sick' } }))).statusCode).toBe(201);
  });

  it('refuses unknown keys inside a field group, naming the item', async () => {
    const group = await attachFormType(t, world, [
      {
        field_label: 'Children',
        field_name: 'children',
        field_type: 'field-group',
        validation: { is_repeater: true, max_repeater: 5 },
        extra_details: { fields: [{ field_label: 'Child name', field_name: 'child_name', field_type: 'text' }] },
      },
    ]);
    const base = { type_id: group.typeId, form_revision_id: group.revisionId };
    const res = await post(
      world.member,
      submission({ ...base, form_data: { children: [{ child_name: 'A' }, { child_name: 'B', shoe: 3 }] } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'children[1].shoe': 'children[1].shoe is not a field of this form' });
    expect((await post(world.member, submission({ ...base, form_data: { children: [{ child_name: 'A' }] } }))).statusCode).toBe(201);
  });
});

describe('who reads a document (GET /document/{id})', () => {
  let own: DocumentWorld;
  let first: SignedIn;
  let second: SignedIn;
  let outsider: SignedIn;
  const fieldFlags = flags(false, { can_access_mobile: true, can_add_document: true });

  beforeAll(async () => {
    own = await makeDocumentWorld(t);
    first = await personWith(t, own, 'First', fieldFlags, { client: 'mobile' });
    second = await personWith(t, own, 'Second', fieldFlags, { client: 'mobile' });
    outsider = await personWith(t, own, 'Outsider', fieldFlags, { client: 'mobile', team: false });
  });

  it("OWN program: a member without can_see_all_docs reads their own documents only; others' answer 404", async () => {
    await sql`update programs set document_visible = 'OWN' where id = ${own.program.id}`.execute(t.ctx.db);
    const [mine] = await own.submit({ as: first });
    const [theirs] = await own.submit({ as: second });
    expect((await get(first, mine!._id)).statusCode).toBe(200);
    const hidden = await get(first, theirs!._id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ code: 'DOCUMENT_NOT_FOUND', message: 'No document found' });
    // can_see_all_docs reads every document.
    expect((await get(own.admin, theirs!._id)).statusCode).toBe(200);
  });

  it('ALL program: the whole team reads every document; someone off the team only their own', async () => {
    await sql`update programs set document_visible = 'ALL' where id = ${own.program.id}`.execute(t.ctx.db);
    const [theirs] = await own.submit({ as: second });
    expect((await get(first, theirs!._id)).statusCode).toBe(200);
    expect((await get(outsider, theirs!._id)).statusCode).toBe(404);
  });

  it('an id that does not exist answers the same 404', async () => {
    const res = await get(first, 'no-such-document');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('DOCUMENT_NOT_FOUND');
  });
});
