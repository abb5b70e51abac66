/**
 * Marking several documents processed at once (POST /document/processed, the Data Explorer's bulk
 * action): each document is checked on its own, as POST /document/{id}/processed checks one —
 * visible to the caller, its program not locked, not processed yet — and recorded the same way
 * (reviewer and time), in one transaction. Those left as they were are listed with the reason,
 * never skipped without a word; a caller without can_edit_document and a malformed list are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { flags } from '../support/test-users.ts';
import { makeDocumentWorld, personWith, type DocumentWorld } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;
let lockedWorld: DocumentWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
  lockedWorld = await makeDocumentWorld(t);
});
afterAll(() => t?.close());

const markMany = (who: { headers: object }, payload: unknown) =>
  t.api.app.inject({
    method: 'POST',
    url: '/document/processed',
    headers: who.headers as Record<string, string>,
    payload: payload as object,
  });

const stamps = async (ids: string[]) =>
  (
    await sql<{ id: string; processed_at: Date | null; processed_by: string | null }>`select id, processed_at, processed_by
      from documents where id = any(${ids}::text[]) order by id`.execute(t.ctx.db)
  ).rows;

describe('POST /document/processed', () => {
  it('marks every document asked for, each recorded with the reviewer and the time, as the single route records one', async () => {
    const docs = await world.submit({ count: 3 });
    const ids = docs.map((d) => d._id);
    const res = await markMany(world.admin, { ids });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ processed: ids, not_processed: [] });
    const now = t.clock.now().toISOString();
    for (const row of await stamps(ids)) {
      expect(row.processed_by).toBe(world.admin.user._id);
      expect(row.processed_at?.toISOString()).toBe(now);
    }
    // The single route sees them as processed: marking one again keeps the first time.
    t.clock.advance(60);
    const single = await t.api.app.inject({
      method: 'POST',
      url: `/document/${ids[0]}/processed`,
      headers: world.admin.headers as Record<string, string>,
    });
    expect(single.json()).toMatchObject({ processed: true, processedAt: now });
  });

  it('reports each document it leaves as it was — already processed, not visible, unknown, locked program — and marks the rest', async () => {
    const [processedBefore, fresh, notVisible] = (await world.submit({ count: 3 })).map((d) => d._id) as [string, string, string];
    const [locked] = (await lockedWorld.submit({ count: 1 })).map((d) => d._id) as [string];
    await markMany(world.admin, { ids: [processedBefore] });
    // A reviewer on neither program's team, without can_see_all_docs: sees only documents of their own.
    const reviewer = await personWith(t, world, 'Reviewer', flags(false, { can_access_dashboard: true, can_edit_document: true }), {
      team: false,
    });
    await sql`update programs set lock_program = 1 where id = ${lockedWorld.program.id}`.execute(t.ctx.db);
    try {
      const adminAsks = await markMany(world.admin, { ids: [processedBefore, fresh, locked, 'no-such-document'] });
      expect(adminAsks.statusCode, adminAsks.body).toBe(200);
      expect(adminAsks.json()).toEqual({
        processed: [fresh],
        not_processed: [
          { _id: processedBefore, code: 'ALREADY_PROCESSED', message: 'Already processed' },
          { _id: locked, code: 'PROGRAM_LOCKED', message: 'This program is locked. Unlock it to make changes.' },
          { _id: 'no-such-document', code: 'DOCUMENT_NOT_FOUND', message: 'No document found' },
        ],
      });
      const reviewerAsks = await markMany(reviewer, { ids: [notVisible] });
      expect(reviewerAsks.statusCode, reviewerAsks.body).toBe(200);
      expect(reviewerAsks.json()).toEqual({
        processed: [],
        not_processed: [{ _id: notVisible, code: 'DOCUMENT_NOT_FOUND', message: 'No document found' }],
      });
    } finally {
      await sql`update programs set lock_program = 0 where id = ${lockedWorld.program.id}`.execute(t.ctx.db);
    }
    const after = new Map((await stamps([processedBefore, fresh, notVisible, locked])).map((r) => [r.id, r]));
    expect(after.get(fresh)!.processed_by).toBe(world.admin.user._id);
    expect(after.get(notVisible)!.processed_at).toBeNull();
    expect(after.get(locked)!.processed_at).toBeNull();
  });

  it('needs can_edit_document, and refuses a list that is empty, too long, repeated or not of ids, naming ids', async () => {
    const [doc] = await world.submit({ count: 1 });
    const noReviewer = await personWith(t, world, 'Not a reviewer', flags(false, { can_access_dashboard: true, can_see_all_docs: true }));
    const refused = await markMany(noReviewer, { ids: [doc!._id] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', permission: 'can_edit_document' });
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => `doc-${i}`), [doc!._id, doc!._id], [42], 'all']) {
      const res = await markMany(world.admin, { ids });
      expect(res.statusCode, JSON.stringify(ids).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual(['ids']);
    }
    expect((await stamps([doc!._id]))[0]!.processed_at).toBeNull();
  });
});
