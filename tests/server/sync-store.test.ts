/**
 * The offline databases' store agrees with PouchDB itself: random edit histories (edits,
 * deletions, and conflicting branches as two devices make them) are built in a real PouchDB,
 * replicated into the store revision by revision in a shuffled order, some twice, and then
 * every document has PouchDB's winner, PouchDB's leaves and PouchDB's bodies with the same
 * `_revisions`. The feed, `_revs_diff` and `_local` checkpoints behave as CouchDB's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PouchDB } from '../support/pouchdb-device.ts';
import { newDevice } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  changesSince,
  PENDING_COUNTED_UP_TO,
  databaseInfo,
  missingRevisions,
  readLocal,
  revisionsWithHistory,
  writeLocal,
  writeRevisions,
} from '../../server/sync/sync-store.ts';
import type { ReplicatedDoc } from '../../server/sync/rev-tree.ts';
import * as readShapes from '../../server/db/migrations/025-sync-read-shapes.ts';
import { sql } from 'kysely';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

type Step = { kind: 'edit'; doc: number; value: number } | { kind: 'delete'; doc: number } | { kind: 'fork'; doc: number; value: number };
const step = fc.oneof(
  fc.record({ kind: fc.constant('edit' as const), doc: fc.nat({ max: 4 }), value: fc.integer() }),
  fc.record({ kind: fc.constant('delete' as const), doc: fc.nat({ max: 4 }) }),
  fc.record({ kind: fc.constant('fork' as const), doc: fc.nat({ max: 4 }), value: fc.integer() }),
);

let databases = 0;

/** Plays the steps on a PouchDB device; a fork writes a sibling of the winner, as a second device would. */
async function device(steps: Step[]) {
  const local = newDevice();
  for (const [n, s] of steps.entries()) {
    const id = `doc-${s.doc}`;
    const current = await local.get<Record<string, unknown>>(id).catch(() => undefined);
    if (s.kind === 'edit') await local.put({ ...(current ?? {}), _id: id, value: s.value });
    if (s.kind === 'delete' && current) await local.remove(current._id, current._rev);
    if (s.kind === 'fork' && current) {
      // A sibling of the winner: same parent (or a second root), another hash, another body.
      const [open] = await local.get(id, { open_revs: [current._rev], revs: true });
      const history = open && 'ok' in open ? open.ok._revisions! : { start: 1, ids: [] };
      const revisions = { start: history.start, ids: [`fork${n}`, ...history.ids.slice(1)] };
      await local.bulkDocs([{ _id: id, _rev: `${history.start}-fork${n}`, _revisions: revisions, value: s.value }], { new_edits: false });
    }
  }
  return local;
}

/** Every leaf of every document as the replicator sends it: the body with its `_revisions`. */
async function leavesOf(local: PouchDB) {
  const all = await local.allDocs();
  const ids = new Set(all.rows.map((r) => r.id));
  const changes = await local.changes({ style: 'all_docs' });
  for (const c of changes.results) ids.add(c.id);
  const leaves: ReplicatedDoc[] = [];
  for (const id of ids) {
    for (const open of await local.get(id, { open_revs: 'all', revs: true })) {
      if ('ok' in open) leaves.push(open.ok as unknown as ReplicatedDoc);
    }
  }
  return leaves;
}

