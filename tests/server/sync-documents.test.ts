/**
 * A field worker's documents database (`user-{id}`) with a real PouchDB 9 device over HTTP: new
 * documents pushed offline pass the checks of POST /document and are stored once however often
 * the push is retried; a refused one is denied, not retried, and its status document says why;
 * the pull brings the documents the user may read (their own, and their team's where the program
 * shows them) and no one else's, and a deletion in the console reaches the device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PouchDB } from '../support/pouchdb-device.ts';
import { editedOnTwoPhones, newDevice, openRemote } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  answersFor,
  fieldWorker,
  joinTeam,
  makeDocumentWorld,
  personWith,
  type DocumentWorld,
  type SignedIn,
} from '../support/documents.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';
import { userDatabase } from '../../server/sync/database-names.ts';
import type { Conflict } from '../../model/sync/sync-wire.ts';

let t: TestServer;
let base: string;
let world: DocumentWorld;
let outsider: SignedIn;

beforeAll(async () => {
  t = await startTestServer();
  base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  world = await makeDocumentWorld(t);
  outsider = await fieldWorker(t, 'Kofi Outsider');
});
afterAll(() => t?.close());

const remote = (name: string, who: SignedIn) => openRemote(`${base}/sync/db/${name}`, { token: who.token });
const device = newDevice;
const household = (localId: string, i: number, answers = answersFor('beneficiaries', 2, i)) => ({
  _id: localId,
  program_id: world.program.id,
  module: 'beneficiaries',
  type_id: world.types.beneficiary,
  form_revision_id: world.revisions.household[1],
  form_data: answers,
});

async function stored(localIds: string[]): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from documents where local_id = any(${localIds}::text[])`.execute(
    t.ctx.db,
  );
  return Number(rows[0]!.n);
}

describe('pushing documents made offline', () => {
  const phone = device();
  const ids = ['offline-1', 'offline-2', 'offline-3'];

  it('stores each valid document once, with the checks of POST /document, and denies an invalid one with its reason', async () => {
    for (const [i, id] of ids.entries()) await phone.put(household(id, i));
    await phone.put(household('offline-bad', 9, { age: 'old' }));
    const pushed = await phone.replicate.to(remote(userDatabase(world.member.id), world.member));
    expect(pushed).toMatchObject({ ok: true, docs_written: 3, doc_write_failures: 1 });
    expect(await stored([...ids, 'offline-bad'])).toBe(3);
    const { rows } = await sql<{
      created_by: string;
    }>`select distinct created_by from documents where local_id = any(${ids}::text[])`.execute(t.ctx.db);
    expect(rows).toEqual([{ created_by: world.member.id }]);

    // A retry (the answer lost, or the same push again) writes nothing twice.
    await phone.replicate.to(remote(userDatabase(world.member.id), world.member));
    expect(await stored(ids)).toBe(3);
    const { rows: counts } = await sql<{ counted: string; actual: string }>`
      select (select coalesce(sum(n), 0) from document_counts where program_id = ${world.program.id}) as counted,
        (select count(*) from documents where program_id = ${world.program.id}) as actual`.execute(t.ctx.db);
    expect(Number(counts[0]!.counted)).toBe(Number(counts[0]!.actual));
  });

  it('brings back, with the pull, the status document of the refused one, naming the field', async () => {
    await phone.replicate.from(remote(userDatabase(world.member.id), world.member));
    const status = await phone.get('fieldbase-status:offline-bad');
    expect(status).toMatchObject({ local_id: 'offline-bad', status: 'refused' });
    expect(Object.keys(status.fields as object)).toContain('age');
  });

  it('refuses a device that deletes a submitted document, and the status says so; the row stays', async () => {
    const doc = await phone.get('offline-1');
    await phone.remove(doc._id, doc._rev);
    const pushed = await phone.replicate.to(remote(userDatabase(world.member.id), world.member));
    expect(pushed).toMatchObject({ doc_write_failures: 1 });
    expect(await stored(['offline-1'])).toBe(1);
  });

  it('answers a push to a program database SYNC_READ_ONLY, and to another user’s database not found', async () => {
    for (const [name, status, code] of [
      [`program-${world.program.id}`, 403, 'SYNC_READ_ONLY'],
      [userDatabase(outsider.id), 404, 'SYNC_DATABASE_NOT_FOUND'],
    ] as const) {
      const res = await fetch(`${base}/sync/db/${name}/_bulk_docs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${world.member.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ new_edits: false, docs: [{ ...household('offline-9', 9), _rev: '1-abc' }] }),
      });
      expect(res.status, name).toBe(status);
      expect(await res.json()).toMatchObject({ code });
    }
    expect(await stored(['offline-9'])).toBe(0);
  });
});

describe('editing offline', () => {
  const answersOf = async (localId: string) =>
    (await sql<{ form_data: Record<string, unknown> }>`select form_data from documents where local_id = ${localId}`.execute(t.ctx.db))
      .rows[0]!.form_data;
  const db = () => remote(userDatabase(world.member.id), world.member);

  it('takes a valid edit through the checks of PATCH /document, and denies an invalid one', async () => {
    const phone = device();
    await phone.put(household('edit-1', 1));
    await phone.replicate.to(db());
    const doc = await phone.get<{ form_data: Record<string, unknown> }>('edit-1');
    await phone.put({ ...doc, form_data: { ...doc.form_data, name: 'Renamed offline' } });
    expect(await phone.replicate.to(db())).toMatchObject({ docs_written: 1, doc_write_failures: 0 });
    expect(await answersOf('edit-1')).toMatchObject({ name: 'Renamed offline' });

    const again = await phone.get<{ form_data: Record<string, unknown> }>('edit-1');
    await phone.put({ ...again, form_data: { ...again.form_data, age: 'old' } });
    expect(await phone.replicate.to(db())).toMatchObject({ doc_write_failures: 1 });
    expect(await answersOf('edit-1')).toMatchObject({ name: 'Renamed offline', age: again.form_data.age });
  });

  it('keeps both versions when two devices edit one document offline: the row is the winner, the other a conflict', async () => {
    const [first, second] = await editedOnTwoPhones(db, household('shared-1', 2));
    expect(await first.replicate.to(db())).toMatchObject({ doc_write_failures: 0 });
    expect(await second.replicate.to(db())).toMatchObject({ doc_write_failures: 0 });
    for (const phone of [first, second]) await phone.replicate.from(db());
    const [a, b] = await Promise.all(
      [first, second].map((phone) => phone.get<{ form_data: { name: string } }>('shared-1', { conflicts: true })),
    );
    expect(a!._rev).toBe(b!._rev);
    expect(a!._conflicts).toHaveLength(1);
    expect((await answersOf('shared-1')).name).toBe(a!.form_data.name);

    // The console lists it with both versions, and keeping the one that lost resolves it on both phones.
    const listed = await t.api.app.inject({
      method: 'GET',
      url: `/sync/conflicts?program_id=${world.program.id}`,
      headers: world.admin.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const conflict = (listed.json() as Conflict[]).find((c) => c.local_id === 'shared-1')!;
    expect(conflict.versions.map((v) => v.current)).toEqual([true, false]);
    expect(conflict.labels).toMatchObject({ name: 'Name' });
    const loser = conflict.versions[1]!;
    const keep = (rev: string) =>
      t.api.app.inject({ method: 'POST', url: '/sync/conflicts/shared-1', headers: world.admin.headers, payload: { rev } });
    const kept = await keep(loser.rev);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await answersOf('shared-1')).name).toBe(loser.form_data.name);
    const { rows } = await sql<{ action: string }>`
      select action from changes where resource = 'document' and record_id = ${conflict.document_id} order by seq desc limit 1`.execute(
      t.ctx.db,
    );
    expect(rows[0]!.action).toBe('keep-version');
    for (const phone of [first, second]) {
      await phone.replicate.from(db());
      const now = await phone.get<{ form_data: { name: string } }>('shared-1', { conflicts: true });
      expect(now.form_data.name).toBe(loser.form_data.name);
      expect(now._conflicts ?? []).toEqual([]);
    }
    const again = await keep(conflict.versions[0]!.rev);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SYNC_VERSION_GONE' });
    const after = await t.api.app.inject({
      method: 'GET',
      url: `/sync/conflicts?program_id=${world.program.id}`,
      headers: world.admin.headers,
    });
    expect((after.json() as Conflict[]).map((c) => c.local_id)).not.toContain('shared-1');
  });
});

describe('pulling one’s documents', () => {
  it('brings the documents the user may read, submitted anywhere, and a deletion made in the console', async () => {
    const [submitted] = await world.submit({ localIdPrefix: 'console-submitted' });
    await followChanges(t.ctx.db, { wait: true });
    const phone = device();
    await phone.replicate.from(remote(userDatabase(world.member.id), world.member));
    const held = (await phone.allDocs()).rows.map((r) => r.id);
    expect(held).toEqual(expect.arrayContaining(['offline-2', 'offline-3', submitted!.local_id]));
    expect(await phone.get(submitted!.local_id)).toMatchObject({
      program_id: world.program.id,
      form_data: answersFor('beneficiaries', 2, 0),
    });

    const deleted = await t.api.app.inject({ method: 'DELETE', url: `/document/${submitted!._id}`, headers: world.admin.headers });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await followChanges(t.ctx.db, { wait: true });
    await phone.replicate.from(remote(userDatabase(world.member.id), world.member));
    await expect(phone.get(submitted!.local_id)).rejects.toMatchObject({ status: 404 });
  });

  it('brings someone off the team none of them', async () => {
    const phone = device();
    await phone.replicate.from(remote(userDatabase(outsider.id), outsider));
    // Their profile only (no program to pull), and no document.
    expect((await phone.allDocs()).rows.map((r) => r.id)).toEqual(['fieldbase-profile']);
  });
});

describe('the profile: which program databases a device pulls', () => {
  const profileOf = async (who: SignedIn) => {
    const phone = device();
    await phone.replicate.from(remote(userDatabase(who.id), who));
    return phone.get<{ programs: { id: string; database: string; documents: string }[] }>('fieldbase-profile');
  };

  it('GET /sync/add/{id} gives a user their databases; taken off the team, the program leaves their profile', async () => {
    const added = await t.api.app.inject({ method: 'GET', url: `/sync/add/${world.member.id}`, headers: world.admin.headers });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ db: userDatabase(world.member.id), programs: [`program-${world.program.id}`] });
    expect((await profileOf(world.member)).programs).toEqual([
      expect.objectContaining({ id: world.program.id, database: `program-${world.program.id}` }),
    ]);

    const removed = await t.api.app.inject({
      method: 'DELETE',
      url: `/program/${world.program.id}/team/${world.member.id}`,
      headers: world.admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await followChanges(t.ctx.db, { wait: true });
    expect((await profileOf(world.member)).programs).toEqual([]);
  });

  it('refuses a user whose role cannot use the mobile app, and an unknown user', async () => {
    const consoleOnly = await personWith(t, world, 'Console only', { can_access_dashboard: true }, { team: false });
    const refused = await t.api.app.inject({ method: 'GET', url: `/sync/add/${consoleOnly.id}`, headers: world.admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'USER_WITHOUT_MOBILE' });
    const unknown = await t.api.app.inject({ method: 'GET', url: '/sync/add/no-such-user', headers: world.admin.headers });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('live replication (the longpoll feed)', () => {
  it('wakes a waiting device when a document is submitted in the console', async () => {
    const colleague = await fieldWorker(t, 'Live Colleague');
    await joinTeam(t, world.program.id, colleague.id);
    const phone = device();
    const arrived: string[] = [];
    const live = PouchDB.replicate(remote(userDatabase(colleague.id), colleague), phone, { live: true, heartbeat: 20_000 });
    live.on('change', (info) => arrived.push(...info.docs.map((d) => d._id)));
    try {
      await expect.poll(() => arrived.includes('fieldbase-profile'), { timeout: 20_000 }).toBe(true);
      // Now waiting on the longpoll: a submission reaches it once the follower has given it a revision.
      const [doc] = await world.submit({ as: colleague, localIdPrefix: 'live' });
      await followChanges(t.ctx.db, { wait: true });
      await expect.poll(() => arrived.includes(doc!.local_id), { timeout: 20_000 }).toBe(true);
    } finally {
      // Stopped before the server closes: a request of it still in flight then would fail unhandled.
      live.cancel();
      await live;
    }
  });
});
