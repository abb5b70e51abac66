/**
 * Changing, deleting and marking documents processed: each flag of docs/api.md's "Which flag allows what" table both
 * ways (own and someone else's, processed and not), the program's editing window counted from
 * the document's submission and its override, a locked program, an inactive module, and 404 for
 * a document the caller may not read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { flags } from '../support/test-users.ts';
import { makeDocumentWorld, personWith, type DocumentWorld, type SignedIn } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
});
afterAll(() => t?.close());

const roleWith = (extra: Record<string, boolean>) => flags(false, { can_access_dashboard: true, can_add_document: true, ...extra });
const person = (name: string, extra: Record<string, boolean>) => personWith(t, world, name, roleWith(extra));

const change = (who: SignedIn | { headers: object }, id: string, form_data: Record<string, unknown>, extra: object = {}) =>
  t.api.app.inject({
    method: 'PATCH',
    url: `/document/${id}`,
    headers: who.headers as Record<string, string>,
    payload: { form_data, ...extra },
  });
const remove = (who: { headers: object }, id: string) =>
  t.api.app.inject({ method: 'DELETE', url: `/document/${id}`, headers: who.headers as Record<string, string> });
const markProcessed = (who: { headers: object }, id: string) =>
  t.api.app.inject({ method: 'POST', url: `/document/${id}/processed`, headers: who.headers as Record<string, string> });

async function submitAs(who: SignedIn): Promise<Document> {
  const [doc] = await world.submit({ as: who });
  return doc!;
}

const refusedFor = (res: { statusCode: number; json(): unknown }, flag: string) => {
  expect(res.statusCode).toBe(403);
  expect(res.json()).toMatchObject({ code: 'FORBIDDEN', permission: flag });
};

const counters = async (userId: string) =>
  Number(
    (await sql<{ n: string }>`select coalesce(sum(n), 0) as n from document_counts where created_by = ${userId}`.execute(t.ctx.db)).rows[0]!
      .n,
  );

describe('PATCH /document/{id}', () => {
  it('own document: can_edit_own_document or can_edit_document allows it, neither refuses naming the own flag', async () => {
    const none = await person('Edits nothing', {});
    refusedFor(await change(none, (await submitAs(none))._id, { name: 'New' }), 'can_edit_own_document');
    const ownEditor = await person('Edits own', { can_edit_own_document: true });
    const changed = await change(ownEditor, (await submitAs(ownEditor))._id, { name: 'Renamed', age: 5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().form_data).toEqual({ name: { label: 'Name', value: 'Renamed' }, age: { label: 'Age in years', value: 5 } });
    const anyEditor = await person('Edits any', { can_edit_document: true });
    expect((await change(anyEditor, (await submitAs(anyEditor))._id, { name: 'Mine too' })).statusCode).toBe(200);
  });

  it("someone else's document: only can_edit_document allows it", async () => {
    const doc = await submitAs(world.member);
    const ownEditor = await person('Own only', { can_edit_own_document: true });
    refusedFor(await change(ownEditor, doc._id, { name: 'Not yours' }), 'can_edit_document');
    const anyEditor = await person('Any', { can_edit_document: true });
    const res = await change(anyEditor, doc._id, { name: 'Reviewed' });
    expect(res.statusCode).toBe(200);
    // The document stays the submitter's.
    expect(res.json().user_object._id).toBe(world.member.id);
  });

  it('a processed document also needs can_edit_document_after_processing', async () => {
    const doc = await submitAs(world.member);
    expect((await markProcessed(world.admin, doc._id)).statusCode).toBe(200);
    const editor = await person('Editor', { can_edit_document: true });
    refusedFor(await change(editor, doc._id, { name: 'Late' }), 'can_edit_document_after_processing');
    refusedFor(await change(world.member, doc._id, { name: 'Late' }), 'can_edit_document_after_processing');
    const late = await person('Late editor', { can_edit_document: true, can_edit_document_after_processing: true });
    expect((await change(late, doc._id, { name: 'Late' })).statusCode).toBe(200);
  });

  it("closes with the program's editing window, counted from the document's submission, unless the role may always edit", async () => {
    const doc = await submitAs(world.member);
    // The world's program gives 30 days.
    await sql`update documents set created_at = now() - interval '29 days 23 hours' where id = ${doc._id}`.execute(t.ctx.db);
    expect((await change(world.member, doc._id, { name: 'Day 30' })).statusCode).toBe(200);
    await sql`update documents set created_at = now() - interval '30 days 1 hour' where id = ${doc._id}`.execute(t.ctx.db);
    const closed = await change(world.member, doc._id, { name: 'Day 31' });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ code: 'EDIT_WINDOW_CLOSED', message: 'Editing this document closed 30 days after it was submitted' });
    const always = await person('Always', { can_edit_document: true, edit_document_after_no_of_days: true });
    expect((await change(always, doc._id, { name: 'Day 31' })).statusCode).toBe(200);
  });

  it('a locked program refuses with 423, an inactive module with 409', async () => {
    const doc = await submitAs(world.member);
    await sql`update programs set lock_program = 1 where id = ${world.program.id}`.execute(t.ctx.db);
    expect((await change(world.member, doc._id, { name: 'Locked' })).statusCode).toBe(423);
    await sql`update programs set lock_program = 0, active_module = active_module || '{"beneficiaries": false}'::jsonb
      where id = ${world.program.id}`.execute(t.ctx.db);
    const inactive = await change(world.member, doc._id, { name: 'Off' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().code).toBe('MODULE_INACTIVE');
    await sql`update programs set active_module = active_module || '{"beneficiaries": true}'::jsonb where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
    expect((await change(world.member, doc._id, { name: 'On' })).statusCode).toBe(200);
  });

  it('validates against the revision named (another of the same form), and refuses unknown fields', async () => {
    const doc = await submitAs(world.member);
    const unknown = await change(world.member, doc._id, { name: 'A', colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ colour: 'colour is not a field of this form' });
    const older = await change(world.member, doc._id, { name: 'Back', age: 9 }, { form_revision_id: world.revisions.household[0] });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json()).toMatchObject({ form_version: 1, form_data: { age: { label: 'Age', value: 9 } } });
    const otherForm = await change(world.member, doc._id, { rating: 3 }, { form_revision_id: world.revisions.survey[0] });
    expect(otherForm.statusCode).toBe(422);
    expect(otherForm.json().fields).toHaveProperty('form_revision_id');
  });

  it('answers 404 for a document the caller may not read, whatever flags they hold', async () => {
    await sql`update programs set document_visible = 'OWN' where id = ${world.program.id}`.execute(t.ctx.db);
    try {
      const doc = await submitAs(world.member);
      const editor = await person('Blind editor', { can_edit_document: true, can_delete_document: true });
      expect((await change(editor, doc._id, { name: 'Unseen' })).statusCode).toBe(404);
      expect((await remove(editor, doc._id)).statusCode).toBe(404);
      expect((await change(world.admin, doc._id, { name: 'Seen' })).statusCode).toBe(200);
    } finally {
      await sql`update programs set document_visible = 'ALL' where id = ${world.program.id}`.execute(t.ctx.db);
    }
  });
});

describe('DELETE /document/{id}', () => {
  it('own document: can_delete_own_document or can_delete_document; the counters go down with it', async () => {
    const none = await person('Deletes nothing', {});
    refusedFor(await remove(none, (await submitAs(none))._id), 'can_delete_own_document');
    const owner = await person('Deletes own', { can_delete_own_document: true });
    const doc = await submitAs(owner);
    expect(await counters(owner.id)).toBe(1);
    expect((await remove(owner, doc._id)).statusCode).toBe(204);
    expect(await counters(owner.id)).toBe(0);
    expect((await t.api.app.inject({ method: 'GET', url: `/document/${doc._id}`, headers: owner.headers })).statusCode).toBe(404);
    const any = await person('Deletes any', { can_delete_document: true });
    expect((await remove(any, (await submitAs(any))._id)).statusCode).toBe(204);
  });

  it("someone else's document: only can_delete_document", async () => {
    const doc = await submitAs(world.member);
    const own = await person('Own deleter', { can_delete_own_document: true });
    refusedFor(await remove(own, doc._id), 'can_delete_document');
    const any = await person('Any deleter', { can_delete_document: true });
    expect((await remove(any, doc._id)).statusCode).toBe(204);
  });

  it('a processed document also needs can_delete_document_after_processing', async () => {
    const doc = await submitAs(world.member);
    await markProcessed(world.admin, doc._id);
    refusedFor(await remove(world.member, doc._id), 'can_delete_document_after_processing');
    const late = await person('Late deleter', { can_delete_document: true, can_delete_document_after_processing: true });
    expect((await remove(late, doc._id)).statusCode).toBe(204);
  });

  it('has no editing window, but a locked program refuses it (423)', async () => {
    await sql`update programs set no_of_days_for_edit_program = 0 where id = ${world.program.id}`.execute(t.ctx.db);
    try {
      const doc = await submitAs(world.member);
      t.clock.advance(1);
      expect((await change(world.member, doc._id, { name: 'Too late' })).statusCode).toBe(403);
      await sql`update programs set lock_program = 1 where id = ${world.program.id}`.execute(t.ctx.db);
      expect((await remove(world.member, doc._id)).statusCode).toBe(423);
      await sql`update programs set lock_program = 0 where id = ${world.program.id}`.execute(t.ctx.db);
      expect((await remove(world.member, doc._id)).statusCode).toBe(204);
    } finally {
      await sql`update programs set no_of_days_for_edit_program = 30, lock_program = 0 where id = ${world.program.id}`.execute(t.ctx.db);
    }
  });
});

describe('POST /document/{id}/processed', () => {
  it('marks a document processed once (by can_edit_document); again changes nothing', async () => {
    const doc = await submitAs(world.member);
    const first = await markProcessed(world.admin, doc._id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ processed: true, processedAt: expect.any(String) });
    t.clock.advance(5);
    const again = await markProcessed(world.admin, doc._id);
    expect(again.json().processedAt).toBe(first.json().processedAt);
    const reviewer = await person('Not a reviewer', { can_edit_own_document: true });
    refusedFor(await markProcessed(reviewer, doc._id), 'can_edit_document');
    expect((await markProcessed(world.admin, 'no-such-document')).statusCode).toBe(404);
  });

  it('a locked program refuses it (423) and the document stays submitted', async () => {
    const doc = await submitAs(world.member);
    await sql`update programs set lock_program = 1 where id = ${world.program.id}`.execute(t.ctx.db);
    try {
      const refused = await markProcessed(world.admin, doc._id);
      expect(refused.statusCode).toBe(423);
      expect(refused.json().code).toBe('PROGRAM_LOCKED');
    } finally {
      await sql`update programs set lock_program = 0 where id = ${world.program.id}`.execute(t.ctx.db);
    }
    const read = await t.api.app.inject({
      method: 'GET',
      url: `/document/${doc._id}`,
      headers: world.admin.headers as Record<string, string>,
    });
    expect(read.json()).toMatchObject({ processed: false });
    expect((await markProcessed(world.admin, doc._id)).statusCode).toBe(200);
  });
});
