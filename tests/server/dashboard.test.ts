/**
 * The dashboard and the Data Explorer as each caller sees them: the counts, the documents per
 * day, the recently processed documents, one document by local id or by id (full: answers
 * labelled by the document's own revision), and the explorer's programs, modules and types.
 * A caller without can_see_all_docs sees their own documents, and every document of an ALL
 * program whose team they are on — in lists, searches, counts and the chart alike; anything
 * else answers as if it did not exist. The explorer routes need can_explore_data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith, insertProgram, insertTypeRecord, type Caller } from '../support/program-fixtures.ts';
import {
  insertDocuments,
  publishedForm,
  setDocumentVisible,
  type InsertedDocument,
  type NewDocument,
} from '../support/insert-documents.ts';

let t: TestServer;
let admin: Session;
const call = caller(() => t.api.app);
/** Field staff without can_see_all_docs: on both teams, on both too, on none. */
let ana: Caller;
let ben: Caller;
let outsider: Caller;
let noExplorer: Caller;
let open: { id: string; name_slug: string };
let closed: { id: string; name_slug: string };
let households: string;
let events: string;
const revisions: string[] = [];
/** By owner and program. */
const made: Record<string, InsertedDocument[]> = {};

const DAY = 24 * 3600 * 1000;
const FIELD_STAFF = flags(false, { can_access_dashboard: true, can_explore_data: true });

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(new Date('2026-03-10T12:00:00Z'));
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  ana = await callerWith(t, 'Ana Field', FIELD_STAFF);
  ben = await callerWith(t, 'Ben Field', FIELD_STAFF);
  outsider = await callerWith(t, 'Olga Outside', FIELD_STAFF);
  noExplorer = await callerWith(t, 'Nick Noexplore', flags(true, { can_explore_data: false }));
  const form = await publishedForm(
    t,
    admin.token,
    'Household visit',
    [
      { field_label: 'Household name', field_name: 'household', field_type: 'text' },
      { field_label: 'Members', field_name: 'members', field_type: 'number' },
    ],
    [
      { field_label: 'Family name', field_name: 'household', field_type: 'text' },
      { field_label: 'Members', field_name: 'members', field_type: 'number' },
    ],
  );
  revisions.push(...form.revisionIds);
  households = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Household');
  events = await insertTypeRecord(t.ctx.db, 'event_type', 'Training');
  const team = { program_head: [ana.id], teams: [ben.id] };
  open = await insertProgram(t.ctx.db, {
    name: 'Open Program',
    ...team,
    types: { beneficiary_types: [households], event_types: [events] },
  });
  closed = await insertProgram(t.ctx.db, { name: 'Closed Program', ...team, types: { beneficiary_types: [households] } });
  await setDocumentVisible(t.ctx.db, open.id, 'ALL');
  await setDocumentVisible(t.ctx.db, closed.id, 'OWN');

  const now = t.clock.now().getTime();
  const docs = async (who: Caller, program: { id: string }, n: number, opts: Partial<NewDocument> = {}) => {
    const list: NewDocument[] = Array.from({ length: n }, (_, i) => ({
      programId: program.id,
      module: 'beneficiaries',
      typeId: households,
      formRevisionId: revisions[0]!,
      createdBy: who.id,
      formData: { household: `${who.id.slice(0, 4)} ${i}`, members: i + 1 },
      createdAt: new Date(now - i * DAY),
      ...opts,
    }));
    (made[`${who.id}:${program.id}`] ??= []).push(...(await insertDocuments(t.ctx.db, list)));
  };
  await docs(ana, open, 3);
  await docs(ben, open, 4, { processedAt: new Date(now - 3600_000) });
  await docs(ana, closed, 2, { processedAt: new Date(now - 7200_000) });
  await docs(ben, closed, 5, { processedAt: new Date(now - 60_000) });
  // Olga submitted one to the closed program before she left its team.
  await docs(outsider, closed, 1, { createdAt: new Date(now - 40 * DAY) });
});
afterAll(() => t?.close());