describe('revisions replicated into the store', () => {
  it('give every document PouchDB’s winner, leaves, bodies and histories, whatever the order and however often sent', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), fc.infiniteStream(fc.nat()), async (steps, shuffles) => {
        const local = await device(steps);
        const leaves = await leavesOf(local);
        const name = `test-${++databases}`;
        // Shuffled, in batches, and a few sent twice (a replicator retrying after a lost answer).
        const sent = [...leaves, ...leaves.filter((_, i) => i % 3 === 0)];
        const order = sent.map((doc, i) => ({ doc, key: shuffles.next().value ?? i })).sort((a, b) => a.key - b.key);
        for (let i = 0; i < order.length; i += 4) {
          expect(
            await writeRevisions(
              t.ctx.db,
              name,
              order.slice(i, i + 4).map((o) => o.doc),
            ),
          ).toEqual([]);
        }
        const feed = await changesSince(t.ctx.db, name, 0, 1000);
        const ids = [...new Set(leaves.map((l) => l._id))];
        expect(feed.results.map((c) => c.id).sort()).toEqual(ids.sort());
        for (const change of feed.results) {
          const winner = (await local.get(change.id, { open_revs: 'all' }).then(() => local.get(change.id).catch(() => undefined)))?._rev;
          const pouchLeaves = (await local.get(change.id, { open_revs: 'all', revs: true })).flatMap((o) => ('ok' in o ? [o.ok] : []));
          expect(change.changes.map((c) => c.rev).sort()).toEqual(pouchLeaves.map((l) => l._rev).sort());
          if (winner) {
            expect(change.changes[0]!.rev).toBe(winner);
            expect(change.deleted).toBeUndefined();
          } else expect(change.deleted).toBe(true);
          const ours = await revisionsWithHistory(
            t.ctx.db,
            name,
            pouchLeaves.map((l) => ({ id: change.id, rev: l._rev })),
          );
          expect(ours.map((r) => r.docs[0])).toEqual(pouchLeaves.map((l) => ({ ok: l })));
        }
        // The database's kept figures count as PouchDB does.
        expect((await databaseInfo(t.ctx.db, name)).doc_count).toBe((await local.info()).doc_count);
        await local.destroy();
      }),
      { numRuns: 40, seed: 20261127 },
    );
  });
});

describe('the changes feed', () => {
  it('lists each document once at its last write, oldest first, in pages, with what is pending', async () => {
    const name = 'feed';
    const rev = (id: string, n: number) => ({
      _id: id,
      _rev: `${n}-a${n}`,
      _revisions: { start: n, ids: Array.from({ length: n }, (_, i) => `a${n - i}`) },
    });
    await writeRevisions(t.ctx.db, name, [rev('x', 1), rev('y', 1), rev('z', 1)]);
    await writeRevisions(t.ctx.db, name, [rev('x', 2)]);
    const first = await changesSince(t.ctx.db, name, 0, 2);
    expect(first.results.map((c) => c.id)).toEqual(['y', 'z']);
    expect(first.pending).toBe(1);
    const rest = await changesSince(t.ctx.db, name, first.last_seq, 2);
    expect(rest.results.map((c) => [c.id, c.changes])).toEqual([['x', [{ rev: '2-a2' }]]]);
    expect(rest.pending).toBe(0);
    expect(await changesSince(t.ctx.db, name, rest.last_seq, 2)).toEqual({ results: [], last_seq: rest.last_seq, pending: 0 });
    expect(await databaseInfo(t.ctx.db, name)).toEqual({ doc_count: 3, doc_del_count: 0, update_seq: rest.last_seq });
    // Past PENDING_COUNTED_UP_TO, what is pending is counted up to it; near the end, exactly.
    const many = 'feed-long';
    await writeRevisions(
      t.ctx.db,
      many,
      Array.from({ length: PENDING_COUNTED_UP_TO + 5 }, (_, i) => rev(`doc-${i}`, 1)),
    );
    expect((await changesSince(t.ctx.db, many, 0, 2)).pending).toBe(PENDING_COUNTED_UP_TO);
    const near = await changesSince(t.ctx.db, many, 0, 7);
    expect(near.pending).toBe(PENDING_COUNTED_UP_TO - 2);
    // Sending a held revision again writes nothing: the feed does not move.
    await writeRevisions(t.ctx.db, name, [rev('x', 2), rev('y', 1)]);
    expect((await databaseInfo(t.ctx.db, name)).update_seq).toBe(rest.last_seq);
  });

  it('follows commit order: writers to one database take their sequence numbers one after another', async () => {
    const name = 'parallel';
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writeRevisions(t.ctx.db, name, [{ _id: `p${i}`, _rev: '1-a', _revisions: { start: 1, ids: ['a'] } }]),
      ),
    );
    const feed = await changesSince(t.ctx.db, name, 0, 100);
    expect(feed.results).toHaveLength(20);
    const seqs = feed.results.map((c) => c.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
  });
});

