/**
 * The rules behind the lists: which failed requests are tried again, which schema patterns make
 * a digits-only input, and the CSV export download (the bearer token, the list's sort/filter and
 * the visible columns, no page range).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { shouldRetry } from '../../src/providers/query-client';
import { isDigitsOnly } from '../../src/resources/generic/schema-inputs';
import { dataProvider } from '../../src/providers/data-provider';
import { setRuntimeConfig } from '../../src/config/runtime-config';
import { resourceSchema } from '@model/schema-registry';
import { signIn } from './support/session';

describe('which failed requests are tried again', () => {
  const failure = (status: number) => new HttpError('failed', status, {});

  it.each([400, 401, 403, 404, 409, 422])('a %i is final: not retried', (status) => {
    expect(shouldRetry(0, failure(status))).toBe(false);
  });

  it('a server error or a network failure is retried twice', () => {
    for (const error of [failure(500), failure(503), new TypeError('Failed to fetch')]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });
});

describe('digits-only inputs', () => {
  it('the user schema’s mobile number is one', () => {
    expect(isDigitsOnly(resourceSchema('user').properties.mobile!)).toBe(true);
    expect(new RegExp(resourceSchema('user').properties.mobile!.pattern!).test('98765abcde')).toBe(false);
  });

  it.each([
    ['^[0-9]{10}$', true],
    ['^\\d{4,6}$', true],
    ['^[0-9]*$', true],
    ['^[a-z]{3}$', false],
    ['^[0-9]{3}-[0-9]{4}$', false],
    [undefined, false],
  ])('pattern %s → %s', (pattern, expected) => {
    expect(isDigitsOnly({ type: 'string', pattern })).toBe(expected);
  });
});

describe('exportCsv', () => {
  const AUTH = 'http://auth.test';
  const server = setupServer();
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => void requests.push(request));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    localStorage.clear();
    requests.length = 0;
    setRuntimeConfig({ authUrl: AUTH, apiUrl: 'http://api.test' });
    signIn('tok-export');
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('GETs /user/export.csv with the token, the sort, the whole filter and the columns, and no range', async () => {
    server.use(
      http.get(
        `${AUTH}/user/export.csv`,
        () => new HttpResponse('\uFEFFEmail\r\na@example.org', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      ),
    );
    const blob = await dataProvider.exportCsv('user', {
      sort: { field: 'first_name', order: 'DESC' },
      filter: { q: 'ab', status: true, empty: '' },
      columns: ['email'],
    });
    // The bytes as sent, byte-order mark included (Blob.text() would drop it).
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer())).toBe('\uFEFFEmail\r\na@example.org');
    const url = new URL(requests[0]!.url);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer tok-export');
    expect(JSON.parse(url.searchParams.get('sort')!)).toEqual(['first_name', 'DESC']);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ q: 'ab', status: true });
    expect(JSON.parse(url.searchParams.get('columns')!)).toEqual(['email']);
    expect(url.searchParams.has('range')).toBe(false);
  });

  it('turns a refusal into an error carrying the server’s message', async () => {
    server.use(
      http.get(`${AUTH}/user/export.csv`, () =>
        HttpResponse.json({ message: 'Cannot export the column photo', code: 'BAD_REQUEST' }, { status: 400 }),
      ),
    );
    await expect(dataProvider.exportCsv('user', { columns: ['photo'] })).rejects.toMatchObject({
      status: 400,
      message: 'Cannot export the column photo',
    });
  });
});
