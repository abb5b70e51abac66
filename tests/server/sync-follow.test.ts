/**
 * A program's offline database follows its configuration: after a change to the program, a type
 * record, a form or a view list, the follower builds again the databases that read it, and a
 * device's next pull carries exactly the documents that change touched. The console's sync calls
 * (GET /sync/{id}, POST /sync/viewlist[/{id}]) do the same on demand and say what the database holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { PouchDB } from '../support/pouchdb-device.ts';
import { newDevice, openRemote } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeDocumentWorld, publishedForm, type DocumentWorld } from '../support/documents.ts';
import { csvFile, nameField, viewLists } from '../support/view-lists.ts';
import { addProgram } from '../support/programs.ts';
import { programContent, programDatabase } from '../../server/sync/program-database.ts';
import { buildProgram } from '../../server/sync/program-builds.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';

let t: TestServer;
let world: DocumentWorld;
let base: string;
let listId: string;
let townTypeId: string;
let townForm: { id: string; revisions: string[] };
const lists = viewLists(
  () => t,
  () => world.admin,
);
const townRows = (changed?: number) =>
  ['Town,Region', ...Array.from({ length: 2500 }, (_, i) => `Town ${i}${i === changed ? ' (renamed)' : ''},Region ${i % 7}`)].join('\n') +
  '\n';

beforeAll(async () => {
  t = await startTestServer();
  base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  world = await makeDocumentWorld(t);
  listId = (await lists.create('Towns', csvFile(townRows())))._id;
  townForm = await publishedForm(t, world.admin, 'Town visit', [
    [{ field_label: 'Town', field_name: 'town', field_type: 'dropdown', url: listId }],
  ]);
  const type = await api('POST', '/beneficiarytype', {
    name: 'Town visit',
    plural_name: 'Town visits',
    description: 'Visits',
    form: townForm.id,
  });
  townTypeId = type._id as string;
  await api('POST', `/program/${world.program.id}/types/beneficiary_types`, { type_id: townTypeId });
});
afterAll(() => t?.close());

async function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object): Promise<Record<string, unknown>> {
  const res = await t.api.app.inject({ method, url, headers: world.admin.headers, payload });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const remote = () => openRemote(`${base}/sync/db/${programDatabase(world.program.id)}`, { token: world.member.token });

/** What a pull after the follower's turn brought: the ids of the documents new or changed on the device. */
async function pullAfterFollowing(phone: PouchDB): Promise<string[]> {
  await followChanges(t.ctx.db, { wait: true });
  const revs = async () => new Map((await phone.allDocs()).rows.map((row) => [row.id, row.value.rev]));
  const before = await revs();
  await phone.replicate.from(remote());
  return [...(await revs())]
    .filter(([id, rev]) => before.get(id) !== rev)
    .map(([id]) => id)
    .sort();
}

