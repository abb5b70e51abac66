/**
 * A CSV export writes each cell as the table shows it: a labelled choice by its title, a
 * reference by the referenced record's name (its recordRepresentation), through the fixture
 * entities (a site refers to a region and has a labelled `kind`). Names are looked up once per
 * page of rows, not once per row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Readable } from 'node:stream';
import type { KyselyPlugin } from 'kysely';
import { installFixtureModel } from '../support/fixture-model.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { createBaseApp } from '../../server/http/create-app.ts';
import { exportRoutes } from '../../server/crud/export-routes.ts';
import { csvExport, type ListRows } from '../../server/crud/list-export.ts';
import { GenericStore } from '../../server/crud/generic-store.ts';
import { resourceEntry, resourceNamed, resourceSchema } from '@model/schema-registry.ts';

installFixtureModel();

let t: TestServer;
let admin: Session;
const api = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
  caller(() => t.api.app)(method, url, { ...opts, token: admin.token });

async function created(path: string, payload: Record<string, unknown>): Promise<string> {
  const res = await api('POST', path, { payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id;
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const north = await created('/fixture-region', { name: 'North', code: 'N' });
  const south = await created('/fixture-region', { name: 'South', code: 'S' });
  await created('/fixture-site', { name: 'Well 1', region: north, kind: 'rural' });
  await created('/fixture-site', { name: 'Well 2', region: south, kind: 'urban', description: 'By the road' });
  await created('/fixture-site', { name: 'Well 3', region: north, kind: 'camp', status: false });
  await created('/fixture-site', { name: 'Well 4', region: south, kind: 'camp' });
  await created('/fixture-site', { name: 'Well 5', region: north, kind: 'urban' });
});
afterAll(() => t?.close());

/** The CSV body as lines, without the byte-order mark. */
function lines(body: string): string[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return body.slice(1).split('\r\n');
}

const EXPECTED = [
  'Name,Region,Kind,Description,Status',
  'Well 1,North,Rural,,Active',
  'Well 2,South,Urban,By the road,Active',
  'Well 3,North,Camp,,Inactive',
  'Well 4,South,Camp,,Active',
  'Well 5,North,Urban,,Active',
];

describe('GET /fixture-site/export.csv', () => {
  it('writes a labelled choice by its title and a reference by the referenced record’s name, as the table shows them', async () => {
    const site = resourceEntry(resourceNamed('fixture_site'));
    const { app } = await createBaseApp(t.ctx, 'api');
    // The fixture map entry does not export; the route is built as it would be for one that does.
    exportRoutes(app, t.ctx, 'api', {}, { fixture_site: { ...site, list: { ...site.list!, export: true } } });
    await app.ready();
    try {
      const res = await caller(() => app)('GET', '/fixture-site/export.csv', { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      expect(lines(res.body)).toEqual(EXPECTED);
      const filtered = await caller(() => app)('GET', '/fixture-site/export.csv', {
        token: admin.token,
        query: { filter: '{"kind":"camp"}', sort: '["region","DESC"]', columns: '["region","kind","name"]' },
      });
      expect(lines(filtered.body)).toEqual(['Region,Kind,Name', 'South,Camp,Well 4', 'North,Camp,Well 3']);
    } finally {
      await app.close();
    }
  });

  it('looks the names up once per page of rows, not once per row', async () => {
    // Every statement the export runs that reads the region table.
    let regionLookups = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => {
        if (JSON.stringify(args.node).includes('"fixture_region"')) regionLookups++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = t.ctx.db.withPlugin(counting);
    const store = new GenericStore(resourceNamed('fixture_site'));
    const plan = {
      schema: resourceSchema(resourceNamed('fixture_site')),
      statusField: 'status',
      columns: ['name', 'region', 'kind', 'description', 'status'],
      params: { sort: { field: 'name', order: 'ASC' as const }, equals: {} },
      listRows: ((trx, params) => store.list(trx, params)) satisfies ListRows,
    };
    const stream: Readable = await csvExport(db, plan, 2);
    let text = '';
    for await (const chunk of stream) text += chunk.toString();
    expect(lines(text)).toEqual(EXPECTED);
    expect(regionLookups).toBe(3); // pages of 2, 2 and 1 rows
  });
});
