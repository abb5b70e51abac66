/**
 * The console's data provider (ra-data-simple-rest wrapped per server) against fake servers
 * shaped like ours (MSW): records keyed `_id`, lists with Content-Range, PATCH to change, the
 * spec's paths; the bearer token, server errors as HttpErrors, the session renewal before a call
 * and after a 401 (spec 1 §4), routing by schemas/resources.json and the named custom calls.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { dataProvider } from '../../src/providers/data-provider';
import { authProvider } from '../../src/providers/auth-provider';
import { SERVER_PAGE_MAX, ALL_ROWS } from '../../src/providers/server-data-provider';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { resourceMap } from '@model/schema-registry';
import { makeUser, signIn, storeSession, stored } from './support/session';
import { fakeCollection, fakeJwt, type FakeRecord } from './support/fake-rest-server';

const AUTH = 'http://auth.test';
const API = 'http://api.test';

interface Seen {
  method: string;
  url: URL;
  authorization: string | null;
  contentType: string | null;
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
    contentType: request.headers.get('content-type'),
    body: undefined,
  };
  seen.push(entry);
  if (!entry.contentType?.includes('json')) return;
  pendingBodies.push(
    request
      .clone()
      .text()
      .then((text) => {
        entry.body = text ? JSON.parse(text) : undefined;
      }),
  );
});

/** Waits until the recorded requests' bodies have been read. */
const settle = async () => {
  await Promise.all(pendingBodies);
};
const calls = () => seen.map((s) => `${s.method} ${s.url.pathname}`);

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

const designation = (id: string, name: string, status = true): FakeRecord => ({
  _id: id,
  name,
  status,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-02T00:00:00.000Z',
});

/** The auth server's /designation with these records. */
function designations(...records: FakeRecord[]) {
  const collection = fakeCollection(AUTH, 'designation', records);
  server.use(...collection.handlers);
  return collection.rows;
}

const page = (perPage: number, pageNo = 1) => ({
  pagination: { page: pageNo, perPage },
  sort: { field: 'name', order: 'ASC' as const },
  filter: {},
});

describe('getList', () => {
  it('sends sort, range and filter as JSON query parameters and reads the total from Content-Range', async () => {
    designations(
      ...Array.from({ length: 12 }, (_, i) => designation(`d${i + 1}`, `Ab ${String(i + 1).padStart(2, '0')}`)),
      designation('x', 'Other'),
    );

    const result = await dataProvider.getList('designation', {
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'ab' },
    });

    expect(calls()).toEqual(['GET /designation']);
    const { url } = seen[0]!;
    expect(`${url.origin}${url.pathname}`).toBe(`${AUTH}/designation`);
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(JSON.parse(url.searchParams.get('range')!)).toEqual([10, 19]);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'ab' });
    expect(result.total).toBe(12);
    expect(result.data.map((r) => r.id)).toEqual(['d11', 'd12']);
    expect(result.data[0]).toMatchObject({ id: 'd11', _id: 'd11', name: 'Ab 11', status: true });
  });

  it('"All" reads the whole list a server page at a time', async () => {
    const count = 2 * SERVER_PAGE_MAX + 5;
    designations(
      ...Array.from({ length: count }, (_, i) => designation(`d${String(i).padStart(5, '0')}`, `N${String(i).padStart(5, '0')}`)),
    );

    const result = await dataProvider.getList('designation', page(ALL_ROWS));

    expect(calls()).toEqual(['GET /designation', 'GET /designation', 'GET /designation']);
    expect(seen.map((s) => JSON.parse(s.url.searchParams.get('range')!))).toEqual([
      [0, SERVER_PAGE_MAX - 1],
      [SERVER_PAGE_MAX, 2 * SERVER_PAGE_MAX - 1],
      [2 * SERVER_PAGE_MAX, 3 * SERVER_PAGE_MAX - 1],
    ]);
    expect(result.total).toBe(count);
    expect(result.data).toHaveLength(count);
    expect(result.data.at(-1)).toMatchObject({ id: `d${String(count - 1).padStart(5, '0')}` });
  });

  it("sends a sort on 'id' as a sort on '_id', and leaves out empty filter values", async () => {
    designations(designation('b', 'B'), designation('a', 'A'));

    const result = await dataProvider.getList('designation', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'id', order: 'DESC' },
      filter: { q: '' },
    });

    expect(JSON.parse(seen[0]!.url.searchParams.get('sort')!)).toEqual(['_id', 'DESC']);
    expect(JSON.parse(seen[0]!.url.searchParams.get('filter')!)).toEqual({});
    expect(result).toMatchObject({ total: 2, data: [{ id: 'b' }, { id: 'a' }] });
  });
});

