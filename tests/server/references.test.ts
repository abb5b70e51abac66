/**
 * References, labelled choices and nullable fields of a generic resource, through the test-only
 * fixture entities (a site refers to a region and has a labelled `kind`): the existence check
 * and the foreign key on write, the in-use count on delete, both ways of a delete racing a
 * write, lists that sort by the referenced name and filter by id, and the refusals' wording.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { installFixtureModel } from '../support/fixture-model.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type Session, type TestServer } from '../support/test-server.ts';
import { caller, type CallOptions, type Method } from '../support/http.ts';
import { untilSomeoneWaitsOnALock } from '../support/lock-waits.ts';
import { withGenericTables } from '../../server/db/database.ts';

installFixtureModel();

let t: TestServer;
let admin: Session;
const db = () => withGenericTables(t.ctx.db);
const api = (method: Method, url: string, opts: Omit<CallOptions, 'token'> = {}) =>
  caller(() => t.api.app)(method, url, { ...opts, token: admin.token });

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(() => t?.close());

/** A fixture record as the api answers it (schemas in tests/fixtures/model/). */
interface Answered {
  _id: string;
  name: string;
  [field: string]: unknown;
}

let serial = 0;
async function region(name: string, extra: Record<string, unknown> = {}): Promise<Answered> {
  const res = await api('POST', '/fixture-region', { payload: { name, code: `R${++serial}`, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
async function site(name: string, regionId: string, extra: Record<string, unknown> = {}): Promise<Answered> {
  const res = await api('POST', '/fixture-site', { payload: { name, region: regionId, kind: 'urban', ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const siteCount = async () =>
  Number(
    (
      await db()
        .selectFrom('fixture_site')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const listed = async (path: string, query: Record<string, string>) => {
  const res = await api('GET', path, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Answered[];
};

describe('a reference on write', () => {
  it('is stored and answered as the referenced record’s id', async () => {
    const north = await region('North');
    const created = await site('Well 1', north._id);
    expect(created).toMatchObject({ name: 'Well 1', region: north._id, kind: 'urban' });
    expect((await api('GET', `/fixture-site/${created._id}`)).json().region).toBe(north._id);
  });

  it('must name a record that exists: 400 naming the field by its title, on add and on change', async () => {
    const before = await siteCount();
    const res = await api('POST', '/fixture-site', { payload: { name: 'Nowhere Well', region: 'no-such-region', kind: 'rural' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Region does not exist',
      fields: { region: 'Region does not exist' },
    });
    expect(await siteCount()).toBe(before);

    const kept = await site('Well 2', (await region('South'))._id);
    const moved = await api('PATCH', `/fixture-site/${kept._id}`, { payload: { region: 'no-such-region' } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ region: 'Region does not exist' });
    expect((await api('GET', `/fixture-site/${kept._id}`)).json().region).toBe(kept.region);
  });

  it('may not be set or changed to an inactive record, but a site keeps the region it has when that one is switched off', async () => {
    const closed = await region('Closed Region', { status: false });
    const refused = await api('POST', '/fixture-site', { payload: { name: 'Late Well', region: closed._id, kind: 'camp' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { region: 'Region is inactive' } });

    const open = await region('Open Region');
    const held = await site('Held Well', open._id);
    expect((await api('PATCH', `/fixture-site/${held._id}`, { payload: { region: closed._id } })).json().fields).toEqual({
      region: 'Region is inactive',
    });

    // The region it already has is switched off: the site stays editable, and sending the same region again is no change.
    expect((await api('PATCH', `/fixture-region/${open._id}`, { payload: { status: false } })).statusCode).toBe(200);
    const renamed = await api('PATCH', `/fixture-site/${held._id}`, { payload: { name: 'Held Well (renamed)', region: open._id } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Held Well (renamed)', region: open._id });
  });
});

describe('deleting a record others refer to', () => {
  it('answers 409 IN_USE naming how many hold it, and keeps it; once nothing refers to it, it goes', async () => {
    const busy = await region('Busy Region');
    const sites = [await site('Busy 1', busy._id), await site('Busy 2', busy._id), await site('Busy 3', busy._id)];
    const res = await api('DELETE', `/fixture-region/${busy._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'IN_USE', message: '3 Fixture Sites use this Fixture Region' });
    expect((await api('GET', `/fixture-region/${busy._id}`)).statusCode).toBe(200);

    for (const s of sites.slice(1)) expect((await api('DELETE', `/fixture-site/${s._id}`)).statusCode).toBe(200);
    expect((await api('DELETE', `/fixture-region/${busy._id}`)).json().message).toBe('1 Fixture Site uses this Fixture Region');

    expect((await api('DELETE', `/fixture-site/${sites[0]!._id}`)).statusCode).toBe(200);
    const gone = await api('DELETE', `/fixture-region/${busy._id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json()).toMatchObject({ _id: busy._id, name: 'Busy Region' });
  });
});

/**
 * Two admins at once: one adds a site while the other deletes its region. One side holds its
 * transaction open until the other's statement waits on the region's row, then commits: the
 * loser meets the foreign key (or the delete's count) exactly as in the race.
 */
describe('a delete racing a write that refers to the same record', () => {
  it('the add loses: 400 "Region does not exist" (the foreign key), never a 500, and no site', async () => {
    const doomed = await region('Doomed Region');
    const before = await siteCount();
    const trx = await db().startTransaction().execute();
    await trx.deleteFrom('fixture_region').where('id', '=', doomed._id).execute();
    const adding = (async () => api('POST', '/fixture-site', { payload: { name: 'Orphan Well', region: doomed._id, kind: 'urban' } }))();
    await untilSomeoneWaitsOnALock(db(), 'adding the site');
    await trx.commit().execute();
    const res = await adding;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Region does not exist',
      fields: { region: 'Region does not exist' },
    });
    expect(await siteCount()).toBe(before);
  });

  it('the delete loses: 409 naming the site that now holds the region, which stays', async () => {
    const contested = await region('Contested Region');
    const trx = await db().startTransaction().execute();
    await trx
      .insertInto('fixture_site')
      .values({
        id: crypto.randomUUID(),
        name: 'Racing Well',
        region: contested._id,
        kind: 'rural',
        status: true,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    const deleting = (async () => api('DELETE', `/fixture-region/${contested._id}`))();
    await untilSomeoneWaitsOnALock(db(), 'deleting the region');
    await trx.commit().execute();
    const res = await deleting;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({ code: 'IN_USE', message: '1 Fixture Site uses this Fixture Region' });
    expect((await api('GET', `/fixture-region/${contested._id}`)).statusCode).toBe(200);
  });
});

describe('a list of records with a reference', () => {
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['zeta', 'Alpha', 'mid']) ids[name] = (await region(`Sort ${name}`, { code: `S-${name}` }))._id;
    await site('Sorted a', ids.zeta!, { kind: 'camp' });
    await site('Sorted b', ids.Alpha!, { kind: 'camp' });
    await site('Sorted c', ids.mid!, { kind: 'camp' });
    await site('Sorted d', ids.Alpha!, { kind: 'camp' });
  });
  const sorted = (order: 'ASC' | 'DESC') =>
    listed('/fixture-site', { sort: JSON.stringify(['region', order]), filter: '{"kind":"camp","q":"Sorted"}' }).then((rows) =>
      rows.map((r) => r.region),
    );

  it('sorts by the referenced record’s name, case-insensitively, not by its id', async () => {
    expect(await sorted('ASC')).toEqual([ids.Alpha, ids.Alpha, ids.mid, ids.zeta]);
    expect(await sorted('DESC')).toEqual([ids.zeta, ids.mid, ids.Alpha, ids.Alpha]);
  });

  it('filters by the referenced id, or by any of a list of ids, and pages with Content-Range', async () => {
    expect((await listed('/fixture-site', { filter: JSON.stringify({ region: ids.Alpha }) })).map((r) => r.name)).toEqual([
      'Sorted b',
      'Sorted d',
    ]);
    const res = await api('GET', '/fixture-site', {
      query: { filter: JSON.stringify({ region: [ids.Alpha, ids.zeta] }), sort: '["name","ASC"]', range: '[0,1]' },
    });
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(['Sorted a', 'Sorted b']);
    expect(res.headers['content-range']).toBe('fixture_site 0-1/3');
  });

  it('refuses a reference filter that is not an id with 400', async () => {
    const res = await api('GET', '/fixture-site', { query: { filter: '{"region":{"name":"North"}}' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { filter: expect.stringMatching(/^To filter by region, give the id of a record/) },
    });
  });
});

describe('lists answer exactly the records named by filter={"id":[...]} (react-admin getMany)', () => {
  it('on a generic resource, in one request, whatever else exists', async () => {
    const [a, , c] = [await region('Many A'), await region('Many B'), await region('Many C')];
    const rows = await listed('/fixture-region', { filter: JSON.stringify({ id: [c!._id, a!._id, 'no-such-id'] }) });
    expect(rows.map((r) => r._id).sort()).toEqual([a!._id, c!._id].sort());
    expect(await listed('/fixture-region', { filter: '{"id":[]}' })).toEqual([]);
    expect((await listed('/fixture-region', { filter: JSON.stringify({ id: a!._id }) })).map((r) => r.name)).toEqual(['Many A']);
  });

  it('refuses more than 1000 ids with 400', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const res = await api('GET', '/fixture-region', { query: { filter: JSON.stringify({ id: ids }) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'BAD_REQUEST',
      fields: { filter: 'A filter list may hold at most 1000 values; id holds 1001' },
    });
    const most = await api('GET', '/fixture-region', { query: { filter: JSON.stringify({ id: ids.slice(0, 1000) }) } });
    expect(most.statusCode).toBe(200);
  });
});

describe('pickers: filter={"status":true} offers active records only', () => {
  it('on a generic resource', async () => {
    await region('Picker Active');
    await region('Picker Inactive', { status: false });
    const rows = await listed('/fixture-region', { filter: '{"status":true,"q":"Picker"}', range: '[0,24]' });
    expect(rows.map((r) => r.name)).toEqual(['Picker Active']);
  });
});

describe('a labelled choice', () => {
  it('refuses a value that is not one of the options with a 400 naming the field and the options’ titles', async () => {
    const home = await region('Choice Region');
    const res = await api('POST', '/fixture-site', { payload: { name: 'Odd Well', region: home._id, kind: 'metro' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Kind must be one of Urban, Rural, Camp',
      fields: { kind: 'Kind must be one of Urban, Rural, Camp' },
    });

    const kept = await site('Choice Well', home._id);
    const patched = await api('PATCH', `/fixture-site/${kept._id}`, { payload: { kind: 7 } });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual({ kind: 'Kind must be one of Urban, Rural, Camp' });
  });

  it('a value the table’s CHECK still refuses (the table knows fewer options than the schema) is a 400 INVALID_VALUE naming the field, never a 500', async () => {
    const home = await region('Check Region');
    await sql`alter table fixture_site drop constraint if exists fixture_site_kind_choices`.execute(db());
    // NOT VALID: the camp sites already stored stay; a new one meets the check.
    await sql`alter table fixture_site add constraint fixture_site_kind_choices check (kind in ('urban', 'rural')) not valid`.execute(db());
    try {
      const res = await api('POST', '/fixture-site', { payload: { name: 'Camp Well', region: home._id, kind: 'camp' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_VALUE',
        message: 'Kind must be one of Urban, Rural, Camp',
        fields: { kind: 'Kind must be one of Urban, Rural, Camp' },
      });
    } finally {
      await sql`alter table fixture_site drop constraint fixture_site_kind_choices`.execute(db());
      await sql`alter table fixture_site add constraint fixture_site_kind_choices check (kind in ('urban', 'rural', 'camp'))`.execute(db());
    }
  });
});

describe('an optional field is nullable', () => {
  it('is cleared with null and answered as null; a required field sent as null is a 400 naming it', async () => {
    const described = await region('Described Region', { description: 'Hills and rivers' });
    const cleared = await api('PATCH', `/fixture-region/${described._id}`, { payload: { description: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().description).toBeNull();
    expect((await api('GET', `/fixture-region/${described._id}`)).json()).toMatchObject({ name: 'Described Region', description: null });
    expect((await region('Undescribed Region')).description).toBeNull();
    // Blank is no description: stored as null, like a cleared one.
    expect((await api('PATCH', `/fixture-region/${described._id}`, { payload: { description: '   ' } })).json().description).toBeNull();

    const nameless = await api('PATCH', `/fixture-region/${described._id}`, { payload: { name: null } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: expect.stringMatching(/^Name /) } });
    expect((await api('GET', `/fixture-region/${described._id}`)).json().name).toBe('Described Region');
  });

  it('is cleared by blank text too, though it has a minLength; text too short is still refused', async () => {
    const described = await region('Short Region', { description: 'Dunes' });
    const blank = await api('PATCH', `/fixture-region/${described._id}`, { payload: { description: '  ' } });
    expect(blank.statusCode, blank.body).toBe(200);
    expect(blank.json().description).toBeNull();
    const short = await api('PATCH', `/fixture-region/${described._id}`, { payload: { description: ' x ' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ description: 'Description must be at least 2 characters' });
    const nameless = await api('PATCH', `/fixture-region/${described._id}`, { payload: { name: '   ' } });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fields).toEqual({ name: 'Name is required' });
  });

  it('an optional reference is cleared with null or blank text; a required one sent blank is required', async () => {
    const north = await region('Parent North');
    const child = await region('Child Region', { parent: north._id });
    expect(child.parent).toBe(north._id);
    for (const cleared of ['', '  ', null]) {
      await api('PATCH', `/fixture-region/${child._id}`, { payload: { parent: north._id } });
      const res = await api('PATCH', `/fixture-region/${child._id}`, { payload: { parent: cleared } });
      expect(res.statusCode, `${JSON.stringify(cleared)}: ${res.body}`).toBe(200);
      expect(res.json().parent).toBeNull();
    }
    const home = await site('Parentless Well', north._id);
    const blank = await api('PATCH', `/fixture-site/${home._id}`, { payload: { region: ' ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ region: 'Region is required' });
  });

  it('an optional labelled choice is set, cleared with null or blank text, and still refuses a value not among its options', async () => {
    const home = await region('Zone Region');
    const zoned = await site('Zoned Well', home._id, { zone: 'north' });
    expect(zoned.zone).toBe('north');
    expect((await site('Unzoned Well', home._id)).zone).toBeNull();
    for (const cleared of [null, '', '   ']) {
      await api('PATCH', `/fixture-site/${zoned._id}`, { payload: { zone: 'south' } });
      const res = await api('PATCH', `/fixture-site/${zoned._id}`, { payload: { zone: cleared } });
      expect(res.statusCode, `${JSON.stringify(cleared)}: ${res.body}`).toBe(200);
      expect(res.json().zone).toBeNull();
    }
    expect((await api('GET', `/fixture-site/${zoned._id}`)).json().zone).toBeNull();

    const wrong = await api('PATCH', `/fixture-site/${zoned._id}`, { payload: { zone: 'east' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Zone must be one of North, South',
      fields: { zone: 'Zone must be one of North, South' },
    });
    // A required choice has no empty value: blank is a value not among the options.
    const kindless = await api('PATCH', `/fixture-site/${zoned._id}`, { payload: { kind: '' } });
    expect(kindless.statusCode).toBe(400);
    expect(kindless.json().fields).toEqual({ kind: 'Kind must be one of Urban, Rural, Camp' });
  });

  it('sorts after every value in either direction', async () => {
    await region('Null Sort 1', { description: 'bravo' });
    await region('Null Sort 2');
    await region('Null Sort 3', { description: 'Alpha' });
    const order = async (dir: string) =>
      (await listed('/fixture-region', { sort: JSON.stringify(['description', dir]), filter: '{"q":"Null Sort"}' })).map((r) => r.name);
    expect(await order('ASC')).toEqual(['Null Sort 3', 'Null Sort 1', 'Null Sort 2']);
    expect(await order('DESC')).toEqual(['Null Sort 1', 'Null Sort 3', 'Null Sort 2']);
  });
});

describe('an integer property', () => {
  it('is answered as a JSON number, in one record and in lists, exactly up to the largest safe integer', async () => {
    const home = await region('Counted Region');
    const counted = await site('Counted Well', home._id, { population: 12345 });
    expect(counted.population).toBe(12345);
    expect((await api('GET', `/fixture-site/${counted._id}`)).json().population).toBe(12345);
    const row = (await listed('/fixture-site', { filter: JSON.stringify({ q: 'Counted Well' }) }))[0]!;
    expect(row.population).toBe(12345);

    const largest = await api('PATCH', `/fixture-site/${counted._id}`, { payload: { population: Number.MAX_SAFE_INTEGER } });
    expect(largest.statusCode, largest.body).toBe(200);
    expect((await api('GET', `/fixture-site/${counted._id}`)).body).toContain('"population":9007199254740991');
    const cleared = await api('PATCH', `/fixture-site/${counted._id}`, { payload: { population: null } });
    expect(cleared.json().population).toBeNull();
  });

  it('beyond the largest safe integer (which JSON would round) is a 400 naming the field, and nothing is stored', async () => {
    const home = await region('Huge Region');
    const kept = await site('Huge Well', home._id, { population: 7 });
    const cases: Array<[string, string]> = [
      ['9007199254740993', 'Population must be at most 9007199254740991'],
      ['1e300', 'Population must be at most 9007199254740991'],
      ['-9007199254740993', 'Population must be at least -9007199254740991'],
      ['2.5', 'Population must be an integer or null'],
    ];
    for (const [sent, message] of cases) {
      const res = await api('PATCH', `/fixture-site/${kept._id}`, {
        payload: `{"population":${sent}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, sent).toBe(400);
      expect(res.json(), sent).toEqual({ code: 'VALIDATION_FAILED', message, fields: { population: message } });
    }
    expect((await api('GET', `/fixture-site/${kept._id}`)).json().population).toBe(7);
  });
});
