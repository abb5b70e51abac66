/**
 * One `_bulk_docs` batch of new documents is written together: the valid ones stored, each once
 * and counted once, beside the refused ones (with their statuses) and one whose answers name an
 * uploaded file (claimed on its own). The same batch sent twice at the same moment — a device
 * retrying while its first push is still in flight — stores nothing twice and loses nothing.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { multipart } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';
import { answersFor, attachFormType, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { userDatabase } from '../../server/sync/database-names.ts';

let t: TestServer;
let world: DocumentWorld;
let photoKind: { typeId: string; revisionId: string };
let mine: string;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  photoKind = await attachFormType(t, world, [{ field_label: 'Photo', field_name: 'photo', field_type: 'image' }]);
  mine = `/sync/db/${userDatabase(world.member.id)}`;
});
afterAll(() => t?.close());

const pushBatch = (docs: object[]) =>
  t.api.app.inject({
    method: 'POST',
    url: `${mine}/_bulk_docs`,
    headers: { ...world.member.headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ new_edits: false, docs }),
  });

const household = (id: string, i: number, answers: object = answersFor('beneficiaries', 2, i)) => ({
  _id: id,
  _rev: `1-${i.toString(16).padStart(4, '0')}`,
  program_id: world.program.id,
  module: 'beneficiaries',
  type_id: world.types.beneficiary,
  form_revision_id: world.revisions.household[1],
  form_data: answers,
});

async function uploadedPhoto(): Promise<string> {
  const form = multipart([{ name: 'file', filename: 'photo.png', contentType: 'image/png', content: tinyPng() }]);
  const res = await t.api.app.inject({
    method: 'POST',
    url: '/document/attachment',
    payload: form.payload,
    headers: { ...world.member.headers, ...form.headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().name;
}

async function figures(prefix: string) {
  const { rows } = await sql<{ stored: string; submits: string; revisions: string; counted: string; actual: string }>`
    select (select count(*) from documents where local_id like ${`${prefix}%`}) as stored,
      (select count(*) from changes c join documents d on d.id = c.record_id
        where c.resource = 'document' and c.action = 'submit' and d.local_id like ${`${prefix}%`}) as submits,
      (select count(*) from sync_revs where db = 'documents' and id like ${`${prefix}%`}) as revisions,
      (select coalesce(sum(n), 0) from document_counts where program_id = ${world.program.id}) as counted,
      (select count(*) from documents where program_id = ${world.program.id}) as actual`.execute(t.ctx.db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}

const statusOf = async (localId: string) => {
  const { rows } = await sql<{ body: Record<string, unknown> }>`
    select r.body from sync_docs d join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
    where d.db = ${userDatabase(world.member.id)} and d.id = ${`fieldbase-status:${localId}`}`.execute(t.ctx.db);
  return rows[0]?.body;
};

it('stores the valid documents of a batch together, refuses the invalid ones on their own, and claims a named file', async () => {
  const photo = await uploadedPhoto();
  const docs = [
    ...Array.from({ length: 40 }, (_, i) => household(`batch-${i}`, i)),
    household('batch-bad-age', 41, { name: 'Ama', age: 'old' }),
    { ...household('batch-bad-type', 42), type_id: 'no-such-type' },
    {
      ...household('batch-photo', 43),
      type_id: photoKind.typeId,
      form_revision_id: photoKind.revisionId,
      form_data: { photo },
    },
  ];
  const res = await pushBatch(docs);
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json().map((r: { id: string }) => r.id)).toEqual(['batch-bad-age', 'batch-bad-type']);
  expect(res.json()[0]).toMatchObject({ error: 'forbidden', reason: expect.any(String) });
  expect(await figures('batch-')).toMatchObject({ stored: 41, submits: 41, revisions: 41 });
  const { rows } = await sql<{ document_id: string | null }>`select document_id from document_attachments where name = ${photo}`.execute(
    t.ctx.db,
  );
  expect(rows[0]!.document_id).not.toBeNull();
  expect(await statusOf('batch-bad-age')).toMatchObject({ status: 'refused', fields: { age: expect.any(String) } });
  expect(await statusOf('batch-bad-type')).toMatchObject({ status: 'refused', fields: { type_id: expect.any(String) } });
  expect(await statusOf('batch-0')).toBeUndefined();
  const after = await figures('batch-');
  expect(after.counted).toBe(after.actual);

  // Fixed on the device (its next revision), the refused one goes in, and its status says so.
  const fixed = { ...household('batch-bad-age', 41), _rev: '2-fixed', _revisions: { start: 2, ids: ['fixed', '0029'] } };
  const again = await pushBatch([fixed]);
  expect(again.json()).toEqual([]);
  expect(await statusOf('batch-bad-age')).toMatchObject({ status: 'accepted' });
  expect(await figures('batch-')).toMatchObject({ stored: 42, submits: 42 });
});

it('stores a batch sent twice at the same moment once, and answers both pushes alike', async () => {
  const docs = [...Array.from({ length: 60 }, (_, i) => household(`twice-${i}`, i)), household('twice-bad', 61, { age: 'old' })];
  const answers = await Promise.all([pushBatch(docs), pushBatch([...docs].reverse()), pushBatch(docs)]);
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().map((r: { id: string }) => r.id)).toEqual(['twice-bad']);
  }
  const after = await figures('twice-');
  expect(after).toMatchObject({ stored: 60, submits: 60, revisions: 60 });
  expect(after.counted).toBe(after.actual);
});

it('gives a document refused in one leaf and accepted in another of the same batch the status accepted', async () => {
  const res = await pushBatch([{ ...household('two-leaves', 1), _rev: '1-aaaa', _deleted: true }, household('two-leaves', 2)]);
  expect(res.json()).toEqual([expect.objectContaining({ id: 'two-leaves', error: 'forbidden' })]);
  expect(await figures('two-leaves')).toMatchObject({ stored: 1, submits: 1 });
  expect(await statusOf('two-leaves')).toMatchObject({ status: 'accepted' });
});
