/**
 * One suite of the CouchDB replication protocol as PouchDB 9 devices use it, run against
 * express-pouchdb (PouchDB's own CouchDB-compatible server, the reference) and against Fieldbase,
 * with the same devices and the same expectations: winners and conflicts as CouchDB picks them,
 * deletions, the changes feed's paging, `_revs_diff`, `_bulk_get`, `_local` checkpoints, pushes
 * replayed, two devices editing one document offline, and a live device woken by a write.
 * What is Fieldbase's own (its checks on pushed documents, scope, refusals) is tested beside it,
 * in the other sync-*.test.ts files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PouchDB } from '../support/pouchdb-device.ts';
import { editedOnTwoPhones, newDevice } from '../support/sync-devices.ts';
import { fieldbaseTarget, referenceTarget, type SyncTarget } from '../support/sync-targets.ts';
import type { ReplicatedDoc } from '../../server/sync/rev-tree.ts';

/** A revision as the server writes it: its hashes oldest first. */
const revision = (id: string, hashes: string[], body: Record<string, unknown> = {}, deleted = false): ReplicatedDoc => ({
  _id: id,
  _rev: `${hashes.length}-${hashes.at(-1)}`,
  _revisions: { start: hashes.length, ids: [...hashes].reverse() },
  ...(deleted ? { _deleted: true } : {}),
  ...body,
});

type Changes = { results: { id: string; seq: unknown; changes: { rev: string }[]; deleted?: boolean }[]; last_seq: unknown };