describe('the follower', () => {
  const phone = newDevice();

  it('builds a database when it is first asked for', async () => {
    const first = await phone.replicate.from(remote());
    expect(first.docs_written).toBe((await programContent(t.ctx.db, world.program.id)).documents.size);
    expect(await pullAfterFollowing(phone)).toEqual([]);
  });

  it('sends only the type record that was renamed', async () => {
    await api('PATCH', `/beneficiarytype/${townTypeId}`, { name: 'Town visit (renamed)' });
    expect(await pullAfterFollowing(phone)).toEqual([`type:beneficiary_types:${townTypeId}`]);
    expect(await phone.get(`type:beneficiary_types:${townTypeId}`)).toMatchObject({ name: 'Town visit (renamed)' });
  });

  it('sends the new revision of a form when it is published, and nothing for a draft saved', async () => {
    const form = await api('GET', `/form/${townForm.id}`);
    await api('PATCH', `/form/${townForm.id}`, {
      name: 'Town visit',
      structures: [{ field_label: 'Town name', field_name: 'town', field_type: 'dropdown', url: listId }],
      draft_version: form.draft_version,
    });
    expect(await pullAfterFollowing(phone)).toEqual([]);
    await api('POST', '/form/publish', { _id: townForm.id });
    const revisions = (await api('GET', `/form/rev/${townForm.id}`)) as unknown as Array<{ _id: string; version: number }>;
    const newest = revisions.sort((a, b) => b.version - a.version)[0]!;
    expect(await pullAfterFollowing(phone)).toEqual([`form-revision:${newest._id}`]);
  });

  it('sends the one chunk of a view list whose row changed', async () => {
    const res = await lists.send('PATCH', `/listview/${listId}`, [nameField('Towns'), csvFile(townRows(1500))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await pullAfterFollowing(phone)).toEqual([`view-list:${listId}:1`]);
  });

  it('sends only the program when it is locked, and nothing for a goal added', async () => {
    await api('PATCH', `/program/change/lock/status/${world.program.id}`);
    expect(await pullAfterFollowing(phone)).toEqual(['program']);
    expect(await phone.get('program')).toMatchObject({ lockProgram: 1 });
    await api('PATCH', `/program/change/lock/status/${world.program.id}`);
    await pullAfterFollowing(phone);
    await api('POST', '/goal', { program_id: world.program.id, document_type: 'BENEFICIARY', goal_type: townTypeId, target: 10 });
    expect(await pullAfterFollowing(phone)).toEqual([]);
  });

  it('builds no database for a change to a record no database read', async () => {
    await api('POST', '/beneficiarytype', { name: 'Unused type', plural_name: 'Unused types', description: 'Unused' });
    const before = await builtAt();
    expect(await followChanges(t.ctx.db, { wait: true })).toBe(0);
    expect(await builtAt()).toEqual(before);
  });

  it('ends two builds at once with the newest state and no conflict', async () => {
    await api('PATCH', `/beneficiarytype/${townTypeId}`, { name: 'Town visit (again)' });
    await Promise.all([
      buildProgram(t.ctx.db, world.program.id),
      followChanges(t.ctx.db, { wait: true }),
      api('GET', `/sync/${world.program.id}`),
    ]);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from sync_docs d, jsonb_array_length(d.rev_tree) as roots
      where d.db = ${programDatabase(world.program.id)} and (roots > 1)`.execute(t.ctx.db);
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await pullAfterFollowing(phone)).toEqual([`type:beneficiary_types:${townTypeId}`]);
    expect(await phone.get(`type:beneficiary_types:${townTypeId}`)).toMatchObject({ name: 'Town visit (again)' });
  });
});

async function builtAt(): Promise<string> {
  const { rows } = await sql<{ built_at: Date }>`select built_at from sync_builds where db = ${programDatabase(world.program.id)}`.execute(
    t.ctx.db,
  );
  return rows[0]!.built_at.toISOString();
}

describe('the console’s sync calls', () => {
  it('GET /sync/{id} builds the database and says what it holds; /sync/status/{id} only says', async () => {
    const built = await api('GET', `/sync/${world.program.id}`);
    const size = (await programContent(t.ctx.db, world.program.id)).documents.size;
    expect(built).toMatchObject({ db: programDatabase(world.program.id), doc_count: size, written: 0, deleted: 0 });
    // The JSON a fresh device pulls: 2,500 rows of the towns list alone are over 50 KB.
    expect(built.size).toBeGreaterThan(50_000);
    expect(Date.parse(built.built_at as string)).not.toBeNaN();
    expect(await api('GET', `/sync/status/${world.program.id}`)).toEqual(built);
    const missing = await t.api.app.inject({ method: 'GET', url: '/sync/no-such-program', headers: world.admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Program not found' });
  });

  it('POST /sync/viewlist/{id} builds the databases using that list; POST /sync/viewlist every list', async () => {
    expect(await api('POST', `/sync/viewlist/${listId}`)).toEqual({ databases: [programDatabase(world.program.id)] });
    expect((await api('POST', '/sync/viewlist')).databases).toContain(programDatabase(world.program.id));
    const missing = await t.api.app.inject({ method: 'POST', url: '/sync/viewlist/no-such-list', headers: world.admin.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /sync/compact/{id} drops the bodies of replaced revisions; a fresh device still gets everything', async () => {
    const compacted = await api('GET', `/sync/compact/${world.program.id}`);
    expect(compacted).toMatchObject({ db: programDatabase(world.program.id) });
    // The type record was renamed twice, the lock toggled twice, a chunk replaced: old bodies went.
    expect(compacted.revisions_removed).toBeGreaterThanOrEqual(4);
    expect(compacted.bytes_freed).toBeGreaterThan(0);
    expect(await api('GET', `/sync/compact/${world.program.id}`)).toMatchObject({ revisions_removed: 0, bytes_freed: 0 });
    const fresh = newDevice();
    const pulled = await fresh.replicate.from(remote());
    expect(pulled).toMatchObject({ ok: true, docs_written: (await programContent(t.ctx.db, world.program.id)).documents.size });
  });

  it('drops the database of a deleted program', async () => {
    const other = await addProgram(t, world.admin.token, { name: 'Short-lived program' });
    const name = programDatabase(other._id);
    const held = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from sync_docs where db = ${name}`.execute(t.ctx.db)).rows[0]!.n);
    // A new program's database is built by the follower ("afterwards the single program is synced").
    await followChanges(t.ctx.db, { wait: true });
    expect(await held()).toBe(1);
    await api('DELETE', `/program/${other._id}`);
    await followChanges(t.ctx.db, { wait: true });
    expect(await held()).toBe(0);
    const gone = await t.api.app.inject({ method: 'GET', url: `/sync/db/${name}`, headers: world.admin.headers });
    expect(gone.statusCode).toBe(404);
  });
});
