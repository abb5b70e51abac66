/**
 * The Data Explorer's Map view (GET /dashboard/module/map): a document's place is its first
 * geo-location answer in the form's field order, kept in step when the answers change; the
 * points of a query are exactly the documents its list shows that have a place, for every
 * caller (the list's sight: all of an ALL program's documents for its team, else one's own);
 * near points gather into one cell as the zoom falls; the answer is bounded by cells, not
 * documents; a box off the globe or inside out is a 400 naming the edge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller } from '../support/http.ts';
import { flags } from '../support/test-users.ts';
import { callerWith, insertProgram, insertTypeRecord, type Caller } from '../support/program-fixtures.ts';
import { insertDocuments, publishedForm, setDocumentVisible, type NewDocument } from '../support/insert-documents.ts';
import { MAX_CLUSTERS } from '../../server/documents/dashboard/map-clusters.ts';

let t: TestServer;
let admin: Session;
const call = caller(() => t.api.app);
let ana: Caller;
let ben: Caller;
let outsider: Caller;
let open: { id: string; name_slug: string };
let closed: { id: string; name_slug: string };
let households: string;
let wells: string;
let revision: string;

const FIELD_STAFF = flags(false, {
  can_access_dashboard: true,
  can_explore_data: true,
});
const WORLD = { south: '-90', west: '-180', north: '90', east: '180' };
/** Kampala: every fixture point is within a few hundred metres of it. */
const KAMPALA = { lat: 0.3476, lng: 32.5825 };

interface Cluster {
  lat: number;
  lng: number;
  count: number;
  document_id?: string;
  south: number;
  west: number;
  north: number;
  east: number;
}
interface MapAnswer {
  clusters: Cluster[];
  total: number;
  truncated: boolean;
  bounds: { south: number; west: number; north: number; east: number } | null;
}

let spot = 0;
/** A point of its own near Kampala, apart from every other at the closest zoom. */
const nextPoint = () => {
  spot += 1;
  return { lat: KAMPALA.lat + spot * 0.001, lng: KAMPALA.lng + spot * 0.001 };
};

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  ana = await callerWith(t, 'Ana Field', FIELD_STAFF);
  ben = await callerWith(t, 'Ben Field', FIELD_STAFF);
  outsider = await callerWith(t, 'Olga Outside', FIELD_STAFF);
  const form = await publishedForm(t, admin.token, 'Household visit', [
    {
      field_label: 'Household name',
      field_name: 'household',
      field_type: 'text',
    },
    { field_label: 'Home', field_name: 'home', field_type: 'geo-location' },
    {
      field_label: 'Water point',
      field_name: 'water',
      field_type: 'geo-location',
    },
  ]);
  revision = form.revisionIds[0]!;
  households = await insertTypeRecord(t.ctx.db, 'beneficiary_type', 'Household');
  wells = await insertTypeRecord(t.ctx.db, 'location_type', 'Well');
  const team = { program_head: [ana.id], teams: [ben.id] };
  open = await insertProgram(t.ctx.db, {
    name: 'Open Program',
    ...team,
    types: { beneficiary_types: [households], location_types: [wells] },
  });
  closed = await insertProgram(t.ctx.db, {
    name: 'Closed Program',
    ...team,
    types: { beneficiary_types: [households] },
  });
  await setDocumentVisible(t.ctx.db, open.id, 'ALL');
  await setDocumentVisible(t.ctx.db, closed.id, 'OWN');

  const doc = (who: Caller, program: { id: string }, formData: Record<string, unknown>, typeId = households): NewDocument => ({
    programId: program.id,
    module: typeId === households ? 'beneficiaries' : 'locations',
    typeId,
    formRevisionId: revision,
    createdBy: who.id,
    formData,
  });
  const docs: NewDocument[] = [];
  for (const who of [ana, ben, outsider]) {
    for (const program of [open, closed]) {
      for (let i = 0; i < 3; i++) docs.push(doc(who, program, { household: `${who.id} ${i}`, home: nextPoint() }));
      // Only the second geo-location answered: that is its place.
      docs.push(
        doc(who, program, {
          household: `${who.id} water only`,
          home: null,
          water: nextPoint(),
        }),
      );
      // No place at all: never on the map.
      docs.push(doc(who, program, { household: `${who.id} nowhere` }));
    }
  }
  docs.push(doc(ana, open, { household: 'A well', home: nextPoint() }, wells));
  await insertDocuments(t.ctx.db, docs);
});
afterAll(() => t?.close());

