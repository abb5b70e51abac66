/**
 * No text answer of a document is longer than 10,000 characters (spec 2 §9), whatever its field
 * type: a 900,000-character comment (a text-area, which sets no max of its own) is refused with a
 * 400 naming the field, on submission and on change, and nothing is stored; 10,000 are taken.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;
let serial = 0;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
}, 60_000);
afterAll(() => t?.close());

const survey = (comment: string) => ({
  local_id: `text-limit-${++serial}`,
  program_id: world.program.id,
  module: 'surveys',
  type_id: world.types.survey,
  form_revision_id: world.revisions.survey[0],
  form_data: { rating: 4, comment },
});

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown) =>
  t.api.app.inject({ method, url, headers: world.member.headers, payload: payload as never });

const stored = async () => Number((await sql<{ n: string }>`select count(*) as n from documents`.execute(t.ctx.db)).rows[0]!.n);

describe('a text answer', () => {
  it('of 900,000 characters is refused, naming the field, and nothing is stored', async () => {
    const before = await stored();
    const res = await send('POST', '/document', survey('x'.repeat(900_000)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { comment: expect.stringMatching(/^Comment .*10000 characters/) },
    });
    expect(Object.keys(res.json().fields)).toEqual(['comment']);
    expect(await stored()).toBe(before);
  });

  it('of 10,000 characters is taken, and a change to 10,001 is refused', async () => {
    const res = await send('POST', '/document', survey('y'.repeat(10_000)));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const doc = res.json();
    expect(doc.form_data.comment.value).toHaveLength(10_000);
    const change = await send('PATCH', `/document/${doc._id}`, { form_data: { rating: 4, comment: 'z'.repeat(10_001) } });
    expect(change.statusCode).toBe(400);
    expect(Object.keys(change.json().fields)).toEqual(['comment']);
  });
});
