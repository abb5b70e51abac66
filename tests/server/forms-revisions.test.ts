/**
 * A form's history (spec 2 §4): revisions listed newest first, compared field by field, restored
 * into the draft without rewriting them; revisions the database itself will not change; status
 * toggled; a form deleted with its revisions; a program offered only published forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';

let t: TestServer;
let admin: Session;
let reader: Session;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  // The programs the forms below are linked to (a link must name a program).
  await sql`insert into programs (id, name, name_slug) values ('prog-a', 'Program prog-a', 'prog-a'), ('prog-b', 'Program prog-b', 'prog-b'), ('prog-c', 'Program prog-c', 'prog-c'), ('prog-elsewhere', 'Program prog-elsewhere', 'prog-elsewhere')`.execute(
    t.ctx.db,
  );
  // May read forms, nothing else of them.
  const role = await insertRole(t.ctx.db, {
    role: 'Form reader',
    permission: flags(true, { can_create_form: false, can_edit_form: false, can_publish_form: false, can_delete_form: false }),
  });
  await insertUser(t.ctx.db, { email: 'reader@example.com', password: 'forms reader passphrase', roleId: role.id });
  reader = await t.loginAs('reader@example.com', 'forms reader passphrase');
});
afterAll(() => t?.close());

const call = caller(() => t.api.app);

const text = (name: string, label: string, extra: Partial<FormField> = {}): FormField => ({
  field_label: label,
  field_name: name,
  field_type: 'text',
  ...extra,
});

interface Revision {
  _id: string;
  form_id: string;
  version: number;
  name: string;
  structures: FormField[];
  field_count: number;
  created_at: string;
  created_by: { _id: string; first_name: string; last_name: string } | null;
}

async function ok(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, status = 200) {
  const res = await call(method, url, { token: admin.token, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A form published twice: revision 1 with name/age, revision 2 with age required, name relabelled, phone added. */
async function twoRevisions(name = 'Household', program = 'prog-elsewhere') {
  const v1 = [text('name', 'Name'), text('age', 'Age')];
  const v2 = [text('full_name', 'Full name'), text('age', 'Age', { validation: { required: true } }), text('phone', 'Phone')];
  const form = await ok('POST', '/form', { name, structures: v1, program_ids: [program] }, 201);
  await ok('POST', '/form/publish', { _id: form._id, draft_version: 0 });
  await ok('POST', '/form/publish', { _id: form._id, draft_version: 1, name: `${name} v2`, structures: v2 });
  return { id: form._id as string, v1, v2 };
}