const get = async (url: string, who: { token: string }, query?: Record<string, string>) => {
  const res = await call('GET', url, { token: who.token, query });
  return { status: res.statusCode, body: res.json() };
};
const ok = async <T = unknown>(url: string, who: { token: string }, query?: Record<string, string>): Promise<T> => {
  const res = await get(url, who, query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as T;
};
const docsOf = (who: Caller, program: { id: string }) => made[`${who.id}:${program.id}`] ?? [];

describe('scope: what a caller without can_see_all_docs sees', () => {
  it('lists all of an ALL program they are on, and only their own of an OWN program', async () => {
    const list = (who: Caller, program: { name_slug: string }) =>
      ok<{ data: Document[]; total: number }>('/dashboard/module/docs', who, {
        program_slug: program.name_slug,
        module_name: 'beneficiaries',
        pageSize: '100',
      });
    const ids = (docs: InsertedDocument[]) => docs.map((d) => d.id).sort();

    for (const [who, mine] of [
      [ana, docsOf(ana, closed)],
      [ben, docsOf(ben, closed)],
    ] as const) {
      const all = await list(who, open);
      expect(all.data.map((d) => d._id).sort()).toEqual(ids([...docsOf(ana, open), ...docsOf(ben, open)]));
      expect(all.total).toBe(7);
      const own = await list(who, closed);
      expect(own.data.map((d) => d._id).sort()).toEqual(ids(mine));
      expect(own.total).toBe(mine.length);
      expect(own.data.every((d) => d.user_object._id === who.id)).toBe(true);
    }
    // The admin role sees every document of both.
    expect((await list({ id: admin.user._id, token: admin.token }, closed)).total).toBe(8);
  });

  it('finds by id and by local id only what the caller may read, and answers the rest as missing', async () => {
    const bensClosed = docsOf(ben, closed)[0]!;
    const bensOpen = docsOf(ben, open)[0]!;
    const anasClosed = docsOf(ana, closed)[0]!;
    for (const doc of [bensOpen, anasClosed]) {
      expect((await ok<Document>(`/dashboard/document/${doc.id}`, ana))._id).toBe(doc.id);
      expect((await ok<Document>(`/dashboard/document/${doc.local_id}`, ana))._id).toBe(doc.id);
      expect((await ok<Document>('/dashboard/document', ana, { local_id: doc.local_id }))._id).toBe(doc.id);
    }
    for (const found of [
      await get(`/dashboard/document/${bensClosed.id}`, ana),
      await get(`/dashboard/document/${bensClosed.local_id}`, ana),
      await get('/dashboard/document', ana, { local_id: bensClosed.local_id }),
      await get('/dashboard/document/no-such-document', ana),
      await get('/dashboard/document', ana, { local_id: 'no-such-document' }),
    ]) {
      expect(found).toEqual({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND', message: 'No document found' } });
    }
    // Her own document stays hers after she left the team; the admin finds Ben's.
    expect((await ok<Document>(`/dashboard/document/${docsOf(outsider, closed)[0]!.id}`, outsider)).user_object._id).toBe(outsider.id);
    expect((await ok<Document>(`/dashboard/document/${bensClosed.id}`, admin))._id).toBe(bensClosed.id);
  });

  it('counts only what the caller may read, on the cards and in the chart', async () => {
    const expected = [
      [ana, 3 + 4 + 2],
      [ben, 3 + 4 + 5],
      [outsider, 1],
      [admin, 15],
    ] as const;
    for (const [who, n] of expected) {
      expect(
        (await ok<{ totalDocumentCount: number }>('/dashboard/static', who)).totalDocumentCount,
        `static for ${'id' in who ? who.id : 'admin'}`,
      ).toBe(n);
      const days = await ok<Array<{ day: string; count: number }>>('/dashboard/daily', who, { days: '366' });
      expect(days.reduce((sum, d) => sum + d.count, 0)).toBe(n);
    }
    // Ana's chart for the last 30 days: Olga's 40-day-old document is not hers anyway; today holds one of each of the four sets.
    const days = await ok<Array<{ day: string; count: number }>>('/dashboard/daily', ana);
    expect(days.at(-1)).toEqual({ day: '2026-03-10', count: 3 });
    expect((await ok<Array<{ day: string; count: number }>>('/dashboard/daily', admin)).at(-1)).toEqual({ day: '2026-03-10', count: 4 });
  });

  it('lists recently processed documents the caller may read, and only those', async () => {
    const recent = async (who: { token: string }) => (await ok<Document[]>('/dashboard/lastupdated', who)).map((d) => d._id).sort();
    const ids = (...sets: InsertedDocument[][]) =>
      sets
        .flat()
        .map((d) => d.id)
        .sort();
    expect(await recent(ana)).toEqual(ids(docsOf(ben, open), docsOf(ana, closed)));
    expect(await recent(ben)).toEqual(ids(docsOf(ben, open), docsOf(ben, closed)));
    expect(await recent(outsider)).toEqual([]);
    expect(await recent(admin)).toEqual(ids(docsOf(ben, open), docsOf(ana, closed), docsOf(ben, closed)));
  });

  it('offers the explorer only the programs the caller is on, unless they see every document', async () => {
    const names = async (who: { token: string }) => (await ok<Array<{ name: string }>>('/dashboard/programs', who)).map((p) => p.name);
    expect(await names(ana)).toEqual(['Closed Program', 'Open Program']);
    expect(await names(outsider)).toEqual([]);
    expect(await names(admin)).toEqual(expect.arrayContaining(['Closed Program', 'Open Program']));
    expect((await get(`/dashboard/program/${open.id}`, outsider)).status).toBe(404);
    expect((await get('/dashboard/module/docs', outsider, { program_slug: open.name_slug, module_name: 'beneficiaries' })).status).toBe(
      404,
    );
    expect((await get(`/dashboard/program/${open.id}/module/beneficiaries`, outsider)).status).toBe(404);
  });
});

describe('GET /dashboard/lastupdated', () => {
  it('answers the 50 most recently processed, newest processed first, never a submitted one', async () => {
    const now = t.clock.now().getTime();
    const base: Omit<NewDocument, 'processedAt'> = {
      programId: open.id,
      module: 'events',
      typeId: events,
      formRevisionId: revisions[1]!,
      createdBy: ana.id,
    };
    // 56 processed at distinct times (two share one: the later-submitted one comes first), then 5 fresher but only submitted.
    const processed = await insertDocuments(
      t.ctx.db,
      Array.from({ length: 56 }, (_, i) => ({ ...base, processedAt: new Date(now - 10 * DAY + (i === 55 ? 54 : i) * 60_000) })),
    );
    await insertDocuments(
      t.ctx.db,
      Array.from({ length: 5 }, () => ({ ...base, createdAt: new Date(now) })),
    );
    const list = await ok<Document[]>('/dashboard/lastupdated', admin);
    expect(list).toHaveLength(50);
    expect(list.every((d) => d.processed && d.processedAt !== null)).toBe(true);
    const { rows } = await sql<{ id: string }>`select id from documents where processed_at is not null
      order by processed_at desc, seq desc limit 50`.execute(t.ctx.db);
    expect(list.map((d) => d._id)).toEqual(rows.map((r) => r.id));
    // Ben's closed documents were processed a minute ago: the freshest; of the two processed at one time, the later-submitted first.
    expect(
      list
        .slice(0, 5)
        .map((d) => d._id)
        .sort(),
    ).toEqual(
      docsOf(ben, closed)
        .map((d) => d.id)
        .sort(),
    );
    const tie = list.findIndex((d) => d._id === processed[55]!.id);
    expect(list[tie + 1]!._id).toBe(processed[54]!.id);
    expect(list[0]).not.toHaveProperty('form_data');
  });
});

describe('one document, full', () => {
  it("labels each answer as the document's own revision did, with its fields, submitter, program and type", async () => {
    const [older, newer] = await insertDocuments(t.ctx.db, [
      {
        programId: open.id,
        module: 'beneficiaries',
        typeId: households,
        formRevisionId: revisions[0]!,
        createdBy: ben.id,
        formData: { household: 'Okello', members: 4 },
      },
      {
        programId: open.id,
        module: 'beneficiaries',
        typeId: households,
        formRevisionId: revisions[1]!,
        createdBy: ben.id,
        formData: { household: 'Achieng', members: 2 },
      },
    ]);
    const first = await ok<Document>('/dashboard/document', ana, { local_id: older!.local_id });
    expect(first).toMatchObject({
      _id: older!.id,
      local_id: older!.local_id,
      doc_type: 'BENEFICIARY',
      module: 'beneficiaries',
      program_id: open.id,
      program_slug: open.name_slug,
      program_name: 'Open Program',
      type_id: households,
      type_name: 'Household',
      beneficiary_type_name: 'Household',
      form_revision_id: revisions[0],
      form_version: 1,
      user_object: { _id: ben.id, first_name: 'Ben Field', last_name: 'Person' },
      processed: false,
      processedAt: null,
      cursor: String(older!.seq),
      form_data: { household: { label: 'Household name', value: 'Okello' }, members: { label: 'Members', value: 4 } },
    });
    expect(first.form_fields!.structures.map((f) => f.field_label)).toEqual(['Household name', 'Members']);
    const second = await ok<Document>(`/dashboard/document/${newer!.id}`, admin);
    expect(second).toMatchObject({ form_version: 2, form_data: { household: { label: 'Family name', value: 'Achieng' } } });
    expect(second.form_fields!.structures[0]!.field_label).toBe('Family name');
  });
});

describe('the explorer cascade', () => {
  it("answers a program's document modules and the types attached to one module", async () => {
    await sql`update programs set active_module = active_module || '{"cases": false}'::jsonb where id = ${open.id}`.execute(t.ctx.db);
    expect(await ok(`/dashboard/program/${open.id}`, ana)).toEqual({
      _id: open.id,
      name: 'Open Program',
      name_slug: open.name_slug,
      active_module: { beneficiaries: true, locations: true, events: true, cases: false, surveys: true },
    });
    expect(await ok(`/dashboard/program/${open.id}/module/beneficiaries`, ana)).toEqual({
      beneficiary_types: [{ _id: households, name: 'Household' }],
    });
    expect(await ok(`/dashboard/program/${open.id}/module/events`, ana)).toEqual({ event_types: [{ _id: events, name: 'Training' }] });
    expect(await ok(`/dashboard/program/${open.id}/module/surveys`, ana)).toEqual({ survey_types: [] });
    const bad = await get(`/dashboard/program/${open.id}/module/permission`, ana);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(['module']);
    expect((await get('/dashboard/program/no-such-program', admin)).status).toBe(404);
  });

  it('needs can_explore_data for the explorer routes, not for the dashboard ones', async () => {
    const explorer = [
      '/dashboard/programs',
      `/dashboard/program/${open.id}`,
      `/dashboard/program/${open.id}/module/beneficiaries`,
      `/dashboard/module/docs?program_slug=${open.name_slug}&module_name=beneficiaries`,
      `/dashboard/document/${docsOf(ana, open)[0]!.id}`,
    ];
    for (const url of explorer) {
      expect(await get(url, noExplorer), url).toEqual({
        status: 403,
        body: expect.objectContaining({ code: 'FORBIDDEN', permission: 'can_explore_data' }),
      });
      expect((await get(url, admin)).status, url).toBe(200);
    }
    for (const url of ['/dashboard/static', '/dashboard/lastupdated', '/dashboard/daily'])
      expect((await get(url, noExplorer)).status, url).toBe(200);
    expect((await get('/dashboard/document', noExplorer, { local_id: docsOf(ana, open)[0]!.local_id })).status).toBe(200);
  });
});

describe('GET /dashboard/static and /dashboard/daily', () => {
  it('counts every program and every form, and the documents one may read exactly', async () => {
    const counts = await ok<{ programsCount: number; formsCount: number; totalDocumentCount: number }>('/dashboard/static', admin);
    const { rows } = await sql<{ programs: number; forms: number; documents: number }>`select
      (select count(*) from programs)::int as programs, (select count(*) from forms)::int as forms, (select count(*) from documents)::int as documents`.execute(
      t.ctx.db,
    );
    expect(counts).toEqual({ programsCount: rows[0]!.programs, formsCount: rows[0]!.forms, totalDocumentCount: rows[0]!.documents });
    expect(counts.programsCount).toBeGreaterThanOrEqual(2);
  });

  it('answers every day of the range up to today (UTC), zeros included, and refuses a range out of bounds', async () => {
    const week = await ok<Array<{ day: string; count: number }>>('/dashboard/daily', ben, { days: '7' });
    expect(week.map((d) => d.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    const { rows } = await sql<{
      day: string;
      n: number;
    }>`select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as n
      from documents d where d.created_by = ${ben.id} or d.program_id = ${open.id} group by 1`.execute(t.ctx.db);
    const byDay = Object.fromEntries(rows.map((r) => [r.day, r.n]));
    expect(week).toEqual(week.map((d) => ({ day: d.day, count: byDay[d.day] ?? 0 })));
    expect((await ok<unknown[]>('/dashboard/daily', ben)).length).toBe(30);
    expect((await ok<unknown[]>('/dashboard/daily', ben, { days: '1' })).length).toBe(1);
    for (const days of ['0', '367', 'x']) {
      const res = await get('/dashboard/daily', ben, { days });
      expect(res.status, days).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['days']);
    }
  });
});