describe.each([
  ['express-pouchdb', referenceTarget],
  ['Fieldbase', fieldbaseTarget],
] as const)('the replication protocol against %s', (_, start) => {
  let server: SyncTarget;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server?.close());

  it('answers its root with a stable uuid, and a database with its name and last sequence', async () => {
    const [first, second] = await Promise.all([server.call('/'), server.call('/')]);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as { uuid: string }[];
    expect(a!.uuid).toEqual(expect.any(String));
    expect(b!.uuid).toBe(a!.uuid);
    const info = await server.call(`/${server.pullName}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ db_name: server.pullName, update_seq: expect.anything(), doc_count: expect.any(Number) });
  });

  it('gives a fresh device every document with the winner CouchDB picks, its conflicts, and no deleted one', async () => {
    await server.write([
      revision('win-plain', ['a', 'b'], { label: 'Plain' }),
      revision('win-long', ['a', 'b', 'c'], { title: 'Long branch' }),
      revision('win-long', ['a', 'z'], { title: 'Short branch' }),
      revision('win-tie', ['a', 'm'], { title: 'M' }),
      revision('win-tie', ['a', 'n'], { title: 'N' }),
      revision('win-alive', ['a', 'x'], {}, true),
      revision('win-alive', ['a', 'w'], { title: 'Alive' }),
      revision('win-gone', ['a', 'b'], {}, true),
    ]);
    const phone = newDevice();
    expect(await phone.replicate.from(server.remote(server.pullName))).toMatchObject({ ok: true, errors: [] });
    expect(await phone.get('win-plain')).toMatchObject({ _rev: '2-b', label: 'Plain' });
    // The longer branch wins; of two as long, the greater hash; a live leaf over a deleted one.
    expect(await phone.get('win-long', { conflicts: true })).toMatchObject({ _rev: '3-c', title: 'Long branch', _conflicts: ['2-z'] });
    expect(await phone.get('win-tie', { conflicts: true })).toMatchObject({ _rev: '2-n', title: 'N', _conflicts: ['2-m'] });
    const alive = await phone.get('win-alive', { conflicts: true });
    expect(alive).toMatchObject({ _rev: '2-w', title: 'Alive' });
    expect(alive._conflicts).toBeUndefined();
    await expect(phone.get('win-gone')).rejects.toMatchObject({ status: 404 });
  });

  it('makes at most 5 requests when nothing is new, and then carries one changed document alone', async () => {
    await server.write([revision('again-1', ['a'], { n: 1 }), revision('again-2', ['a'], { n: 2 })]);
    const phone = newDevice();
    await phone.replicate.from(server.remote(server.pullName));
    const idle: string[] = [];
    expect(await phone.replicate.from(server.remote(server.pullName, idle))).toMatchObject({ ok: true, docs_read: 0 });
    expect(idle.length, idle.join('\n')).toBeLessThanOrEqual(5);

    await server.write([revision('again-2', ['a', 'b'], { n: 3 })]);
    const changed: string[] = [];
    expect(await phone.replicate.from(server.remote(server.pullName, changed))).toMatchObject({ docs_read: 1, docs_written: 1 });
    expect(await phone.get('again-2')).toMatchObject({ _rev: '2-b', n: 3 });
    expect(changed.filter((r) => r.endsWith('/_bulk_get'))).toHaveLength(1);
  });

  it('takes a deletion written on the server to a device that held the document', async () => {
    await server.write([revision('doomed', ['a'], { title: 'Soon gone' })]);
    const phone = newDevice();
    await phone.replicate.from(server.remote(server.pullName));
    expect(await phone.get('doomed')).toMatchObject({ title: 'Soon gone' });
    await server.write([revision('doomed', ['a', 'b'], {}, true)]);
    await phone.replicate.from(server.remote(server.pullName));
    await expect(phone.get('doomed')).rejects.toMatchObject({ status: 404 });
  });

  it('pages the changes feed with since and limit, each document once at its last write, every leaf with style=all_docs', async () => {
    await server.write(Array.from({ length: 7 }, (_, i) => revision(`feed-${i}`, ['a'], { i })));
    await server.write([revision('feed-3', ['a', 'b'], { i: 3 }), revision('feed-3', ['a', 'c'], { i: 3 })]);
    const seen: Changes['results'] = [];
    let since: unknown = 0;
    for (let page = 0; page < 100; page++) {
      const answer = await server.call(`/${server.pullName}/_changes?style=all_docs&limit=3&since=${encodeURIComponent(String(since))}`);
      expect(answer.status).toBe(200);
      const { results, last_seq } = (await answer.json()) as Changes;
      expect(results.length).toBeLessThanOrEqual(3);
      if (results.length === 0) break;
      seen.push(...results);
      since = last_seq;
    }
    const feed = seen.filter((c) => c.id.startsWith('feed-'));
    expect(feed.map((c) => c.id)).toEqual(['feed-0', 'feed-1', 'feed-2', 'feed-4', 'feed-5', 'feed-6', 'feed-3']);
    expect(
      feed
        .at(-1)!
        .changes.map((c) => c.rev)
        .sort(),
    ).toEqual(['2-b', '2-c']);
    expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
  });

  it('answers _revs_diff with only the revisions it lacks', async () => {
    await server.write([revision('diff-1', ['a', 'b'])]);
    // Of an ancestor known without its body ('1-a') they differ: PouchDB calls it missing, CouchDB
    // and Fieldbase not; a replicator only asks about the leaves of the changes feed.
    const answer = await server.call(`/${server.pullName}/_revs_diff`, {
      method: 'POST',
      body: { 'diff-1': ['2-b', '3-c'], 'diff-none': ['1-x'] },
    });
    expect(answer.status).toBe(200);
    const diff = (await answer.json()) as Record<string, { missing: string[] }>;
    expect(Object.keys(diff).sort()).toEqual(['diff-1', 'diff-none']);
    expect(diff['diff-1']!.missing).toEqual(['3-c']);
    expect(diff['diff-none']!.missing).toEqual(['1-x']);
  });

  it('answers _bulk_get with each revision and its history, and not_found for one it lacks', async () => {
    await server.write([revision('get-1', ['a', 'b'], { x: 1 })]);
    const answer = await server.call(`/${server.pullName}/_bulk_get?revs=true`, {
      method: 'POST',
      body: {
        docs: [
          { id: 'get-1', rev: '2-b' },
          { id: 'get-none', rev: '1-z' },
        ],
      },
    });
    expect(answer.status).toBe(200);
    type Answer = { ok?: unknown; missing?: string; error?: { error: string } };
    const { results } = (await answer.json()) as { results: { id: string; docs: Answer[] }[] };
    expect(results).toHaveLength(2);
    expect(results[0]).toEqual({
      id: 'get-1',
      docs: [{ ok: { _id: 'get-1', _rev: '2-b', x: 1, _revisions: { start: 2, ids: ['b', 'a'] } } }],
    });
    // CouchDB and Fieldbase answer { error: { error: 'not_found', … } }, PouchDB { missing: rev }: both are "not there" to a replicator.
    const [missing] = results[1]!.docs;
    expect(results[1]!.id).toBe('get-none');
    expect(missing).not.toHaveProperty('ok');
    expect(missing!.missing === '1-z' || missing!.error?.error === 'not_found', JSON.stringify(missing)).toBe(true);
  });

  it('keeps a _local checkpoint: each write a new revision, a write from a stale one refused', async () => {
    const url = `/${server.pullName}/_local/suite-checkpoint`;
    const put = (body: Record<string, unknown>) => server.call(url, { method: 'PUT', body: { _id: '_local/suite-checkpoint', ...body } });
    const first = await put({ last_seq: 5 });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ ok: true, id: '_local/suite-checkpoint', rev: '0-1' });
    expect(await (await server.call(url)).json()).toMatchObject({ _id: '_local/suite-checkpoint', _rev: '0-1', last_seq: 5 });
    expect(await (await put({ _rev: '0-1', last_seq: 9 })).json()).toMatchObject({ ok: true, rev: '0-2' });
    expect((await put({ _rev: '0-1', last_seq: 7 })).status).toBe(409);
    expect(await (await server.call(url)).json()).toMatchObject({ _rev: '0-2', last_seq: 9 });
    expect((await server.call(`/${server.pullName}/_local/never-written`)).status).toBe(404);
  });

  it('stores each pushed document once, however often the same revisions come again', async () => {
    const phone = newDevice();
    const ids = ['pushed-0', 'pushed-1', 'pushed-2'];
    for (const [i, id] of ids.entries()) await phone.put(server.newDocument(id, `Household ${i}`));
    expect(await phone.replicate.to(server.remote(server.pushName))).toMatchObject({ ok: true, docs_written: 3, doc_write_failures: 0 });
    // The answer lost: the same revisions, as replicated, sent again.
    const sent = await Promise.all(ids.map((id) => phone.get(id, { revs: true })));
    const replay = await server.call(`/${server.pushName}/_bulk_docs`, { method: 'POST', body: { new_edits: false, docs: sent } });
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual([]);

    const other = newDevice();
    await other.replicate.from(server.remote(server.pushName));
    for (const [i, id] of ids.entries()) {
      const held = await other.get<{ form_data: { name: string } }>(id, { conflicts: true });
      expect(held).toMatchObject({ _rev: sent[i]!._rev, form_data: { name: `Household ${i}` } });
      expect(held._conflicts).toBeUndefined();
    }
  });

  it('keeps both versions when two devices edit one document offline, and both devices then agree on the winner', async () => {
    const [first, second] = await editedOnTwoPhones(() => server.remote(server.pushName), server.newDocument('shared', 'Before'));
    for (const phone of [first, second])
      expect(await phone.replicate.to(server.remote(server.pushName))).toMatchObject({ doc_write_failures: 0 });
    for (const phone of [first, second]) await phone.replicate.from(server.remote(server.pushName));
    const [a, b] = await Promise.all(
      [first, second].map((phone) => phone.get<{ form_data: { name: string } }>('shared', { conflicts: true })),
    );
    expect(b!._rev).toBe(a!._rev);
    expect(b!._conflicts).toEqual(a!._conflicts);
    expect(a!._conflicts).toHaveLength(1);
    // Two revisions as long: the greater hash wins, as CouchDB picks.
    expect(a!._rev > a!._conflicts![0]!).toBe(true);
  });

  it('wakes a live device waiting on the changes feed when the server writes', async () => {
    const phone = newDevice();
    const arrived: string[] = [];
    const live = PouchDB.replicate(server.remote(server.pullName), phone, { live: true, heartbeat: 20_000 });
    live.on('change', (info) => arrived.push(...info.docs.map((d) => d._id)));
    try {
      await expect.poll(() => arrived.includes('win-plain'), { timeout: 20_000 }).toBe(true);
      await server.write([revision('live-1', ['a'], { title: 'Written while a device waits' })]);
      await expect.poll(() => arrived.includes('live-1'), { timeout: 20_000 }).toBe(true);
    } finally {
      // Stopped before the server closes: a request of it still in flight then would fail unhandled.
      live.cancel();
      await live;
    }
  });
});
