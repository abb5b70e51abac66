/**
 * The Data Explorer's narrower filters on GET /dashboard/module/docs — submitted within a date
 * range (UTC days, both ends included), by one submitter, processed or not — give exactly the
 * rows and the total a plain SELECT with the same conditions gives, page after page (by cursor and
 * by page number), within the caller's sight; bad values are 400s naming the field. And the
 * submitters a program's filter offers (GET /dashboard/program/{id}/submitters) are those whose
 * documents the caller may read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { callerWith, insertProgram, insertTypeRecord, type Caller } from '../support/program-fixtures.ts';
import { flags } from '../support/test-users.ts';
import { insertDocuments, publishedForm, setDocumentVisible, type NewDocument } from '../support/insert-documents.ts';

let t: TestServer;
let admin: Session;
let ana: Caller;
let ben: Caller;
const call = caller(() => t.api.app);
let program: { id: string; name_slug: string };
let households: string;

interface Page {
  data: Document[];
  total: number;
  pageNo: number;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12 + (n % 5)));
const explorer = flags(false, { can_access_dashboard: true, can_explore_data: true });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const { revisionIds } = await publishedForm(t, admin.token, 'Visit', [{ field_label: 'Name', field_name: 'name', field_type: 'text' }]);
  households = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Household');
  ana = await callerWith(t, 'Ana', explorer);
  ben = await callerWith(t, 'Ben', explorer);
  program = await insertProgram(t.ctx.db, { name: 'Filters', teams: [ana.id, ben.id], types: { beneficiary_types: [households] } });
  // Only one's own documents are visible to the team (Ana and Ben), every document to the admin.
  await setDocumentVisible(t.ctx.db, program.id, 'OWN');
  // 60 documents over 20 days, 3 a day: Ana, Ben, Ana; every third one processed.
  const docs: NewDocument[] = [];
  for (let i = 0; i < 60; i++) {
    docs.push({
      programId: program.id,
      module: 'beneficiaries',
      typeId: households,
      formRevisionId: revisionIds[0]!,
      createdBy: i % 3 === 1 ? ben.id : ana.id,
      createdAt: day(1 + Math.floor(i / 3)),
      processedAt: i % 3 === 0 ? day(25) : null,
    });
  }
  await insertDocuments(t.ctx.db, docs);
});
afterAll(() => t?.close());

interface Facets {
  from?: string;
  to?: string;
  submitted_by?: string;
  processed?: 'true' | 'false';
}

/** What a plain SELECT with the same conditions answers, newest first: the reference every page is held to. */
async function reference(f: Facets, onlyOwner?: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from documents
    where program_id = ${program.id} and type_id = ${households}
      and (${f.from ?? null}::date is null or created_at >= ${f.from ?? null}::date)
      and (${f.to ?? null}::date is null or created_at < ${f.to ?? null}::date + 1)
      and (${f.submitted_by ?? null}::text is null or created_by = ${f.submitted_by ?? null})
      and (${f.processed ?? null}::boolean is null or (processed_at is not null) = ${f.processed ?? null}::boolean)
      and (${onlyOwner ?? null}::text is null or created_by = ${onlyOwner ?? null})
    order by seq desc`.execute(t.ctx.db);
  return rows.map((r) => r.id);
}

const base = () => ({ program_slug: program.name_slug, module_name: 'beneficiaries', doc_id: households });

async function page(query: Record<string, string>, token = admin.token): Promise<Page> {
  const res = await call('GET', '/dashboard/module/docs', { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of the query walked with `after`, as the console's next button does. */
async function walk(query: Record<string, string>, token = admin.token): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let current = await page({ ...query, pageSize: '7' }, token);
  const total = current.total;
  while (current.data.length) {
    ids.push(...current.data.map((d) => d._id));
    current = await page({ ...query, pageSize: '7', after: current.data.at(-1)!.cursor }, token);
  }
  return { ids, total };
}

describe('GET /dashboard/module/docs: filters', () => {
  const cases: Array<[string, () => Facets]> = [
    ['a date range', () => ({ from: '2026-01-04', to: '2026-01-09' })],
    ['one day', () => ({ from: '2026-01-07', to: '2026-01-07' })],
    ['from a day on', () => ({ from: '2026-01-15' })],
    ['up to a day', () => ({ to: '2026-01-03' })],
    ['a submitter', () => ({ submitted_by: ben.id })],
    ['processed', () => ({ processed: 'true' })],
    ['not processed', () => ({ processed: 'false' })],
    ['all of them at once', () => ({ from: '2026-01-02', to: '2026-01-18', submitted_by: ana.id, processed: 'false' })],
  ];
  for (const [name, facets] of cases) {
    it(`${name}: every row of the plain SELECT once, in order, and its total`, async () => {
      const expected = await reference(facets());
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(60);
      const { ids, total } = await walk({ ...base(), ...facets() });
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    });
  }

  it('a page number jumps within the filtered rows, and a page past the last is empty with the total', async () => {
    const facets: Facets = { processed: 'false', from: '2026-01-03' };
    const expected = await reference(facets);
    for (const n of [0, 1, 2, Math.ceil(expected.length / 5) - 1]) {
      const p = await page({ ...base(), ...facets, pageSize: '5', pageNo: String(n) });
      expect(p.data.map((d) => d._id)).toEqual(expected.slice(n * 5, n * 5 + 5));
      expect(p.total).toBe(expected.length);
    }
    const past = await page({ ...base(), ...facets, pageSize: '5', pageNo: '99' });
    expect(past).toEqual({ data: [], total: expected.length, pageNo: 99 });
  });

  it("stays within the caller's sight: a team member who sees only their own documents finds none of someone else's", async () => {
    expect(await walk({ ...base(), submitted_by: ana.id }, ben.token)).toEqual({ ids: [], total: 0 });
    const own = await walk({ ...base(), processed: 'false', from: '2026-01-05' }, ben.token);
    expect(own.ids).toEqual(await reference({ processed: 'false', from: '2026-01-05' }, ben.id));
    expect(own.total).toBe(own.ids.length);
  });

  it('refuses a bad value with a 400 naming the field', async () => {
    const bad: Array<[Record<string, string>, string]> = [
      [{ from: '2026-02-30' }, 'from'],
      [{ from: '27-11-2026' }, 'from'],
      [{ to: '2026-13-01' }, 'to'],
      [{ from: '2026-01-10', to: '2026-01-09' }, 'to'],
      [{ processed: 'maybe' }, 'processed'],
      [{ submitted_by: 'nobody-at-all' }, 'submitted_by'],
    ];
    for (const [query, field] of bad) {
      const res = await call('GET', '/dashboard/module/docs', { token: admin.token, query: { ...base(), ...query } });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), JSON.stringify(query)).toEqual([field]);
    }
  });
});

describe('GET /dashboard/program/{id}/submitters', () => {
  it('lists who submitted documents the caller may read, by name', async () => {
    const all = await call('GET', `/dashboard/program/${program.id}/submitters`, { token: admin.token });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().map((s: { _id: string }) => s._id)).toEqual([ana.id, ben.id]);
    expect(all.json()[0].name).toMatch(/^Ana\b/);
    const own = await call('GET', `/dashboard/program/${program.id}/submitters`, { token: ben.token });
    expect(own.json().map((s: { _id: string }) => s._id)).toEqual([ben.id]);
  });
});
