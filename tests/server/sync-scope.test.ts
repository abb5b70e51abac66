/**
 * The scope of a user's documents database is exactly the reading rule: after any sequence of
 * team changes, visibility switches (ALL / OWN) and submissions, what a fresh device of each user
 * pulls from `user-{id}` is the set of documents `GET /document/{id}` lets that user read — no
 * more, no fewer. A property test (fast-check) over random sequences, with a real PouchDB.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { newDevice, openRemote } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { fieldWorker, makeDocumentWorld, personWith, type DocumentWorld, type SignedIn } from '../support/documents.ts';
import { multipart } from '../support/multipart.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';
import { userDatabase } from '../../server/sync/database-names.ts';

let t: TestServer;
let base: string;
let worlds: DocumentWorld[];
let people: SignedIn[];

beforeAll(async () => {
  t = await startTestServer();
  base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  worlds = [await makeDocumentWorld(t), await makeDocumentWorld(t)];
  const floating = await fieldWorker(t, 'Scope Floater');
  const seesAll = await personWith(
    t,
    worlds[0]!,
    'Sees all',
    { can_access_mobile: true, can_add_document: true, can_see_all_docs: true },
    { team: false, client: 'mobile' },
  );
  people = [worlds[0]!.member, worlds[1]!.member, floating, seesAll];
  for (const [i, world] of worlds.entries()) await world.submit({ count: 2, localIdPrefix: `scope-start-${i}` });
});
afterAll(() => t?.close());

const admin = () => worlds[0]!.admin;

async function call(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return t.api.app.inject({ method, url, headers: admin().headers, payload });
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('visibility' as const), program: fc.nat({ max: 1 }), all: fc.boolean() }),
  fc.record({ kind: fc.constant('join' as const), program: fc.nat({ max: 1 }), person: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('leave' as const), program: fc.nat({ max: 1 }), person: fc.nat({ max: 2 }) }),
  fc.record({ kind: fc.constant('submit' as const), program: fc.nat({ max: 1 }), person: fc.nat({ max: 3 }) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

let submitted = 0;
async function apply(s: Step): Promise<void> {
  const world = worlds[s.program]!;
  const programId = world.program.id;
  if (s.kind === 'visibility') {
    const form = multipart([{ name: 'documentVisible', value: s.all ? 'ALL' : 'OWN' }]);
    const res = await t.api.app.inject({
      method: 'PATCH',
      url: `/program/${programId}`,
      payload: form.payload,
      headers: { ...admin().headers, ...form.headers },
    });
    expect(res.statusCode, res.body).toBe(200);
  } else if (s.kind === 'join') {
    const res = await call('POST', `/program/${programId}/team`, { user: people[s.person]!.id });
    expect([200, 409], res.body).toContain(res.statusCode);
  } else if (s.kind === 'leave') {
    const res = await call('DELETE', `/program/${programId}/team/${people[s.person]!.id}`);
    expect([200, 404, 409], res.body).toContain(res.statusCode);
  } else {
    const res = await t.api.app.inject({
      method: 'POST',
      url: '/document',
      headers: people[s.person]!.headers,
      payload: {
        local_id: `scope-${++submitted}`,
        program_id: programId,
        module: 'beneficiaries',
        type_id: world.types.beneficiary,
        form_revision_id: world.revisions.household[1],
        form_data: { name: `Scoped ${submitted}` },
      },
    });
    // Someone off the team is refused: that is the rule too, not a failure of the test.
    expect([201, 403], res.body).toContain(res.statusCode);
  }
}

async function pulledBy(person: SignedIn): Promise<string[]> {
  const phone = newDevice();
  await phone.replicate.from(openRemote(`${base}/sync/db/${userDatabase(person.id)}`, { token: person.token }));
  const ids = (await phone.allDocs()).rows.map((r) => r.id).filter((id) => !id.startsWith('fieldbase-'));
  await phone.destroy();
  return ids.sort();
}

async function readableBy(person: SignedIn): Promise<string[]> {
  const programIds = worlds.map((w) => w.program.id);
  const { rows } = await sql<{ id: string; local_id: string }>`
    select id, local_id from documents where program_id = any(${programIds}::text[])`.execute(t.ctx.db);
  const readable: string[] = [];
  for (const row of rows) {
    const res = await t.api.app.inject({ method: 'GET', url: `/document/${row.id}`, headers: person.headers });
    expect([200, 404], res.body).toContain(res.statusCode);
    if (res.statusCode === 200) readable.push(row.local_id);
  }
  return readable.sort();
}

it('pulls for each user exactly the documents GET /document/{id} lets them read, after any changes', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
      for (const s of steps) await apply(s);
      await followChanges(t.ctx.db, { wait: true });
      for (const person of people) expect(await pulledBy(person)).toEqual(await readableBy(person));
    }),
    { numRuns: 8, seed: 20261127 },
  );
});