describe('_revs_diff, _bulk_get and _local', () => {
  it('names only the revisions the database lacks, and answers a missing one as not found', async () => {
    const name = 'diff';
    await writeRevisions(t.ctx.db, name, [{ _id: 'd', _rev: '2-b', _revisions: { start: 2, ids: ['b', 'a'] }, value: 1 }]);
    expect(await missingRevisions(t.ctx.db, name, { d: ['1-a', '2-b', '3-c'], e: ['1-z'] })).toEqual({
      d: { missing: ['3-c'] },
      e: { missing: ['1-z'] },
    });
    // 1-a is known (an ancestor) but its body was never sent.
    expect(await revisionsWithHistory(t.ctx.db, name, [{ id: 'd', rev: '1-a' }, { id: 'd' }])).toEqual([
      { id: 'd', docs: [{ error: { id: 'd', rev: '1-a', error: 'not_found', reason: 'missing' } }] },
      { id: 'd', docs: [{ ok: { _id: 'd', _rev: '2-b', value: 1, _revisions: { start: 2, ids: ['b', 'a'] } } }] },
    ]);
  });

  it('refuses a malformed revision by itself and stores the rest', async () => {
    const name = 'malformed';
    const refusals = await writeRevisions(t.ctx.db, name, [
      { _id: 'ok', _rev: '1-a' },
      { _id: 'bad', _rev: 'not-a-rev' },
    ]);
    expect(refusals).toEqual([{ id: 'bad', rev: 'not-a-rev', error: 'bad_request', reason: 'Invalid rev format' }]);
    expect((await databaseInfo(t.ctx.db, name)).doc_count).toBe(1);
  });

  it('fills what each read needs from the trees when the store is migrated', async () => {
    const name = 'migrated';
    await writeRevisions(t.ctx.db, name, [
      { _id: 'a', _rev: '2-b', _revisions: { start: 2, ids: ['b', 'a'] }, v: 1 },
      { _id: 'a', _rev: '2-c', _revisions: { start: 2, ids: ['c', 'a'] }, v: 2 },
      { _id: 'gone', _rev: '1-x', _deleted: true },
    ]);
    const shapes = async () => ({
      docs: (await sql`select id, leaves from sync_docs where db = ${name} order by id`.execute(t.ctx.db)).rows,
      revs: (await sql`select id, rev, revisions, deleted from sync_revs where db = ${name} order by id, rev`.execute(t.ctx.db)).rows,
      counts: await databaseInfo(t.ctx.db, name),
    });
    const written = await shapes();
    expect(written.counts).toMatchObject({ doc_count: 1, doc_del_count: 1 });
    // As a store written before these columns existed.
    await sql`update sync_docs set leaves = '{}' where db = ${name}`.execute(t.ctx.db);
    await sql`update sync_revs set revisions = null, deleted = false where db = ${name}`.execute(t.ctx.db);
    await sql`delete from sync_counts where db = ${name}`.execute(t.ctx.db);
    await readShapes.up(t.ctx.db as never);
    expect(await shapes()).toEqual(written);
  });

  it('keeps checkpoints apart from the documents, counting their revs up', async () => {
    const name = 'local';
    expect(await readLocal(t.ctx.db, name, 'r1')).toBeUndefined();
    expect(await writeLocal(t.ctx.db, name, 'r1', { _id: '_local/r1', last_seq: 5 })).toBe('0-1');
    expect(await writeLocal(t.ctx.db, name, 'r1', { _id: '_local/r1', _rev: '0-1', last_seq: 9 })).toBe('0-2');
    expect(await readLocal(t.ctx.db, name, 'r1')).toEqual({ _id: '_local/r1', _rev: '0-2', last_seq: 9 });
    expect((await databaseInfo(t.ctx.db, name)).doc_count).toBe(0);
  });
});
