/**
 * The counters every count is read from stay exact: under parallel submissions and deletes,
 * document_counts sums to count(*) for every program/type/owner, document_days to the
 * documents of each day and document_seq_counts to those of each stretch of seq. What documents hold cannot be deleted from under them (409 naming
 * them, never a 500), and goals count the documents of their type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { STRETCH_BITS } from '../../server/documents/document-counters.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersFor, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';

let t: TestServer;
let world: DocumentWorld;

beforeAll(async () => {
  t = await startTestServer();
  world = await makeDocumentWorld(t);
});
afterAll(() => t?.close());

/** Rows where a counter and the documents it counts differ (none when exact). */
async function counterDrift() {
  const { rows: counts } = await sql`
    select coalesce(c.program_id, d.program_id) as program_id, coalesce(c.type_id, d.type_id) as type_id,
      coalesce(c.created_by, d.created_by) as created_by, coalesce(c.n, 0) as counted, coalesce(d.n, 0) as actual
    from document_counts c
    full join (select program_id, type_id, created_by, count(*) as n from documents group by 1, 2, 3) d
      on d.program_id = c.program_id and d.type_id = c.type_id and d.created_by = c.created_by
    where coalesce(c.n, 0) <> coalesce(d.n, 0)`.execute(t.ctx.db);
  const { rows: days } = await sql`
    select coalesce(c.day, d.day) as day, coalesce(c.n, 0) as counted, coalesce(d.n, 0) as actual
    from document_days c
    full join (select (created_at at time zone 'UTC')::date as day, program_id, created_by, count(*) as n from documents group by 1, 2, 3) d
      on d.day = c.day and d.program_id = c.program_id and d.created_by = c.created_by
    where coalesce(c.n, 0) <> coalesce(d.n, 0)`.execute(t.ctx.db);
  const { rows: stretches } = await sql`
    select coalesce(c.type_id, d.type_id) as type_id, coalesce(c.stretch, d.stretch) as stretch, coalesce(c.n, 0) as counted, coalesce(d.n, 0) as actual
    from document_seq_counts c
    full join (select program_id, module, type_id, seq >> ${STRETCH_BITS} as stretch, count(*) as n from documents group by 1, 2, 3, 4) d
      on d.program_id = c.program_id and d.module = c.module and d.type_id = c.type_id and d.stretch = c.stretch
    where coalesce(c.n, 0) <> coalesce(d.n, 0)`.execute(t.ctx.db);
  return { counts, days, stretches };
}

const total = async () =>
  Number((await sql<{ n: string }>`select coalesce(sum(n), 0) as n from document_counts`.execute(t.ctx.db)).rows[0]!.n);

let serial = 0;
const submitOne = (who: { headers: Record<string, string> }, module: 'beneficiaries' | 'surveys') =>
  t.api.app.inject({
    method: 'POST',
    url: '/document',
    headers: who.headers,
    payload: {
      local_id: `parallel-${++serial}`,
      program_id: world.program.id,
      module,
      type_id: module === 'beneficiaries' ? world.types.beneficiary : world.types.survey,
      form_revision_id: module === 'beneficiaries' ? world.revisions.household[1] : world.revisions.survey[0],
      form_data: answersFor(module, module === 'beneficiaries' ? 2 : 1, serial),
    },
  });

describe('counters under concurrency', () => {
  it('40 parallel submissions and 10 parallel deletes leave every counter equal to count(*)', async () => {
    const victims = await world.submit({ count: 10 });
    const [submitted, deleted] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, (_, i) => submitOne(i % 3 ? world.member : world.admin, i % 2 ? 'beneficiaries' : 'surveys'))),
      Promise.all(victims.map((d) => t.api.app.inject({ method: 'DELETE', url: `/document/${d._id}`, headers: world.member.headers }))),
    ]);
    expect(submitted.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    expect(submitted.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    expect(deleted.map((r) => r.statusCode)).toEqual(Array(10).fill(204));
    const { rows } = await sql<{ n: string }>`select count(*) as n from documents`.execute(t.ctx.db);
    expect(await total()).toBe(Number(rows[0]!.n));
    expect(await counterDrift()).toEqual({ counts: [], days: [], stretches: [] });
  });
});

describe('what documents hold cannot be deleted from under them', () => {
  it('a program with documents: 409 naming them; its documents gone, the delete goes through', async () => {
    const other = await makeDocumentWorld(t);
    const [doc] = await other.submit();
    const refused = await t.api.app.inject({ method: 'DELETE', url: `/program/${other.program.id}`, headers: other.admin.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'IN_USE', message: '1 Document uses this Program' });
    await t.api.app.inject({ method: 'DELETE', url: `/document/${doc!._id}`, headers: other.admin.headers });
    const deleted = await t.api.app.inject({ method: 'DELETE', url: `/program/${other.program.id}`, headers: other.admin.headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('a form whose revisions documents use: 409 naming them', async () => {
    const res = await t.api.app.inject({ method: 'DELETE', url: `/form/${world.forms.survey}`, headers: world.admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
    expect(res.json().message).toMatch(/^1 Survey Type and \d+ Documents use this Form$/);
  });

  it('a type record documents are records of: 409 naming them, whether attached or not', async () => {
    await sql`update programs set survey_types = '[]'::jsonb where id = ${world.program.id}`.execute(t.ctx.db);
    const res = await t.api.app.inject({ method: 'DELETE', url: `/surveytype/${world.types.survey}`, headers: world.admin.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IN_USE');
    expect(res.json().message).toMatch(/^\d+ Documents use this Survey Type$/);
    await sql`update programs set survey_types = jsonb_build_array(${world.types.survey}::text) where id = ${world.program.id}`.execute(
      t.ctx.db,
    );
  });
});

describe('goals count documents', () => {
  it('POST /goal/target and the goal itself answer the documents of the type in the program', async () => {
    const fresh = await makeDocumentWorld(t);
    const goal = await t.api.app.inject({
      method: 'POST',
      url: '/goal',
      headers: fresh.admin.headers,
      payload: { program_id: fresh.program.id, document_type: 'BENEFICIARY', goal_type: fresh.types.beneficiary, target: 10 },
    });
    expect(goal.statusCode, goal.body).toBe(201);
    expect(goal.json()).toMatchObject({ achieve: 0, achieve_counted: true });
    await fresh.submit({ count: 3 });
    await fresh.submit({ count: 2, module: 'surveys' });
    const target = await t.api.app.inject({
      method: 'POST',
      url: '/goal/target',
      headers: fresh.admin.headers,
      payload: { program_slug: fresh.program.name_slug, type: 'BENEFICIARY', beneficiary_type_id: fresh.types.beneficiary },
    });
    expect(target.json()).toEqual({ achieve: 3, achieve_counted: true });
    const read = await t.api.app.inject({ method: 'GET', url: `/program/${fresh.program.id}/goal`, headers: fresh.admin.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(JSON.stringify(read.json())).toContain('"achieve":3,"achieve_counted":true');
  });
});
