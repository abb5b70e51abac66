/**
 * A program's offline database holds what a device needs to work without the server: the
 * program, its type records, every published revision of their forms (compiled) and the rows of
 * the view lists those forms pick from, in chunks. Published again after a change, only the
 * documents that change touched get a revision, and a device's next pull carries only those.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDevice, openRemote } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeDocumentWorld, publishedForm, type DocumentWorld } from '../support/documents.ts';
import { csvFile, viewLists } from '../support/view-lists.ts';
import { compileForm } from '../../model/forms/compile-form.ts';
import { programContent, programDatabase, publishProgram } from '../../server/sync/program-database.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';

let t: TestServer;
let world: DocumentWorld;
let base: string;
let listId: string;
let townForm: { id: string; revisions: string[] };

beforeAll(async () => {
  t = await startTestServer();
  base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  world = await makeDocumentWorld(t);
  const rows = ['Town,Region', ...Array.from({ length: 2500 }, (_, i) => `Town ${i},Region ${i % 7}`)];
  listId = (
    await viewLists(
      () => t,
      () => world.admin,
    ).create('Towns', csvFile(rows.join('\n') + '\n'))
  )._id;
  townForm = await publishedForm(t, world.admin, 'Town visit', [
    [{ field_label: 'Town', field_name: 'town', field_type: 'dropdown', url: listId }],
  ]);
  const type = await t.api.app.inject({
    method: 'POST',
    url: '/beneficiarytype',
    headers: world.admin.headers,
    payload: { name: 'Town visit', plural_name: 'Town visits', description: 'Visits', form: townForm.id },
  });
  expect(type.statusCode, type.body).toBe(201);
  const attached = await t.api.app.inject({
    method: 'POST',
    url: `/program/${world.program.id}/types/beneficiary_types`,
    headers: world.admin.headers,
    payload: { type_id: type.json()._id },
  });
  expect(attached.statusCode, attached.body).toBeLessThan(300);
});
afterAll(() => t?.close());

describe('a program’s offline database', () => {
  it('holds the program, its types, every published revision compiled, and its view lists in chunks', async () => {
    const docs = (await programContent(t.ctx.db, world.program.id)).documents;
    expect(docs.get('program')).toMatchObject({ id: world.program.id, name: world.program.name });
    expect([...docs.keys()].filter((id) => id.startsWith('type:')).length).toBe(3);
    const revisions = [...world.revisions.household, ...world.revisions.survey, ...townForm.revisions];
    expect([...docs.keys()].filter((id) => id.startsWith('form-revision:')).sort()).toEqual(
      revisions.map((r) => `form-revision:${r}`).sort(),
    );
    const town = docs.get(`form-revision:${townForm.revisions[0]}`) as { structures: never; schema: unknown; uiSchema: unknown };
    expect({ schema: town.schema, uiSchema: town.uiSchema }).toEqual(compileForm(town.structures));
    const chunks = [...docs.entries()]
      .filter(([id]) => id.startsWith(`view-list:${listId}:`))
      .map(([, chunk]) => chunk as { rows: unknown[] });
    expect(chunks.map((c) => c.rows.length).reduce((a, b) => a + b, 0)).toBe(2500);
    expect(chunks.length).toBe(3);
  });

  it('reaches a team member’s device, and after the program is locked only the program document travels', async () => {
    expect(await publishProgram(t.ctx.db, world.program.id)).toMatchObject({ deleted: 0 });
    expect(await publishProgram(t.ctx.db, world.program.id)).toEqual({ written: 0, deleted: 0 });
    const token = world.member.token;
    const remote = () => openRemote(`${base}/sync/db/${programDatabase(world.program.id)}`, { token });
    const phone = newDevice();
    const first = await phone.replicate.from(remote());
    expect(first.docs_written).toBe((await programContent(t.ctx.db, world.program.id)).documents.size);

    const locked = await t.api.app.inject({
      method: 'PATCH',
      url: `/program/change/lock/status/${world.program.id}`,
      headers: world.admin.headers,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    await followChanges(t.ctx.db, { wait: true });
    const second = await phone.replicate.from(remote());
    expect(second).toMatchObject({ docs_read: 1, docs_written: 1 });
    expect(await phone.get('program')).toMatchObject({ lockProgram: 1 });
  });
});