describe('getMany', () => {
  it('asks once, with filter={"id":[...]}, and answers those records', async () => {
    designations(designation('d1', 'A'), designation('d2', 'B'), designation('d3', 'C'));

    const { data } = await dataProvider.getMany('designation', { ids: ['d1', 'd3'] });

    expect(calls()).toEqual(['GET /designation']);
    expect(JSON.parse(seen[0]!.url.searchParams.get('filter')!)).toEqual({ id: ['d1', 'd3'] });
    expect(data.map((r) => [r.id, r.name])).toEqual([
      ['d1', 'A'],
      ['d3', 'C'],
    ]);
  });
});

describe('one record', () => {
  it('getOne fetches /designation/{id} and exposes _id as id', async () => {
    designations(designation('d7', 'Clerk'));

    const { data } = await dataProvider.getOne('designation', { id: 'd7' });

    expect(seen.map((s) => s.url.href)).toEqual([`${AUTH}/designation/d7`]);
    expect(data).toMatchObject({ id: 'd7', _id: 'd7', name: 'Clerk' });
  });

  it('create POSTs only the writable fields and answers with the new id', async () => {
    const rows = designations();

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
    expect(calls()).toEqual(['POST /designation']);
    expect(seen[0]!.body).toEqual({ name: 'Surveyor', status: true });
    expect(data).toMatchObject({ id: rows[0]!._id, name: 'Surveyor' });
  });

  it('update PATCHes /designation/{id} with only the fields that changed', async () => {
    designations(designation('d1', 'A'));

    const { data } = await dataProvider.update('designation', {
      id: 'd1',
      data: { id: 'd1', _id: 'd1', name: 'B', status: true, createdAt: '2024-01-01T00:00:00.000Z' },
      previousData: { id: 'd1', _id: 'd1', name: 'A', status: true, createdAt: '2024-01-01T00:00:00.000Z' },
    });

    await settle();
    expect(calls()).toEqual(['PATCH /designation/d1']);
    expect(seen[0]!.body).toEqual({ name: 'B' });
    expect(data).toMatchObject({ id: 'd1', name: 'B', status: true });
  });

  it('a role update never sends its permission flags (PATCH /role/{id}: role only, spec 1 §7)', async () => {
    server.use(...fakeCollection(AUTH, 'role', [{ _id: 'r1', role: 'Field staff', status: true }]).handlers);

    await dataProvider.update('role', {
      id: 'r1',
      data: { id: 'r1', _id: 'r1', role: 'Surveyor', permission: { can_get_user: true } },
      previousData: { id: 'r1', _id: 'r1', role: 'Field staff', permission: { can_get_user: false } },
    });

    await settle();
    expect(calls()).toEqual(['PATCH /role/r1']);
    expect(seen[0]!.body).toEqual({ role: 'Surveyor' });
  });

  it('update with nothing changed makes no request and keeps the record', async () => {
    const previousData = { id: 'd1', _id: 'd1', name: 'A', status: true };

    const { data } = await dataProvider.update('designation', { id: 'd1', data: { ...previousData }, previousData });

    expect(seen).toHaveLength(0);
    expect(data).toEqual(previousData);
  });

  it('delete sends DELETE /designation/{id} and answers the deleted record', async () => {
    designations(designation('d9', 'Gone', false));

    const { data } = await dataProvider.delete('designation', { id: 'd9', previousData: { id: 'd9', name: 'Gone' } });

    expect(calls()).toEqual(['DELETE /designation/d9']);
    expect(data).toMatchObject({ id: 'd9', name: 'Gone', status: false });
  });
});

describe('many records', () => {
  it('updateMany PATCHes each record with the writable fields and answers their ids', async () => {
    const rows = designations(designation('d1', 'A'), designation('d2', 'B'), designation('d3', 'C'));

    const { data } = await dataProvider.updateMany('designation', { ids: ['d1', 'd3'], data: { status: false, updatedAt: 'now' } });

    await settle();
    expect(calls().sort()).toEqual(['PATCH /designation/d1', 'PATCH /designation/d3']);
    expect(seen.map((s) => s.body)).toEqual([{ status: false }, { status: false }]);
    expect([...(data ?? [])].sort()).toEqual(['d1', 'd3']);
    expect(rows.map((r) => [r._id, r.status])).toEqual([
      ['d1', false],
      ['d2', true],
      ['d3', false],
    ]);
  });

  it('deleteMany DELETEs each record and answers their ids', async () => {
    const rows = designations(designation('d1', 'A', false), designation('d2', 'B', false));

    const { data } = await dataProvider.deleteMany('designation', { ids: ['d1', 'd2'] });

    expect(calls().sort()).toEqual(['DELETE /designation/d1', 'DELETE /designation/d2']);
    expect([...(data ?? [])].sort()).toEqual(['d1', 'd2']);
    expect(rows).toEqual([]);
  });
});

