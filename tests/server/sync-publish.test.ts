/**
 * The server publishing a database's whole content: only documents whose body changed get a
 * revision, one no longer named gets a deletion, and the same state published twice (or by two
 * processes at once) writes the same revisions once, so devices pull exactly what changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDevice } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { publishDocuments } from '../../server/sync/publish-documents.ts';
import { changesSince, databaseInfo, revisionsWithHistory } from '../../server/sync/sync-store.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const state = (entries: Record<string, Record<string, unknown>>) => new Map(Object.entries(entries));

describe('publishing a database', () => {
  it('writes a revision for what changed, a deletion for what went, and nothing for the rest', async () => {
    const name = 'program-publish';
    expect(
      await publishDocuments(
        t.ctx.db,
        name,
        state({ program: { name: 'Water', lock: false }, 'type-1': { label: 'Household' }, 'type-2': { label: 'School' } }),
      ),
    ).toEqual({ written: 3, deleted: 0 });
    const first = await databaseInfo(t.ctx.db, name);
    // The same bodies, their keys in another order: nothing to write, the feed does not move.
    expect(
      await publishDocuments(
        t.ctx.db,
        name,
        state({ 'type-2': { label: 'School' }, program: { lock: false, name: 'Water' }, 'type-1': { label: 'Household' } }),
      ),
    ).toEqual({ written: 0, deleted: 0 });
    expect((await databaseInfo(t.ctx.db, name)).update_seq).toBe(first.update_seq);

    expect(
      await publishDocuments(
        t.ctx.db,
        name,
        state({ program: { name: 'Water', lock: true }, 'type-1': { label: 'Household' }, 'type-3': { label: 'Clinic' } }),
      ),
    ).toEqual({ written: 2, deleted: 1 });
    const feed = await changesSince(t.ctx.db, name, first.update_seq, 100);
    expect(feed.results.map((c) => [c.id, c.changes[0]!.rev.split('-')[0], c.deleted ?? false]).sort()).toEqual([
      ['program', '2', false],
      ['type-2', '2', true],
      ['type-3', '1', false],
    ]);
    const [program] = await revisionsWithHistory(t.ctx.db, name, [{ id: 'program' }]);
    expect(program!.docs[0]).toMatchObject({ ok: { name: 'Water', lock: true, _revisions: { start: 2 } } });
  });

  it('refuses a body with a field CouchDB reserves, which would never compare equal again', async () => {
    await expect(publishDocuments(t.ctx.db, 'program-reserved', state({ a: { _id: 'x', n: 1 } }))).rejects.toThrow('reserved field _id');
  });

  it('writes the same state published twice at once only once, with no conflict', async () => {
    const name = 'program-twice';
    const desired = state({ a: { n: 1 }, b: { n: 2 } });
    const outcomes = await Promise.all([publishDocuments(t.ctx.db, name, desired), publishDocuments(t.ctx.db, name, desired)]);
    expect(outcomes.map((o) => o.written).sort()).toEqual([0, 2]);
    const feed = await changesSince(t.ctx.db, name, 0, 100);
    for (const change of feed.results) expect(change.changes).toHaveLength(1);
  });

  it('reaches a device as it was published: the changed body, and the deleted document gone', async () => {
    const name = 'program-device';
    await publishDocuments(t.ctx.db, name, state({ keep: { v: 1 }, drop: { v: 1 } }));
    const phone = newDevice();
    const pull = async () => {
      const feed = await changesSince(t.ctx.db, name, 0, 100);
      const asked = feed.results.flatMap((c) => c.changes.map((ch) => ({ id: c.id, rev: ch.rev })));
      const docs = (await revisionsWithHistory(t.ctx.db, name, asked)).flatMap((r) => r.docs.flatMap((d) => ('ok' in d ? [d.ok] : [])));
      await phone.bulkDocs(docs, { new_edits: false });
    };
    await pull();
    await publishDocuments(t.ctx.db, name, state({ keep: { v: 2 } }));
    await pull();
    expect(await phone.get('keep')).toMatchObject({ v: 2 });
    await expect(phone.get('drop')).rejects.toMatchObject({ status: 404 });
  });
});
