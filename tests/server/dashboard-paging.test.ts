/**
 * The Data Explorer's pages (GET /dashboard/module/docs): newest first, walked forward with
 * `after` and back with `before` without a row twice or a row missed, any page reached by
 * `pageNo` exactly as `order by seq desc offset` would give it (from either end), a short last
 * page, filters by module and by type, and totals equal to the number of rows one could read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { attachType, insertProgram, insertTypeRecord } from '../support/program-fixtures.ts';
import { insertDocuments, publishedForm, type NewDocument } from '../support/insert-documents.ts';
import { STRETCH_BITS } from '../../server/documents/document-counters.ts';

let t: TestServer;
let admin: Session;
const call = caller(() => t.api.app);
let program: { id: string; name_slug: string };
let other: { id: string; name_slug: string };
let households: string;
let schools: string;
let wells: string;
let revision: string;

interface Page {
  data: Document[];
  total: number;
  pageNo: number;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const { revisionIds } = await publishedForm(t, admin.token, 'Visit', [{ field_label: 'Name', field_name: 'name', field_type: 'text' }]);
  revision = revisionIds[0]!;
  households = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Household');
  schools = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'School');
  wells = await insertTypeRecord(t.ctx.db, 'location_type', 'Well');
  program = await insertProgram(t.ctx.db, {
    name: 'Water Access',
    types: { beneficiary_types: [households, schools], location_types: [wells] },
  });
  other = await insertProgram(t.ctx.db, { name: 'Other Program', types: { beneficiary_types: [households] } });
  await attachType(t.ctx.db, other.id, 'beneficiary_types', households);

  // 47 households, 13 schools and 9 wells interleaved (seq order mixes them), plus 11 households elsewhere.
  const docs: NewDocument[] = [];
  const of = (programId: string, module: NewDocument['module'], typeId: string): NewDocument => ({
    programId,
    module,
    typeId,
    formRevisionId: revision,
    createdBy: admin.user._id,
    formData: { name: `Doc ${docs.length + 1}` },
  });
  for (let i = 0; i < 80; i++) {
    if (i < 47) docs.push(of(program.id, 'beneficiaries', households));
    if (i < 13) docs.push(of(program.id, 'beneficiaries', schools));
    if (i < 9) docs.push(of(program.id, 'locations', wells));
    if (i < 11) docs.push(of(other.id, 'beneficiaries', households));
  }
  await insertDocuments(t.ctx.db, docs);
});
afterAll(() => t?.close());

/** What `order by seq desc offset … limit …` gives for the filter: the reference every page is held to. */
async function reference(
  filter: { programId: string; module?: string; typeId?: string },
  offset = 0,
  limit = 1_000_000,
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from documents
    where program_id = ${filter.programId}
      and (${filter.module ?? null}::text is null or module = ${filter.module ?? null})
      and (${filter.typeId ?? null}::text is null or type_id = ${filter.typeId ?? null})
    order by seq desc offset ${offset} limit ${limit}`.execute(t.ctx.db);
  return rows.map((r) => r.id);
}

async function page(query: Record<string, string>, token = admin.token): Promise<Page> {
  const res = await call('GET', '/dashboard/module/docs', { token, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (p: Page) => p.data.map((d) => d._id);
const households10 = () => ({ program_slug: program.name_slug, module_name: 'beneficiaries', doc_id: households, doc_name: 'Household' });

describe('GET /dashboard/module/docs: keyset paging', () => {
  it('walks forward with `after` to the end and back with `before` to the start, every row once, in order', async () => {
    const expected = await reference({ programId: program.id, typeId: households });
    expect(expected).toHaveLength(47);

    const forward: string[][] = [];
    let current = await page({ ...households10(), pageNo: '0' });
    forward.push(ids(current));
    while (current.data.length === 10) {
      current = await page({ ...households10(), after: current.data.at(-1)!.cursor, pageNo: String(forward.length) });
      if (current.data.length) forward.push(ids(current));
    }
    expect(forward.map((p) => p.length)).toEqual([10, 10, 10, 10, 7]);
    expect(forward.flat()).toEqual(expected);
    // Nothing after the last row.
    expect((await page({ ...households10(), after: current.data.at(-1)!.cursor })).data).toEqual([]);

    const backward: string[][] = [forward.at(-1)!];
    let first = current.data[0]!.cursor;
    for (let n = forward.length - 2; n >= 0; n--) {
      const previous = await page({ ...households10(), before: first, pageNo: String(n) });
      expect(previous.pageNo).toBe(n);
      backward.unshift(ids(previous));
      first = previous.data[0]!.cursor;
    }
    expect(backward).toEqual(forward);
  });

  it('answers every pageNo as `order by seq desc offset` does, from the newest end and the oldest, the last page short', async () => {
    for (const size of [10, 7, 47, 100]) {
      const pages = Math.ceil(47 / size);
      for (let n = 0; n < pages; n++) {
        const p = await page({ ...households10(), pageSize: String(size), pageNo: String(n) });
        expect(ids(p), `pageSize ${size}, page ${n}`).toEqual(
          await reference({ programId: program.id, typeId: households }, n * size, size),
        );
        expect(p).toMatchObject({ total: 47, pageNo: n });
      }
      const last = await page({ ...households10(), pageSize: String(size), pageNo: String(pages - 1) });
      expect(last.data).toHaveLength(47 - (pages - 1) * size);
      expect((await page({ ...households10(), pageSize: String(size), pageNo: String(pages) })).data).toEqual([]);
    }
  });

  it('filters by module (every type of it) and by type, within the program, with totals equal to count(*)', async () => {
    const cases: Array<{ query: Record<string, string>; filter: { programId: string; module?: string; typeId?: string }; n: number }> = [
      {
        query: { program_slug: program.name_slug, module_name: 'beneficiaries' },
        filter: { programId: program.id, module: 'beneficiaries' },
        n: 60,
      },
      {
        query: { program_slug: program.name_slug, module_name: 'beneficiaries', doc_id: schools },
        filter: { programId: program.id, typeId: schools },
        n: 13,
      },
      {
        query: { program_slug: program.name_slug, module_name: 'locations' },
        filter: { programId: program.id, module: 'locations' },
        n: 9,
      },
      {
        query: { program_slug: other.name_slug, module_name: 'beneficiaries', doc_id: households },
        filter: { programId: other.id, typeId: households },
        n: 11,
      },
      { query: { program_slug: program.name_slug, module_name: 'events' }, filter: { programId: program.id, module: 'events' }, n: 0 },
    ];
    for (const { query, filter, n } of cases) {
      const expected = await reference(filter);
      expect(expected).toHaveLength(n);
      const all = await page({ ...query, pageSize: '100' });
      expect(all.total).toBe(n);
      expect(ids(all)).toEqual(expected);
      expect(
        all.data.every(
          (d) => d.program_id === filter.programId && (filter.typeId ? d.type_id === filter.typeId : d.module === filter.module),
        ),
      ).toBe(true);
    }
    // An empty doc_id (no type chosen) is the whole module.
    expect((await page({ program_slug: program.name_slug, module_name: 'beneficiaries', doc_id: '' })).total).toBe(60);
  });

  it('answers a list row without the answers, with what the table shows', async () => {
    const [row] = (await page({ ...households10(), pageSize: '1' })).data;
    expect(row).toMatchObject({
      doc_type: 'BENEFICIARY',
      module: 'beneficiaries',
      program_slug: program.name_slug,
      program_name: 'Water Access',
      type_name: 'Household',
      beneficiary_type_name: 'Household',
      form_version: 1,
      user_object: { _id: admin.user._id, first_name: admin.user.first_name, last_name: admin.user.last_name },
      processed: false,
      processedAt: null,
    });
    expect(row).not.toHaveProperty('form_data');
    expect(row).not.toHaveProperty('form_fields');
    const { rows } = await sql<{ seq: number }>`select seq from documents where id = ${row!._id}`.execute(t.ctx.db);
    expect(row!.cursor).toBe(String(rows[0]!.seq));
  });

  it('answers a type of another module, or a previous page after rows were deleted, sensibly', async () => {
    // A location type asked for under beneficiaries: nothing of that module is of that type.
    expect(await page({ program_slug: program.name_slug, module_name: 'beneficiaries', doc_id: wells })).toEqual({
      data: [],
      total: 0,
      pageNo: 0,
    });
    // `before` the newest row: nothing is newer, so the first page (newest first) is answered.
    const first = await page({ ...households10() });
    const again = await page({ ...households10(), before: first.data[0]!.cursor, pageNo: '3' });
    expect(again).toMatchObject({ pageNo: 0 });
    expect(ids(again)).toEqual(ids(first));
  });

  it('refuses what it cannot answer, naming the parameter', async () => {
    const refused = async (query: Record<string, string>, status: number, field?: string) => {
      const res = await call('GET', '/dashboard/module/docs', { token: admin.token, query });
      expect(res.statusCode, res.body).toBe(status);
      if (field) expect(Object.keys(res.json().fields ?? {})).toContain(field);
    };
    await refused({ ...households10(), pageSize: '0' }, 400, 'pageSize');
    await refused({ ...households10(), pageSize: '101' }, 400, 'pageSize');
    await refused({ ...households10(), pageNo: '-1' }, 400, 'pageNo');
    await refused({ ...households10(), after: 'abc' }, 400, 'after');
    await refused({ ...households10(), after: '5', before: '9' }, 400, 'before');
    await refused({ program_slug: program.name_slug, module_name: 'permission' }, 400, 'module_name');
    await refused({ module_name: 'beneficiaries' }, 400, 'program_slug');
    await refused({ program_slug: 'no-such-program', module_name: 'beneficiaries' }, 404);
  });
});

describe('GET /dashboard/module/docs: page jumps over documents far apart in seq', () => {
  it('answers every pageNo as `order by seq desc offset` does when the rows lie in several stretches of seq, before and after deletes', async () => {
    const spread = await insertProgram(t.ctx.db, { name: 'Spread Out', types: { beneficiary_types: [households, schools] } });
    const of = (typeId: string, n: number): NewDocument => ({
      programId: spread.id,
      module: 'beneficiaries',
      typeId,
      formRevisionId: revision,
      createdBy: admin.user._id,
      formData: { name: `Spread ${n}` },
    });
    // Four batches, each in a stretch of seq numbers of its own (STRETCH_BITS); the third holds schools only.
    const batches = [
      [households, schools, households, households, schools],
      [households, households, households],
      [schools, schools],
      [households, schools, households, households, households, schools, households],
    ];
    let n = 0;
    for (const batch of batches) {
      await sql`select setval(pg_get_serial_sequence('documents', 'seq'), (nextval(pg_get_serial_sequence('documents', 'seq')) | ${(1 << STRETCH_BITS) - 1}) + 5)`.execute(
        t.ctx.db,
      );
      await insertDocuments(
        t.ctx.db,
        batch.map((typeId) => of(typeId, ++n)),
      );
    }
    const filters: Array<{ query: Record<string, string>; filter: { programId: string; module?: string; typeId?: string } }> = [
      {
        query: { program_slug: spread.name_slug, module_name: 'beneficiaries' },
        filter: { programId: spread.id, module: 'beneficiaries' },
      },
      {
        query: { program_slug: spread.name_slug, module_name: 'beneficiaries', doc_id: households },
        filter: { programId: spread.id, typeId: households },
      },
      {
        query: { program_slug: spread.name_slug, module_name: 'beneficiaries', doc_id: schools },
        filter: { programId: spread.id, typeId: schools },
      },
    ];
    const everyPage = async () => {
      for (const { query, filter } of filters) {
        const total = (await reference(filter)).length;
        for (const size of [1, 2, 3]) {
          for (let pageNo = 0; pageNo * size < total; pageNo++) {
            const p = await page({ ...query, pageSize: String(size), pageNo: String(pageNo) });
            expect(ids(p), `${JSON.stringify(filter)} size ${size} page ${pageNo}`).toEqual(await reference(filter, pageNo * size, size));
            expect(p.total).toBe(total);
          }
        }
      }
    };
    await everyPage();
    // Deleting rows moves every later row's place: the stretch counts move with them.
    const victims = await reference({ programId: spread.id, module: 'beneficiaries' });
    for (const id of [victims[1]!, victims[6]!, victims[12]!]) {
      const res = await t.api.app.inject({ method: 'DELETE', url: `/document/${id}`, headers: admin.headers });
      expect(res.statusCode, res.body).toBe(204);
    }
    await everyPage();
  });
});