describe('token and errors', () => {
  it("sends the token stored under 'fieldbase' as a bearer token", async () => {
    localStorage.clear();
    signIn('stored-token-42');
    designations(designation('d1', 'A'));

    await dataProvider.getList('designation', page(10));

    expect(seen[0]!.authorization).toBe('Bearer stored-token-42');
  });

  it("turns the server's error body into an HttpError with its message, status and per-field errors for the form", async () => {
    designations();

    const error = await dataProvider.create('designation', { data: { name: '' } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    const httpError = error as HttpError;
    expect(httpError.message).toBe('Name is required');
    expect(httpError.status).toBe(400);
    expect(httpError.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'Name is required' },
      errors: { name: 'Name is required' },
    });
  });

  it("an answer that is not the servers' JSON still fails with its status", async () => {
    server.use(http.get(`${AUTH}/designation/:id`, () => new HttpResponse('upstream down', { status: 502, statusText: 'Bad Gateway' })));

    const error = await dataProvider.getOne('designation', { id: 'd1' }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway' });
  });

  it('a 403 for a missing flag re-reads the user, so the screens follow the role as the server has it', async () => {
    const now = makeUser({ can_access_dashboard: true, can_get_designation: false }, { first_name: 'Demoted' });
    server.use(
      http.get(`${AUTH}/designation`, () =>
        HttpResponse.json({ message: "You don't have permission to do this (can_get_designation)", code: 'FORBIDDEN' }, { status: 403 }),
      ),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: now, token: 'tok-1' })),
    );

    const error = await dataProvider.getList('designation', page(10)).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 403, message: "You don't have permission to do this (can_get_designation)" });
    expect(calls()).toEqual(['GET /designation', 'POST /user/verify']);
    expect(stored()).toMatchObject({ token: 'tok-1', user: { first_name: 'Demoted' } });
  });
});

