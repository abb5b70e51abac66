/**
 * The console's data provider against a fake auth server (MSW): the spec's paths and verbs,
 * the list query convention with Content-Range, _id ↔ id, the bearer token, server errors as
 * HttpErrors, the refresh-on-401 (spec 1 §4, §7) and routing by schemas/resources.json.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../src/providers/data-provider';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { resourceMap } from '@model/schema-registry';
import { makeUser, signIn, stored } from './support/session';

const AUTH = 'http://auth.test';
const API = 'http://api.test';

interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
  body: unknown;
}

const seen: Seen[] = [];
const server = setupServer();

const pendingBodies: Promise<void>[] = [];
server.events.on('request:start', ({ request }) => {
  const entry: Seen = {
    method: request.method,
    url: new URL(request.url),
    authorization: request.headers.get('authorization'),
    body: undefined,
  };
  seen.push(entry);
  pendingBodies.push(
    request
      .clone()
      .text()
      .then((text) => {
        entry.body = text ? JSON.parse(text) : undefined;
      }),
  );
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  seen.length = 0;
  pendingBodies.length = 0;
  setRuntimeConfig({ authUrl: AUTH, apiUrl: API });
  signIn('tok-1');
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const designation = (id: string, name: string, status = true) => ({
  _id: id,
  name,
  status,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
});

/** Waits until the recorded requests' bodies have been read. */
const settle = async () => {
  await Promise.all(pendingBodies);
};

