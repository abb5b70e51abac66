/**
 * The change log of documents, read as an auditor reads it (GET /audit as the admin): a
 * submission from the mobile app, a change of its answers, marking it processed (one and many),
 * and its deletion each leave one row under the document's program, with the action, the actor
 * and the client, and the exact before and after of what changed — the answers as sent, files by
 * name and size. A replayed submission, a parked upload, a second mark and a refused write leave none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { multipart } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';
import { attachFormType, makeDocumentWorld, type DocumentWorld, type SignedIn } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;
let photoType: { typeId: string; revisionId: string };
let memberEmail: string;
let serial = 0;
const api = caller(() => t.api.app);

interface Change {
  resource: string;
  record_id: string;
  revision: number;
  action: string;
  actor_id: string;
  actor_email: string;
  client: string;
  program_id: string;
  fields: Record<string, [unknown, unknown]>;
}

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  photoType = await attachFormType(t, world, [
    { field_label: 'Name', field_name: 'name', field_type: 'text' },
    { field_label: 'Age', field_name: 'age', field_type: 'number' },
    { field_label: 'Photo', field_name: 'photo', field_type: 'image' },
  ]);
  memberEmail = (await sql<{ email: string }>`select email from users where id = ${world.member.id}`.execute(t.ctx.db)).rows[0]!.email;
});
afterAll(() => t?.close());

const audit = async (query: string): Promise<Change[]> => {
  const res = await api('GET', `/audit?${query}&limit=200`, { token: world.admin.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Change[] }).data;
};
const changesOf = (id: string) => audit(`record=${encodeURIComponent(id)}`);

const inject = (who: { headers: object }, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.api.app.inject({
    method,
    url,
    headers: who.headers as Record<string, string>,
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

async function upload(who: SignedIn): Promise<{ name: string; size: number }> {
  const form = multipart([{ name: 'file', filename: 'photo.png', contentType: 'image/png', content: tinyPng() }]);
  const res = await t.api.app.inject({
    method: 'POST',
    url: '/document/attachment',
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { name, size } = res.json();
  return { name, size };
}

function photoSubmission(form_data: Record<string, unknown>) {
  return {
    local_id: `changes-documents-${++serial}`,
    program_id: world.program.id,
    module: 'beneficiaries',
    type_id: photoType.typeId,
    form_revision_id: photoType.revisionId,
    form_data,
  };
}

async function submitted(body: ReturnType<typeof photoSubmission>): Promise<Document> {
  const res = await inject(world.member, 'POST', '/document', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const processedAt = async (id: string) =>
  (
    await sql<{ processed_at: Date }>`select processed_at from documents where id = ${id}`.execute(t.ctx.db)
  ).rows[0]!.processed_at.toISOString();

describe('the change log of documents', () => {
  it('records a mobile submission once, with its answers as sent and its files by name and size; a parked upload and a replay record nothing', async () => {
    const before = (await audit(`actor=${world.member.id}`)).length;
    const photo = await upload(world.member);
    expect(await audit(`actor=${world.member.id}`)).toHaveLength(before);

    const body = photoSubmission({ name: 'Achieng', age: 31, photo: photo.name });
    const doc = await submitted(body);
    const [submit, ...more] = await changesOf(doc._id);
    expect(more).toEqual([]);
    expect(submit).toMatchObject({
      resource: 'document',
      record_id: doc._id,
      revision: 1,
      action: 'submit',
      actor_id: world.member.id,
      actor_email: memberEmail,
      client: 'mobile',
      program_id: world.program.id,
    });
    expect(submit!.fields).toEqual({
      id: [null, doc._id],
      local_id: [null, body.local_id],
      program_id: [null, world.program.id],
      module: [null, 'beneficiaries'],
      type_id: [null, photoType.typeId],
      form_revision_id: [null, photoType.revisionId],
      form_data: [null, { name: 'Achieng', age: 31, photo: photo.name }],
      attachments: [null, [{ name: photo.name, size: photo.size }]],
      created_by: [null, world.member.id],
    });

    // The app's retry, then five at once: each answered from the first, none recorded.
    expect((await inject(world.member, 'POST', '/document', body)).statusCode).toBe(200);
    const racing = photoSubmission({ name: 'Raced' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => inject(world.member, 'POST', '/document', racing)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await changesOf(doc._id)).toHaveLength(1);
    expect((await changesOf(answers.find((a) => a.statusCode === 201)!.json()._id)).map((c) => c.action)).toEqual(['submit']);
  });

  it('records a change as the answers it altered and the files it swapped; a refused change records nothing', async () => {
    const first = await upload(world.member);
    const doc = await submitted(photoSubmission({ name: 'Before', age: 40, photo: first.name }));
    const second = await upload(world.member);

    const invalid = await inject(world.member, 'PATCH', `/document/${doc._id}`, { form_data: { name: 'Bad', shoe_size: 42 } });
    expect(invalid.statusCode).toBe(400);
    expect(await changesOf(doc._id)).toHaveLength(1);

    const changed = await inject(world.member, 'PATCH', `/document/${doc._id}`, {
      form_data: { name: 'After', age: 40, photo: second.name },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update] = await changesOf(doc._id);
    expect(update).toMatchObject({
      action: 'update',
      revision: 2,
      actor_email: memberEmail,
      client: 'mobile',
      program_id: world.program.id,
    });
    expect(update!.fields).toEqual({
      form_data: [
        { name: 'Before', photo: first.name },
        { name: 'After', photo: second.name },
      ],
      attachments: [[first], [second]],
    });

    // The admin drops an answer from the console: only that answer shows, gone after.
    const dropped = await inject(world.admin, 'PATCH', `/document/${doc._id}`, { form_data: { name: 'After', photo: second.name } });
    expect(dropped.statusCode, dropped.body).toBe(200);
    const [drop] = await changesOf(doc._id);
    expect(drop).toMatchObject({ action: 'update', revision: 3, actor_email: ADMIN_EMAIL, client: 'console' });
    expect(drop!.fields).toEqual({ form_data: [{ age: 40 }, {}] });
  });

  it('records marking processed once, by the reviewer; marking again records nothing', async () => {
    const [doc] = await world.submit();
    expect((await inject(world.admin, 'POST', `/document/${doc!._id}/processed`)).statusCode).toBe(200);
    expect((await inject(world.admin, 'POST', `/document/${doc!._id}/processed`)).statusCode).toBe(200);
    const [processed, submit] = await changesOf(doc!._id);
    expect(submit!.action).toBe('submit');
    expect(processed).toMatchObject({
      action: 'process',
      revision: 2,
      actor_id: world.admin.user._id,
      actor_email: ADMIN_EMAIL,
      client: 'console',
      program_id: world.program.id,
    });
    expect(processed!.fields).toEqual({
      processed_at: [null, await processedAt(doc!._id)],
      processed_by: [null, world.admin.user._id],
    });
    expect(await changesOf(doc!._id)).toHaveLength(2);
  });

  it('records one row per document a bulk mark marks, none for those it refuses', async () => {
    const [a, b, done] = await world.submit({ count: 3 });
    await inject(world.admin, 'POST', `/document/${done!._id}/processed`);
    const res = await inject(world.admin, 'POST', '/document/processed', { ids: [a!._id, 'no-such-document', done!._id, b!._id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().processed).toEqual([a!._id, b!._id]);

    for (const doc of [a!, b!]) {
      const [processed] = await changesOf(doc._id);
      expect(processed).toMatchObject({ action: 'process', actor_email: ADMIN_EMAIL, program_id: world.program.id });
      expect(processed!.fields).toEqual({ processed_at: [null, await processedAt(doc._id)], processed_by: [null, world.admin.user._id] });
    }
    expect((await changesOf(done!._id)).map((c) => c.action)).toEqual(['process', 'submit']);
    expect(await changesOf('no-such-document')).toEqual([]);
  });

  it('records a deletion from the app with the document as it was, and the program’s history holds every change', async () => {
    const photo = await upload(world.member);
    const body = photoSubmission({ name: 'Gone', photo: photo.name });
    const doc = await submitted(body);
    expect((await inject(world.member, 'DELETE', `/document/${doc._id}`)).statusCode).toBe(204);

    const [deleted, submit] = await changesOf(doc._id);
    expect(submit!.action).toBe('submit');
    expect(deleted).toMatchObject({
      action: 'delete',
      revision: 2,
      actor_email: memberEmail,
      client: 'mobile',
      program_id: world.program.id,
    });
    expect(deleted!.fields).toEqual({
      id: [doc._id, null],
      local_id: [body.local_id, null],
      program_id: [world.program.id, null],
      module: ['beneficiaries', null],
      type_id: [photoType.typeId, null],
      form_revision_id: [photoType.revisionId, null],
      form_data: [{ name: 'Gone', photo: photo.name }, null],
      attachments: [[photo], null],
      created_by: [world.member.id, null],
    });

    const history = await audit(`program=${world.program.id}&resource=document`);
    expect(history.map((c) => c.record_id)).toContain(doc._id);
    expect(new Set(history.map((c) => c.program_id))).toEqual(new Set([world.program.id]));
    expect(new Set(history.map((c) => c.action))).toEqual(new Set(['submit', 'update', 'process', 'delete']));
  });
});