describe('refresh on 401 (spec 1 §4)', () => {
  const listAnswer = () => HttpResponse.json([designation('d1', 'A')], { headers: { 'Content-Range': 'designation 0-0/1' } });

  it('verifies the stored token once, replays the call with the new token and keeps it', async () => {
    const refreshedUser = makeUser({ can_get_designation: true }, { first_name: 'Refreshed' });
    server.use(
      http.get(`${AUTH}/designation`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? listAnswer()
          : HttpResponse.json({ message: 'Session ended', code: 'SESSION_ENDED' }, { status: 401 }),
      ),
      http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: refreshedUser, token: 'new' }, { status: 401 })),
    );

    const result = await dataProvider.getList('designation', page(10));

    await settle();
    expect(result.data.map((r) => r.id)).toEqual(['d1']);
    expect(seen.map((s) => `${s.method} ${s.url.pathname} ${s.authorization}`)).toEqual([
      'GET /designation Bearer tok-1',
      'POST /user/verify null',
      'GET /designation Bearer new',
    ]);
    expect(seen[1]!.body).toEqual({ token: 'tok-1' });
    expect(stored()).toMatchObject({ token: 'new', isLoggedIn: true, user: { first_name: 'Refreshed' } });
  });

  it('three calls failing with 401 together share one verify, and each is replayed', async () => {
    designations(designation('a', 'A'), designation('b', 'B'), designation('c', 'C'));
    server.use(
      http.get(`${AUTH}/designation/:id`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer new'
          ? undefined
          : HttpResponse.json({ message: 'Session ended' }, { status: 401 }),
      ),
      http.post(`${AUTH}/user/verify`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({ user: makeUser(), token: 'new' }, { status: 401 });
      }),
    );

    const answers = await Promise.all(['a', 'b', 'c'].map((id) => dataProvider.getOne('designation', { id })));

    expect(answers.map((a) => a.data.name)).toEqual(['A', 'B', 'C']);
    expect(calls().filter((c) => c === 'POST /user/verify')).toHaveLength(1);
    expect(seen.filter((s) => s.url.pathname.startsWith('/designation/') && s.authorization === 'Bearer new')).toHaveLength(3);
  });

  it('a dead session: one verify, no replay, the 401 stands, and the auth provider signs out', async () => {
    server.use(
      http.get(`${AUTH}/designation`, () => HttpResponse.json({ message: 'Session ended', code: 'SESSION_ENDED' }, { status: 401 })),
      http.post(`${AUTH}/user/verify`, () =>
        HttpResponse.json({ message: 'Your session has ended, please log in again', code: 'SESSION_ENDED' }, { status: 401 }),
      ),
    );

    const error = await dataProvider.getList('designation', page(10)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(calls()).toEqual(['GET /designation', 'POST /user/verify']);
    expect(stored()?.token).toBe('tok-1');
    await expect(authProvider.checkError(error)).rejects.toMatchObject({ redirectTo: '/login' });
    expect(stored()).toEqual({ isLoggedIn: false });
  });

  it('a token past its expiry is renewed before the call, which then goes out once with the new token', async () => {
    const old = fakeJwt(-60, 'old');
    const fresh = fakeJwt(900, 'fresh');
    storeSession({ user: makeUser(), token: old, isLoggedIn: true });
    designations(designation('d1', 'A'));
    server.use(http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: makeUser(), token: fresh }, { status: 401 })));

    await dataProvider.getOne('designation', { id: 'd1' });

    await settle();
    expect(seen.map((s) => `${s.method} ${s.url.pathname} ${s.authorization ?? ''}`)).toEqual([
      'POST /user/verify ',
      `GET /designation/d1 Bearer ${fresh}`,
    ]);
    expect(seen[0]!.body).toEqual({ token: old });
    expect(stored()?.token).toBe(fresh);
  });

  it('calls made together with an expired token share one renewal', async () => {
    storeSession({ user: makeUser(), token: fakeJwt(-60, 'old-2'), isLoggedIn: true });
    const fresh = fakeJwt(900, 'fresh-2');
    designations(designation('a', 'A'), designation('b', 'B'));
    server.use(http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: makeUser(), token: fresh }, { status: 401 })));

    await Promise.all([
      dataProvider.getOne('designation', { id: 'a' }),
      dataProvider.getOne('designation', { id: 'b' }),
      dataProvider.getList('designation', page(10)),
    ]);

    expect(calls().filter((c) => c === 'POST /user/verify')).toHaveLength(1);
    expect(seen.filter((s) => s.url.pathname.startsWith('/designation')).map((s) => s.authorization)).toEqual([
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
      `Bearer ${fresh}`,
    ]);
  });

  it('a token still within its lifetime goes out as it is', async () => {
    const token = fakeJwt(600, 'live');
    storeSession({ user: makeUser(), token, isLoggedIn: true });
    designations(designation('d1', 'A'));

    await dataProvider.getOne('designation', { id: 'd1' });

    expect(seen.map((s) => `${s.method} ${s.url.pathname} ${s.authorization}`)).toEqual([`GET /designation/d1 Bearer ${token}`]);
  });

  it('an expired token the server will not renew fails the call as a 401 without sending it', async () => {
    storeSession({ user: makeUser(), token: fakeJwt(-60, 'dead'), isLoggedIn: true });
    designations(designation('d1', 'A'));
    server.use(
      http.post(`${AUTH}/user/verify`, () =>
        HttpResponse.json({ message: 'Your session has ended, please log in again', code: 'SESSION_ENDED' }, { status: 401 }),
      ),
    );

    const error = await dataProvider.getOne('designation', { id: 'd1' }).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Your session has ended, please log in again' });
    expect(calls()).toEqual(['POST /user/verify']);
  });
});