async function map(who: { token: string }, query: Record<string, string>): Promise<MapAnswer> {
  const res = await call('GET', '/dashboard/module/map', {
    token: who.token,
    query,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const query = (program: { name_slug: string }, extra: Record<string, string> = {}) => ({
  program_slug: program.name_slug,
  module_name: 'beneficiaries',
  ...WORLD,
  zoom: '22',
  ...extra,
});

/** Every document the explorer's list shows the caller (with the narrower filters given), with its answers. */
async function listed(who: { token: string }, program: { name_slug: string }, filters: Record<string, string> = {}): Promise<Document[]> {
  const res = await call('GET', '/dashboard/module/docs', {
    token: who.token,
    query: {
      program_slug: program.name_slug,
      module_name: 'beneficiaries',
      pageSize: '100',
      ...filters,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const page = res.json() as { data: Document[]; total: number };
  expect(page.total).toBeLessThan(100);
  return page.data;
}

/** The documents of the list that have a place: those whose household is not "… nowhere". */
async function placedInList(
  who: { token: string },
  program: { name_slug: string },
  filters: Record<string, string> = {},
): Promise<string[]> {
  const ids = (await listed(who, program, filters)).map((d) => d._id);
  const { rows } = await sql<{
    id: string;
  }>`select id from documents where id = any(${ids}::text[])
    and form_data ->> 'household' not like '% nowhere'`.execute(t.ctx.db);
  return rows.map((r) => r.id).sort();
}

const pointIds = (answer: MapAnswer) =>
  answer.clusters
    .map((c) => {
      expect(c.count).toBe(1);
      return c.document_id!;
    })
    .sort();

describe('GET /dashboard/module/map', () => {
  it('shows every caller exactly the documents their list shows that have a place', async () => {
    const cases: Array<[string, { token: string }, { name_slug: string }, number]> = [
      // Admin: every document with a place; the team of an ALL program: all of it; OWN: one's own.
      ['admin, open', admin, open, 12],
      ['admin, closed', admin, closed, 12],
      ['head, open (ALL)', ana, open, 12],
      ['member, open (ALL)', ben, open, 12],
      ['head, closed (OWN)', ana, closed, 4],
      ['member, closed (OWN)', ben, closed, 4],
    ];
    for (const [label, who, program, expected] of cases) {
      const answer = await map(who, query(program));
      const expectedIds = await placedInList(who, program);
      expect(expectedIds, label).toHaveLength(expected);
      expect(pointIds(answer), label).toEqual(expectedIds);
      expect(answer.total, label).toBe(expected);
    }
  });

  it("narrows to the list's filters: a submitter, processed or not, a range of days", async () => {
    await sql`update documents set processed_at = now() where created_by = ${ana.id}`.execute(t.ctx.db);
    const today = new Date().toISOString().slice(0, 10);
    const cases: Array<[string, Record<string, string>, number]> = [
      ['submitted by Ben', { submitted_by: ben.id }, 4],
      ['processed', { processed: 'true' }, 4],
      ['not processed', { processed: 'false' }, 8],
      ['submitted today', { from: today, to: today }, 12],
      ['submitted before 2000', { to: '1999-12-31' }, 0],
    ];
    for (const [label, filters, expected] of cases) {
      const expectedIds = await placedInList(admin, open, filters);
      expect(expectedIds, label).toHaveLength(expected);
      expect(pointIds(await map(admin, query(open, filters))), label).toEqual(expectedIds);
    }
    await sql`update documents set processed_at = null where created_by = ${ana.id}`.execute(t.ctx.db);
  });

  it("places a document at its first answered geo-location, in the form's order, and follows a change of the answers", async () => {
    const [doc] = (
      await sql<{
        id: string;
      }>`insert into documents (id, local_id, program_id, module, type_id, form_revision_id, form_data, created_by)
        values (gen_random_uuid()::text, 'map-moves', ${open.id}, 'locations', ${wells}, ${revision},
          ${JSON.stringify({ water: { lat: -1.5, lng: 30.5 }, home: { lat: -1.25, lng: 30.25 } })}::jsonb, ${admin.user._id}) returning id`.execute(
        t.ctx.db,
      )
    ).rows;
    const wellsQuery = query(open, {
      module_name: 'locations',
      doc_id: wells,
      south: '-2',
      north: '0',
      west: '30',
      east: '31',
    });
    expect((await map(admin, wellsQuery)).clusters).toMatchObject([{ lat: -1.25, lng: 30.25, count: 1, document_id: doc!.id }]);

    await sql`update documents set form_data = ${JSON.stringify({ water: { lat: -1.75, lng: 30.75 } })}::jsonb where id = ${doc!.id}`.execute(
      t.ctx.db,
    );
    expect((await map(admin, wellsQuery)).clusters).toMatchObject([{ lat: -1.75, lng: 30.75, count: 1, document_id: doc!.id }]);

    await sql`update documents set form_data = '{}'::jsonb where id = ${doc!.id}`.execute(t.ctx.db);
    expect((await map(admin, wellsQuery)).clusters).toEqual([]);
  });

  it('gathers near points into one cell as the zoom falls, and answers only what lies inside the box', async () => {
    const close = await map(admin, query(open, { zoom: '22' }));
    expect(close.clusters).toHaveLength(12);
    const far = await map(admin, query(open, { zoom: '3' }));
    expect(far.clusters).toHaveLength(1);
    const [cell] = far.clusters;
    expect(cell!.count).toBe(12);
    expect(cell!.document_id).toBeUndefined();
    expect(far.bounds).toEqual({
      south: cell!.south,
      west: cell!.west,
      north: cell!.north,
      east: cell!.east,
    });
    expect(cell!.south).toBeCloseTo(Math.min(...close.clusters.map((c) => c.lat)), 9);
    expect(cell!.north).toBeCloseTo(Math.max(...close.clusters.map((c) => c.lat)), 9);

    // The box's southern half of the points only.
    const middle = (cell!.south + cell!.north) / 2;
    const south = await map(admin, query(open, { north: String(middle.toFixed(9)) }));
    expect(south.total).toBe(close.clusters.filter((c) => c.lat <= middle).length);
    expect(south.total).toBeGreaterThan(0);
    expect(south.total).toBeLessThan(12);
    // Elsewhere on the globe: nothing, and no bounds.
    expect(await map(admin, query(open, { south: '10', north: '20' }))).toEqual({ clusters: [], total: 0, truncated: false, bounds: null });
  });

  it(`answers at most ${MAX_CLUSTERS} cells, the largest first, and says the rest were left out`, async () => {
    const crowded = await insertProgram(t.ctx.db, {
      name: 'Crowded Program',
      types: { beneficiary_types: [households] },
    });
    const docs: NewDocument[] = [];
    // One more cell than the answer holds (points 0.5° apart: a cell each at zoom 10), one cell holding three.
    for (let i = 0; i <= MAX_CLUSTERS; i++) {
      const home = {
        lat: -40 + Math.floor(i / 30) * 0.5,
        lng: -10 + (i % 30) * 0.5,
      };
      docs.push({
        programId: crowded.id,
        module: 'beneficiaries',
        typeId: households,
        formRevisionId: revision,
        createdBy: admin.user._id,
        formData: { home },
      });
    }
    for (let i = 0; i < 2; i++)
      docs.push({
        ...docs[0]!,
        formData: { home: { lat: -40.001, lng: -10.001 } },
      });
    await insertDocuments(t.ctx.db, docs);
    const answer = await map(admin, query(crowded, { zoom: '10' }));
    expect(answer.clusters).toHaveLength(MAX_CLUSTERS);
    expect(answer.truncated).toBe(true);
    expect(answer.total).toBe(MAX_CLUSTERS + 3);
    expect(answer.clusters[0]!.count).toBe(3);
    expect(answer.clusters.slice(1).every((c) => c.count === 1)).toBe(true);
  });

  it('refuses a box off the globe or inside out, and a zoom out of range, naming the field', async () => {
    const refused = async (extra: Record<string, string>, field: string) => {
      const res = await call('GET', '/dashboard/module/map', {
        token: admin.token,
        query: { ...query(open), ...extra },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().fields, JSON.stringify(extra)).toHaveProperty(field);
      expect(res.json().message).toMatch(new RegExp(field, 'i'));
    };
    await refused({ north: '-10', south: '10' }, 'north');
    await refused({ east: '-10', west: '10' }, 'east');
    await refused({ south: '-91' }, 'south');
    await refused({ west: '-180.5' }, 'west');
    await refused({ east: '1e3' }, 'east');
    await refused({ north: 'north' }, 'north');
    await refused({ zoom: '23' }, 'zoom');
    await refused({ zoom: '-1' }, 'zoom');
    const { south: _south, ...withoutSouth } = query(open);
    const res = await call('GET', '/dashboard/module/map', {
      token: admin.token,
      query: withoutSouth,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('south');
  });

  it("answers a program the caller may not explore as one that does not exist, as the list does, and needs the explorer's flag", async () => {
    // Olga submitted to both programs but is on neither team: neither the list nor the map shows them.
    for (const program of [open, closed]) {
      const listRes = await call('GET', '/dashboard/module/docs', {
        token: outsider.token,
        query: {
          program_slug: program.name_slug,
          module_name: 'beneficiaries',
        },
      });
      expect(listRes.statusCode).toBe(404);
      const res = await call('GET', '/dashboard/module/map', {
        token: outsider.token,
        query: query(program),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Program not found',
      });
    }
    const noExplorer = await callerWith(t, 'Nick Noexplore', flags(true, { can_explore_data: false }));
    const refused = await call('GET', '/dashboard/module/map', {
      token: noExplorer.token,
      query: query(open),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      permission: 'can_explore_data',
    });
  });
});