describe('GET /form/rev/{id}', () => {
  it('lists the revisions newest first, with who published them and their field counts', async () => {
    const { id, v1, v2 } = await twoRevisions();
    const revisions = (await ok('GET', `/form/rev/${id}`)) as Revision[];
    expect(revisions.map((r) => [r.version, r.name, r.field_count])).toEqual([
      [2, 'Household v2', 3],
      [1, 'Household', 2],
    ]);
    expect(revisions[0]!.structures).toEqual(v2);
    expect(revisions[1]!.structures).toEqual(v1);
    expect(revisions[0]).toMatchObject({ form_id: id, created_by: { _id: admin.user._id, first_name: admin.user.first_name } });
  });

  it('a form never published has none; an unknown form is 404; 401; 403 without can_get_form', async () => {
    const draft = await ok('POST', '/form', { name: 'Never published' }, 201);
    expect(await ok('GET', `/form/rev/${draft._id}`)).toEqual([]);
    expect((await call('GET', '/form/rev/no-such-form', { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', `/form/rev/${draft._id}`)).statusCode).toBe(401);
    const role = await insertRole(t.ctx.db, { role: 'No form reading', permission: flags(true, { can_get_form: false }) });
    await insertUser(t.ctx.db, { email: 'blind@example.com', password: 'forms blind passphrase', roleId: role.id });
    const blind = await t.loginAs('blind@example.com', 'forms blind passphrase');
    const res = await call('GET', `/form/rev/${draft._id}`, { token: blind.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_get_form');
  });
});

describe('revisions are history', () => {
  it('the database refuses to change or delete a revision; deleting the form removes them', async () => {
    const { id } = await twoRevisions('Immutable');
    await expect(sql`update form_revisions set name = 'Rewritten' where form_id = ${id}`.execute(t.ctx.db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from form_revisions where form_id = ${id}`.execute(t.ctx.db)).rejects.toThrow(/only with their form/);
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from form_revisions where form_id = ${id}`.execute(t.ctx.db)).rows[0]!.n);
    expect(await count()).toBe(2);
    const deleted = await ok('DELETE', `/form/${id}`);
    expect(deleted).toMatchObject({ _id: id, name: 'Immutable v2', version: 2 });
    expect(await count()).toBe(0);
    expect((await call('GET', `/form/${id}`, { token: admin.token })).statusCode).toBe(404);
    expect((await call('GET', `/form/rev/${id}`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('GET /form/rev/{id}/diff', () => {
  it('names every field added, removed and changed between two revisions, and the new name', async () => {
    const { id } = await twoRevisions('Diffed');
    const diff = await ok('GET', `/form/rev/${id}/diff?from=1&to=2`);
    expect(diff).toEqual({
      from: 1,
      to: 2,
      name: { before: 'Diffed', after: 'Diffed v2' },
      changes: [
        { field_name: 'full_name', label: 'Full name', change: 'added' },
        { field_name: 'age', label: 'Age', change: 'changed', properties: [{ property: 'required', before: false, after: true }] },
        { field_name: 'phone', label: 'Phone', change: 'added' },
        { field_name: 'name', label: 'Name', change: 'removed' },
      ],
    });
  });

  it('compares with the draft; the same revision twice has no change', async () => {
    const { id, v2 } = await twoRevisions('Draft diff');
    const form = await ok('GET', `/form/${id}`);
    await ok('PATCH', `/form/${id}`, { structures: [v2[2]!, v2[0]!, v2[1]!], draft_version: form.draft_version });
    const diff = await ok('GET', `/form/rev/${id}/diff?from=2&to=draft`);
    expect(diff).toEqual({
      from: 2,
      to: 'draft',
      changes: [{ field_name: 'phone', label: 'Phone', change: 'moved', position: { before: 3, after: 1 } }],
    });
    expect(await ok('GET', `/form/rev/${id}/diff?from=1&to=1`)).toMatchObject({ changes: [] });
  });

  it('a revision that does not exist is 404; a number that is not one is 400', async () => {
    const { id } = await twoRevisions('Diff errors');
    const missing = await call('GET', `/form/rev/${id}/diff?from=1&to=7`, { token: admin.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Revision 7 of this form not found');
    expect((await call('GET', `/form/rev/${id}/diff?from=one&to=2`, { token: admin.token })).statusCode).toBe(400);
    expect((await call('GET', `/form/rev/${id}/diff?from=1`, { token: admin.token })).statusCode).toBe(400);
    expect((await call('GET', `/form/rev/no-such-form/diff?from=1&to=2`, { token: admin.token })).statusCode).toBe(404);
  });
});

describe('POST /form/restore', () => {
  it('copies a revision into the draft, counts it as a save, and leaves the revisions as they were', async () => {
    const { id, v1 } = await twoRevisions('Restored');
    const revisions = (await ok('GET', `/form/rev/${id}`)) as Revision[];
    const first = revisions.find((r) => r.version === 1)!;
    const restored = await ok('POST', '/form/restore', { _id: first._id, draft_version: 2 });
    expect(restored).toMatchObject({ _id: id, name: 'Restored', structures: v1, version: 2, draft_version: 3 });
    expect(await ok('GET', `/form/rev/${id}`)).toEqual(revisions);
    // Published again, the restored draft is revision 3: history is never rewritten.
    expect((await ok('POST', '/form/publish', { _id: id, draft_version: 3 })).version).toBe(3);
  });

  it('a stale draft_version is 409 and restores nothing; without one it restores', async () => {
    const { id, v1, v2 } = await twoRevisions('Restore stale');
    const first = ((await ok('GET', `/form/rev/${id}`)) as Revision[]).find((r) => r.version === 1)!;
    const res = await call('POST', '/form/restore', { token: admin.token, payload: { _id: first._id, draft_version: 0 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_DRAFT');
    expect(await ok('GET', `/form/${id}`)).toMatchObject({ structures: v2, draft_version: 2 });
    expect(await ok('POST', '/form/restore', { _id: first._id })).toMatchObject({ structures: v1, draft_version: 3 });
  });

  it('an unknown revision is 404; 401; 403 without can_edit_form', async () => {
    expect((await call('POST', '/form/restore', { token: admin.token, payload: { _id: 'no-such-revision' } })).statusCode).toBe(404);
    const { id } = await twoRevisions('Restore guarded');
    const first = ((await ok('GET', `/form/rev/${id}`)) as Revision[])[1]!;
    expect((await call('POST', '/form/restore', { payload: { _id: first._id } })).statusCode).toBe(401);
    const res = await call('POST', '/form/restore', { token: reader.token, payload: { _id: first._id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_edit_form');
    expect((await ok('GET', `/form/${id}`)).draft_version).toBe(2);
  });
});

describe('DELETE /form/deactivate/{id}', () => {
  it('toggles the status, back and forth', async () => {
    const form = await ok('POST', '/form', { name: 'Toggled' }, 201);
    expect(await ok('DELETE', `/form/deactivate/${form._id}`)).toMatchObject({ _id: form._id, status: false });
    expect((await ok('GET', `/form/${form._id}`)).status).toBe(false);
    expect(await ok('DELETE', `/form/deactivate/${form._id}`)).toMatchObject({ status: true });
  });

  it('404 for an unknown form; 401; 403 without can_edit_form', async () => {
    expect((await call('DELETE', '/form/deactivate/no-such-form', { token: admin.token })).statusCode).toBe(404);
    const form = await ok('POST', '/form', { name: 'Toggle guarded' }, 201);
    expect((await call('DELETE', `/form/deactivate/${form._id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/form/deactivate/${form._id}`, { token: reader.token })).statusCode).toBe(403);
    expect((await ok('GET', `/form/${form._id}`)).status).toBe(true);
  });
});

describe('DELETE /form/{id}', () => {
  it('404 for an unknown form; 401; 403 without can_delete_form, and the form stays', async () => {
    expect((await call('DELETE', '/form/no-such-form', { token: admin.token })).statusCode).toBe(404);
    const form = await ok('POST', '/form', { name: 'Kept' }, 201);
    expect((await call('DELETE', `/form/${form._id}`)).statusCode).toBe(401);
    const res = await call('DELETE', `/form/${form._id}`, { token: reader.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('can_delete_form');
    expect((await ok('GET', `/form/${form._id}`)).name).toBe('Kept');
  });

  it('a copy outlives the form it was copied from, which it then no longer names', async () => {
    const parent = await ok('POST', '/form', { name: 'Parent' }, 201);
    const copy = await ok('POST', '/form', { name: 'Copy', parent_id: parent._id }, 201);
    await ok('DELETE', `/form/${parent._id}`);
    expect((await ok('GET', `/form/${copy._id}`)).parent_id).toBeNull();
  });
});

describe('GET /form/program/{programId}', () => {
  it('answers the published forms listing the program, as their latest revision shows them', async () => {
    const { id, v2 } = await twoRevisions('Program form', 'prog-a');
    // A later draft change is not what the program gets.
    await ok('PATCH', `/form/${id}`, { name: 'Unpublished rename', structures: [text('draft_only', 'Draft only')], draft_version: 2 });
    await ok('POST', '/form', { name: 'Draft in program', program_ids: ['prog-a'] }, 201);
    const other = await ok('POST', '/form', { name: 'Other program', program_ids: ['prog-b'] }, 201);
    await ok('POST', '/form/publish', { _id: other._id });

    const forms = await ok('GET', '/form/program/prog-a');
    expect(forms.map((f: { name: string }) => f.name)).toEqual(['Program form v2']);
    expect(forms[0]).toMatchObject({ _id: id, version: 2, has_published: true, structures: v2, field_count: 3 });
    expect(await ok('GET', '/form/program/no-such-program')).toEqual([]);
    expect((await call('GET', '/form/program/prog-a')).statusCode).toBe(401);
  });

  it('leaves out a deactivated form, and offers it again once it is active', async () => {
    const { id } = await twoRevisions('Switched off', 'prog-c');
    const names = async () => (await ok('GET', '/form/program/prog-c')).map((f: { name: string }) => f.name);
    expect(await names()).toEqual(['Switched off v2']);
    await ok('DELETE', `/form/deactivate/${id}`);
    expect(await names()).toEqual([]);
    await ok('DELETE', `/form/deactivate/${id}`);
    expect(await names()).toEqual(['Switched off v2']);
  });
});