describe('routing by schemas/resources.json', () => {
  it('sends designation (server "auth") to the auth server', async () => {
    expect(resourceMap.designation!.server).toBe('auth');
    designations(designation('d1', 'A'));

    await dataProvider.getOne('designation', { id: 'd1' });

    expect(seen.map((s) => s.url.origin)).toEqual([AUTH]);
  });

  it('sends a resource whose entry names server "api" to the api server, at its path (odd paths too)', async () => {
    resourceMap.gadget = { ...resourceMap.designation!, server: 'api', path: 'gadget/gadgetList' };
    try {
      server.use(
        ...fakeCollection(API, 'gadget/gadgetList', [
          { _id: 'g1', name: 'G' },
          { _id: 'g2', name: 'H' },
        ]).handlers,
      );

      const one = await dataProvider.getOne('gadget', { id: 'g1' });
      const list = await dataProvider.getList('gadget', page(10));

      expect(seen.map((s) => `${s.method} ${s.url.origin}${s.url.pathname}`)).toEqual([
        `GET ${API}/gadget/gadgetList/g1`,
        `GET ${API}/gadget/gadgetList`,
      ]);
      expect(one.data).toMatchObject({ id: 'g1', name: 'G' });
      expect(list).toMatchObject({ total: 2, data: [{ id: 'g1' }, { id: 'g2' }] });
    } finally {
      delete resourceMap.gadget;
    }
  });

  it('refuses a resource that is not in the map, naming it', async () => {
    await expect(async () => dataProvider.getList('widget', page(10))).rejects.toThrow(/Unknown resource "widget".*resources\.json/);
    expect(seen).toHaveLength(0);
  });
});

describe('named calls (spec 1 §7)', () => {
  it('getRolePermission GETs /permission/{id} (the checklist, not the role) and answers the role with its flags and id', async () => {
    server.use(
      http.get(`${AUTH}/permission/:id`, ({ params }) =>
        HttpResponse.json({ _id: params.id, role: 'Clerk', permission: { can_get_user: true, can_edit_user: false } }),
      ),
    );

    const role = await dataProvider.getRolePermission('r1');

    await settle();
    expect(calls()).toEqual(['GET /permission/r1']);
    expect(role).toMatchObject({ id: 'r1', role: 'Clerk', permission: { can_get_user: true, can_edit_user: false } });
  });

  it('setRolePermission PATCHes /permission/{id} with the flags and answers the role with its id', async () => {
    server.use(
      http.patch(`${AUTH}/permission/:id`, async ({ params, request }) =>
        HttpResponse.json({ _id: params.id, role: 'Clerk', permission: (await request.json()) as object }),
      ),
    );

    const role = await dataProvider.setRolePermission('r1', { can_get_user: true, can_edit_user: false });

    await settle();
    expect(calls()).toEqual(['PATCH /permission/r1']);
    expect(seen[0]!.body).toEqual({ can_get_user: true, can_edit_user: false });
    expect(role).toMatchObject({ id: 'r1', permission: { can_get_user: true } });
  });

  it('changePassword PATCHes /user/{id} with _id, email, password and confirm_password; current_password only when given', async () => {
    server.use(http.patch(`${AUTH}/user/:id`, ({ params }) => HttpResponse.json({ _id: params.id, email: 'ann@example.org' })));

    await dataProvider.changePassword({ id: 'u2', email: 'ann@example.org' }, 'N3w-pass!', 'N3w-pass!');
    const mine = await dataProvider.changePassword({ id: 'u1', email: 'ada@example.test' }, 'N3w-pass!', 'N3w-pass!', 'Old-pass!');

    await settle();
    expect(calls()).toEqual(['PATCH /user/u2', 'PATCH /user/u1']);
    expect(seen[0]!.body).toEqual({ _id: 'u2', email: 'ann@example.org', password: 'N3w-pass!', confirm_password: 'N3w-pass!' });
    expect(seen[1]!.body).toEqual({
      _id: 'u1',
      email: 'ada@example.test',
      password: 'N3w-pass!',
      confirm_password: 'N3w-pass!',
      current_password: 'Old-pass!',
    });
    expect(mine.id).toBe('u1');
  });

  it('uploadUserPhoto PATCHes /user/upload/{id} with a multipart body holding the photo', async () => {
    server.use(http.patch(`${AUTH}/user/upload/:id`, ({ params }) => HttpResponse.json({ _id: params.id, photo: '/uploads/u1.png' })));
    // What the console hands to fetch: jsdom's FormData and File do not survive the test runner's
    // own fetch, which a browser's do, so the body is checked as given.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

    try {
      const user = await dataProvider.uploadUserPhoto('u1', file);

      const [url, init] = fetchSpy.mock.calls[0]!;
      expect(url).toBe(`${AUTH}/user/upload/u1`);
      expect(init?.method).toBe('PATCH');
      expect(init?.body).toBeInstanceOf(FormData);
      expect((init!.body as FormData).get('photo')).toBe(file);
      // No JSON Content-Type: the browser writes the multipart one with its boundary.
      expect(new Headers(init?.headers).get('content-type')).toBeNull();
      expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
      expect(user).toMatchObject({ id: 'u1', photo: '/uploads/u1.png' });
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
