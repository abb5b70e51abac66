/**
 * A real PouchDB 9 device pulls a program's offline database over HTTP from the api server, as
 * the mobile app will: the documents arrive with the server's winners and their conflicts, a
 * second pull with nothing new makes a handful of requests, one change travels alone, and no one
 * off the program's team (or signed out) learns the database exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDevice, openRemote } from '../support/sync-devices.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../support/test-server.ts';
import { fieldWorker } from '../support/documents.ts';
import { addProgram } from '../support/programs.ts';
import { writeRevisions } from '../../server/sync/sync-store.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';
import type { ReplicatedDoc } from '../../server/sync/rev-tree.ts';

let t: TestServer;
let base: string;
let program: string;
let member: { id: string; token: string };
let outsider: { id: string; token: string };

beforeAll(async () => {
  t = await startTestServer();
  base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  program = (await addProgram(t, admin.token))._id;
  member = await fieldWorker(t, 'Ama Member');
  outsider = await fieldWorker(t, 'Kofi Outsider');
  const res = await t.api.app.inject({
    method: 'POST',
    url: `/program/${program}/team`,
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { user: member.id },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The program's database built from its configuration (the `program` document) once the follower
  // has read those changes: the revisions this file writes beside it are then left alone.
  await followChanges(t.ctx.db, { wait: true });
});
afterAll(() => t?.close());

const revision = (id: string, hashes: string[], body: Record<string, unknown>): ReplicatedDoc => ({
  _id: id,
  _rev: `${hashes.length}-${hashes.at(-1)}`,
  _revisions: { start: hashes.length, ids: [...hashes].reverse() },
  ...body,
});

/** The remote database as a device opens it, counting the requests it sends. */
function remote(name: string, token: string | undefined) {
  const requests: string[] = [];
  return { db: openRemote(`${base}/sync/db/${name}`, { token, requests }), requests };
}
const device = newDevice;

describe('a device pulls its program', () => {
  it('gets every document with the server’s winner and its conflicts, then only what changed', async () => {
    const name = `program-${program}`;
    const docs = Array.from({ length: 30 }, (_, i) => revision(`type-${i}`, ['a', `b${i}`], { label: `Type ${i}` }));
    // One document with two branches: the device must hold both, the same winner first.
    docs.push(revision('form-1', ['a', 'b', 'c'], { title: 'Long branch' }), revision('form-1', ['a', 'z'], { title: 'Short branch' }));
    expect(await writeRevisions(t.ctx.db, name, docs)).toEqual([]);

    const phone = device();
    const first = remote(name, member.token);
    const pulled = await phone.replicate.from(first.db, { batch_size: 100 });
    // The program and 31 documents, 33 revisions: both branches of the contested one.
    expect(pulled).toMatchObject({ ok: true, docs_written: 33, errors: [] });
    expect((await phone.info()).doc_count).toBe(32);
    expect(await phone.get('type-7')).toMatchObject({ _rev: '2-b7', label: 'Type 7' });
    const contested = await phone.get('form-1', { conflicts: true });
    expect(contested).toMatchObject({ _rev: '3-c', title: 'Long branch', _conflicts: ['2-z'] });

    // Nothing new: a handful of requests, nothing read.
    const again = remote(name, member.token);
    expect(await phone.replicate.from(again.db)).toMatchObject({ ok: true, docs_read: 0 });
    expect(again.requests.length, again.requests.join('\n')).toBeLessThanOrEqual(5);

    // One document changed on the server: only it travels.
    await writeRevisions(t.ctx.db, name, [revision('type-3', ['a', 'b3', 'c3'], { label: 'Type 3, renamed' })]);
    const third = remote(name, member.token);
    expect(await phone.replicate.from(third.db)).toMatchObject({ ok: true, docs_read: 1, docs_written: 1 });
    expect(await phone.get('type-3')).toMatchObject({ _rev: '3-c3', label: 'Type 3, renamed' });
    expect(third.requests.filter((r) => r.startsWith('POST') && r.endsWith('_bulk_get'))).toHaveLength(1);
  });
});

describe('who reaches a program’s database', () => {
  it('answers someone off the team, an unknown name and a signed-out device alike: not found, or sign in', async () => {
    for (const [name, token, status] of [
      [`program-${program}`, outsider.token, 404],
      ['program-none', member.token, 404],
      [`user-${outsider.id}`, member.token, 404],
      [`program-${program}`, undefined, 401],
    ] as const) {
      const res = await fetch(`${base}/sync/db/${name}/_changes`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect(res.status, `${name} ${String(token)}`).toBe(status);
      if (status === 404) expect(await res.json()).toMatchObject({ code: 'SYNC_DATABASE_NOT_FOUND' });
    }
    const phone = device();
    await expect(phone.replicate.from(remote(`program-${program}`, outsider.token).db)).rejects.toMatchObject({ status: 404 });
    expect((await phone.info()).doc_count).toBe(0);
  });
});