describe('getList', () => {
  it('sends sort, range and filter as JSON query parameters and reads the total from Content-Range', async () => {
    server.use(
      http.get(`${AUTH}/designation`, () =>
        HttpResponse.json([designation('d11', 'Abbot'), designation('d12', 'Abbey')], {
          headers: { 'Content-Range': 'designation 10-11/12' },
        }),
      ),
    );

    const result = await dataProvider.getList('designation', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'ab' },
    });

    await settle();
    expect(seen).toHaveLength(1);
    const { method, url } = seen[0];
    expect(method).toBe('GET');
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTH}/designation`);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([10, 19]);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'ab' });

    expect(result.total).toBe(12);
    expect(result.data.map((r) => r.id)).toEqual(['d11', 'd12']);
    expect(result.data[0]).toMatchObject({ id: 'd11', _id: 'd11', name: 'Abbot', status: true });
  });

  it('with perPage -1 ("All") sends no range and counts the answer for the total', async () => {
    server.use(
      http.get(`${AUTH}/designation`, () =>
        HttpResponse.json([designation('d1', 'A'), designation('d2', 'B'), designation('d3', 'C')]),
      ),
    );

    const result = await dataProvider.getList('designation', {
      pagination: { page: 1, perPage: -1 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });

    await settle();
    expect(seen[0].url.searchParams.has('range')).toBe(false);
    expect(seen[0].url.searchParams.has('filter')).toBe(false);
    expect(result.total).toBe(3);
    expect(result.data.map((r) => r.id)).toEqual(['d1', 'd2', 'd3']);
  });

  it("sends a sort on 'id' as a sort on '_id'", async () => {
    server.use(http.get(`${AUTH}/designation`, () => HttpResponse.json([], { headers: { 'Content-Range': 'designation */0' } })));

    const result = await dataProvider.getList('designation', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: {},
    });

    await settle();
    expect(JSON.parse(seen[0].url.searchParams.get('sort')!)).toEqual(['_id', 'DESC']);
    expect(JSON.parse(seen[0].url.searchParams.get('range')!)).toEqual([0, 9]);
    expect(result).toEqual({ data: [], total: 0 });
  });
});

describe('one record', () => {
  it('getOne fetches /designation/{id} and exposes _id as id', async () => {
    server.use(http.get(`${AUTH}/designation/:id`, ({ params }) => HttpResponse.json(designation(String(params.id), 'Clerk'))));

    const { data } = await dataProvider.getOne('designation', { id: 'd7' });

    await settle();
    expect(seen[0].method).toBe('GET');
    expect(seen[0].url.href).toBe(`${AUTH}/designation/d7`);
    expect(data).toMatchObject({ id: 'd7', _id: 'd7', name: 'Clerk' });
  });

  it('create POSTs only the writable fields and answers with the new id', async () => {
    server.use(
      http.post(`${AUTH}/designation`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...designation('new-1', String(body.name)), status: body.status ?? true }, { status: 201 });
      }),
    );

    const { data } = await dataProvider.create('designation', {
      data: {
        id: 'x',
        _id: 'x',
        name: 'Surveyor',
        status: true,
        createdAt: '2020-01-01T00:00:00.000Z',
        updatedAt: '2020-01-01T00:00:00.000Z',
      },
    });

    await settle();
    expect(seen[0].method).toBe('POST');
    expect(seen[0].url.href).toBe(`${AUTH}/designation`);
    expect(seen[0].body).toEqual({ name: 'Surveyor', status: true });
    expect(data.id).toBe('new-1');
    expect(data).toMatchObject({ name: 'Surveyor' });
  });

  it('update PATCHes /designation/{id} with only the fields that changed', async () => {
    server.use(
      http.patch(`${AUTH}/designation/:id`, async ({ params, request }) =>
        HttpResponse.json({ ...designation(String(params.id), 'A'), ...((await request.json()) as object) }),
      ),
    );

    const { data } = await dataProvider.update('designation', {
      id: 'd1',
      data: { id: 'd1', _id: 'd1', name: 'B', status: true },
      previousData: { id: 'd1', _id: 'd1', name: 'A', status: true },
    });

    await settle();
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].url.href).toBe(`${AUTH}/designation/d1`);
    expect(seen[0].body).toEqual({ name: 'B' });
    expect(data).toMatchObject({ id: 'd1', name: 'B', status: true });
  });

  it('a role update never sends its permission flags (PATCH /role/{id}: role only, spec 1 §7)', async () => {
    server.use(
      http.patch(`${AUTH}/role/:id`, async ({ params, request }) =>
        HttpResponse.json({ _id: params.id, status: true, ...((await request.json()) as object) }),
      ),
    );

    await dataProvider.update('role', {
      id: 'r1',
      data: { id: 'r1', _id: 'r1', role: 'Surveyor', permission: { can_get_user: true } },
      previousData: { id: 'r1', _id: 'r1', role: 'Field staff', permission: { can_get_user: false } },
    });

    await settle();
    expect(seen.map((s) => `${s.method} ${s.url.pathname}`)).toEqual(['PATCH /role/r1']);
    expect(seen[0].body).toEqual({ role: 'Surveyor' });
  });

  it('update with nothing changed makes no request and keeps the record', async () => {
    const previousData = { id: 'd1', _id: 'd1', name: 'A', status: true };

    const { data } = await dataProvider.update('designation', { id: 'd1', data: { ...previousData }, previousData });

    await settle();
    expect(seen).toHaveLength(0);
    expect(data).toEqual(previousData);
  });

  it('delete sends DELETE /designation/{id} and answers the deleted record', async () => {
    server.use(http.delete(`${AUTH}/designation/:id`, ({ params }) => HttpResponse.json(designation(String(params.id), 'Gone', false))));

    const { data } = await dataProvider.delete('designation', { id: 'd9', previousData: { id: 'd9', name: 'Gone' } });

    await settle();
    expect(seen[0].method).toBe('DELETE');
    expect(seen[0].url.href).toBe(`${AUTH}/designation/d9`);
    expect(data).toMatchObject({ id: 'd9', name: 'Gone', status: false });
  });
});

describe('token and errors', () => {
  it("sends the token stored under 'fieldbase' as a bearer token", async () => {
    localStorage.clear();
    signIn('stored-token-42');
    server.use(http.get(`${AUTH}/designation`, () => HttpResponse.json([])));

    await dataProvider.getList('designation', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} });

    await settle();
    expect(seen[0].authorization).toBe('Bearer stored-token-42');
  });

  it("turns the server's error body into an HttpError with its message, status and per-field errors", async () => {
    server.use(
      http.post(`${AUTH}/designation`, () =>
        HttpResponse.json(
          { message: 'Name is required', code: 'VALIDATION_FAILED', fields: { name: 'Name is required' } },
          { status: 400 },
        ),
      ),
    );

    const error = await dataProvider.create('designation', { data: { name: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.message).toBe('Name is required');
    expect(httpError.status).toBe(400);
    expect(httpError.body.errors).toEqual({ name: 'Name is required' });
    expect(httpError.body.code).toBe('VALIDATION_FAILED');
  });
});

describe('refresh on 401 (spec 1 §4)', () => {
  it('verifies the stored token once, replays the call with the new token and keeps it', async () => {
    const refreshedUser = makeUser({ can_get_designation: true }, { first_name: 'Refreshed' });
    server.use(
      http.get(`${AUTH}/designation`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json([designation('d1', 'A')], { headers: { 'Content-Range': 'designation 0-0/1' } })
          : HttpResponse.json({ message: 'Session ended' }, { status: 401 }),
      ),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: refreshedUser, token: 'new' }, { status: 401 })),
    );

    const result = await dataProvider.getList('designation', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: {},
    });

    await settle();
    expect(result.data.map((r) => r.id)).toEqual(['d1']);
    const verifies = seen.filter((s) => s.url.pathname === '/user/verify');
    expect(verifies).toHaveLength(1);
    expect(verifies[0].method).toBe('POST');
    expect(verifies[0].body).toEqual({ token: 'tok-1' });
    expect(seen.map((s) => `${s.method} ${s.url.pathname} ${s.authorization}`)).toEqual([
      'GET /designation Bearer tok-1',
      'POST /user/verify null',
      'GET /designation Bearer new',
    ]);
    expect(stored()).toMatchObject({ token: 'new', isLoggedIn: true, user: { first_name: 'Refreshed' } });
  });

  it('two calls failing with 401 together share one verify', async () => {
    server.use(
      http.get(`${AUTH}/designation/:id`, ({ request, params }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? HttpResponse.json(designation(String(params.id), 'X'))
          : HttpResponse.json({ message: 'Session ended' }, { status: 401 }),
      ),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: makeUser(), token: 'new' }, { status: 401 })),
    );

    const [a, b] = await Promise.all([
      dataProvider.getOne('designation', { id: 'a' }),
      dataProvider.getOne('designation', { id: 'b' }),
    ]);

    await settle();
    expect([a.data.id, b.data.id]).toEqual(['a', 'b']);
    expect(seen.filter((s) => s.url.pathname === '/user/verify')).toHaveLength(1);
  });

  it('rejects with status 401 when verify answers 401 without a token', async () => {
    server.use(
      http.get(`${AUTH}/designation`, () => HttpResponse.json({ message: 'Session ended' }, { status: 401 })),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ message: 'Session ended' }, { status: 401 })),
    );

    const error = await dataProvider
      .getList('designation', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} })
      .catch((e: unknown) => e);

    await settle();
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(seen.filter((s) => s.url.pathname === '/user/verify')).toHaveLength(1);
    expect(seen.filter((s) => s.url.pathname === '/designation')).toHaveLength(1);
    expect(stored()?.token).toBe('tok-1');
  });
});

describe('routing by schemas/resources.json', () => {
  it('sends designation (server "auth") to the auth server', async () => {
    expect(resourceMap.designation.server).toBe('auth');
    server.use(http.get(`${AUTH}/designation/:id`, ({ params }) => HttpResponse.json(designation(String(params.id), 'A'))));

    await dataProvider.getOne('designation', { id: 'd1' });

    await settle();
    expect(seen.map((s) => s.url.origin)).toEqual([AUTH]);
  });

  it('sends a resource whose entry names server "api" to the api server, at its path', async () => {
    resourceMap.gadget = { ...resourceMap.designation, server: 'api', path: 'gadgets' };
    try {
      server.use(http.get(`${API}/gadgets/:id`, ({ params }) => HttpResponse.json({ _id: params.id, name: 'G' })));

      const { data } = await dataProvider.getOne('gadget', { id: 'g1' });

      await settle();
      expect(seen.map((s) => s.url.href)).toEqual([`${API}/gadgets/g1`]);
      expect(data).toMatchObject({ id: 'g1', name: 'G' });
    } finally {
      delete resourceMap.gadget;
    }
  });

  it('refuses a resource that is not in the map, naming it', async () => {
    await expect(async () =>
      dataProvider.getList('widget', { pagination: { page: 1, perPage: 10 }, sort: { field: 'name', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(/Unknown resource "widget".*resources\.json/);
    await settle();
    expect(seen).toHaveLength(0);
  });
});
