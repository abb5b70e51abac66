/**
 * Bad input to the replication routes answers 4xx naming what is wrong, never 500, and stores
 * nothing: malformed revisions and ids, batches over the limits, a feed asked for with nonsense,
 * NUL bytes. (JSON nested too deep is refused on every route by deep-json.test.ts.) A malformed
 * document inside a valid batch is refused on its own, as CouchDB does, and the rest are stored.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersFor, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { userDatabase } from '../../server/sync/database-names.ts';

let t: TestServer;
let world: DocumentWorld;
let mine: string;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  mine = `/sync/db/${userDatabase(world.member.id)}`;
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.api.app.inject({ method, url, headers: { ...world.member.headers, 'content-type': 'application/json' }, payload: payload as string });

const doc = (id: string, rev: string) => ({
  _id: id,
  _rev: rev,
  program_id: world.program.id,
  module: 'beneficiaries',
  type_id: world.types.beneficiary,
  form_revision_id: world.revisions.household[1],
  form_data: answersFor('beneficiaries', 2, 1),
});

it('answers whole requests that are malformed with 400, naming what is wrong', async () => {
  const cases: Array<[string, 'GET' | 'POST' | 'PUT', string, unknown]> = [
    ['docs not a list', 'POST', `${mine}/_bulk_docs`, { new_edits: false, docs: 'all of them' }],
    ['new edits asked for', 'POST', `${mine}/_bulk_docs`, { new_edits: true, docs: [doc('x-1', '1-a')] }],
    [
      '501 documents',
      'POST',
      `${mine}/_bulk_docs`,
      { new_edits: false, docs: Array.from({ length: 501 }, (_, i) => doc(`x-${i}`, '1-a')) },
    ],
    ['an _id of 201 characters', 'POST', `${mine}/_bulk_docs`, { new_edits: false, docs: [doc('x'.repeat(201), '1-a')] }],
    ['1,001 revisions asked about', 'POST', `${mine}/_revs_diff`, { d: Array.from({ length: 1001 }, (_, i) => `1-${i}`) }],
    ['1,001 documents asked for', 'POST', `${mine}/_bulk_get`, { docs: Array.from({ length: 1001 }, (_, i) => ({ id: `d-${i}` })) }],
    ['since that is no number', 'GET', `${mine}/_changes?since=yesterday`, undefined],
    ['a limit of 0', 'GET', `${mine}/_changes?limit=0`, undefined],
    ['an unknown feed', 'GET', `${mine}/_changes?feed=continuous`, undefined],
    ['a NUL byte in a checkpoint id', 'GET', `${mine}/_local/a%00b`, undefined],
    [
      'a NUL byte in an answer',
      'POST',
      `${mine}/_bulk_docs`,
      { new_edits: false, docs: [{ ...doc('x-nul', '1-a'), form_data: { name: 'A\u0000B' } }] },
    ],
  ];
  for (const [what, method, url, body] of cases) {
    const res = await send(method, url, body === undefined ? undefined : JSON.stringify(body));
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    expect(res.json().message, what).toEqual(expect.any(String));
  }
  const keep = await t.api.app.inject({
    method: 'POST',
    url: '/sync/conflicts/x-1',
    headers: world.admin.headers,
    payload: { rev: 'latest' },
  });
  expect(keep.statusCode, `a rev that is not one: ${keep.body}`).toBe(400);
  const { rows } = await sql<{ n: string }>`select count(*) as n from documents where local_id like 'x-%'`.execute(t.ctx.db);
  expect(Number(rows[0]!.n)).toBe(0);
});

it('refuses a malformed revision inside a batch on its own and stores the rest', async () => {
  const res = await send(
    'POST',
    `${mine}/_bulk_docs`,
    JSON.stringify({ new_edits: false, docs: [doc('batch-bad', 'one-a'), doc('batch-good', '1-abc')] }),
  );
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toEqual([expect.objectContaining({ id: 'batch-bad', error: 'bad_request' })]);
  const { rows } = await sql<{ local_id: string }>`select local_id from documents where local_id like 'batch-%'`.execute(t.ctx.db);
  expect(rows).toEqual([{ local_id: 'batch-good' }]);
});
