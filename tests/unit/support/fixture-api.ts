/**
 * A fake api server (MSW) for the test-only fixture entities: regions and sites held in memory,
 * answering the list convention (sort, range, filter with q, status, id lists) with
 * Content-Range, and recording every request so tests can see what the console sent.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';

export const API = 'http://api.test';
export const AUTH = 'http://auth.test';

type Row = Record<string, unknown> & { _id: string };

export interface SeenRequest {
  method: string;
  url: URL;
  /** The path below the server, e.g. "/fixture-site/s1". */
  path: string;
  filter?: Record<string, unknown>;
  sort?: [string, string];
  body?: Record<string, unknown>;
}

const stamp = { createdAt: '2024-03-05T10:00:00.000Z', updatedAt: '2024-03-06T10:00:00.000Z' };

export function seedRegions(): Row[] {
  return [
    { _id: 'r1', name: 'North', code: 'N', description: null, status: true, ...stamp },
    { _id: 'r2', name: 'South', code: 'S', description: 'Coast and delta', status: true, ...stamp },
    { _id: 'r3', name: 'Old East', code: 'OE', description: null, status: false, ...stamp },
  ];
}

export function seedSites(): Row[] {
  return [
    {
      _id: 's1',
      name: 'Harbour Camp',
      region: 'r1',
      kind: 'camp',
      zone: 'north',
      population: 120,
      description: 'By the sea',
      status: true,
      ...stamp,
    },
    { _id: 's2', name: 'Hill Farm', region: 'r2', kind: 'rural', zone: null, population: null, description: null, status: true, ...stamp },
    {
      _id: 's3',
      name: 'Market Square',
      region: 'r1',
      kind: 'urban',
      zone: null,
      population: null,
      description: null,
      status: false,
      ...stamp,
    },
  ];
}

export function createFixtureApi() {
  const tables: Record<string, Row[]> = { 'fixture-region': seedRegions(), 'fixture-site': seedSites() };
  const seen: SeenRequest[] = [];
  const pending: Promise<void>[] = [];
  /** An answer to give instead of the usual one, once, for the next write to a path. */
  const refusals = new Map<string, { status: number; body: JsonBodyType }>();

  const nameOf = (table: string, id: unknown) => String(tables[table]!.find((r) => r._id === id)?.name ?? '');
  /** The value a column sorts by: a reference sorts by the referenced record's name, as the server does. */
  const sortValue = (row: Row, field: string) => (field === 'region' ? nameOf('fixture-region', row.region) : String(row[field] ?? ''));

  const list = (table: string, url: URL) => {
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;
    let rows = tables[table]!.filter((row) =>
      Object.entries(filter).every(([key, value]) => {
        if (key === 'q') return String(row.name).toLowerCase().includes(String(value).toLowerCase());
        if (key === 'id') return (value as string[]).includes(row._id);
        return row[key] === value;
      }),
    );
    const [field, order] = JSON.parse(url.searchParams.get('sort') ?? '["name","ASC"]') as [string, string];
    rows = [...rows].sort(
      (a, b) =>
        sortValue(a, field === 'id' ? '_id' : field).localeCompare(sortValue(b, field === 'id' ? '_id' : field)) *
        (order === 'DESC' ? -1 : 1),
    );
    const range = url.searchParams.get('range');
    if (!range) return HttpResponse.json(rows);
    const [start, end] = JSON.parse(range) as [number, number];
    const page = rows.slice(start, end + 1);
    return HttpResponse.json(page, { headers: { 'Content-Range': `${table} ${start}-${start + page.length - 1}/${rows.length}` } });
  };

  const refused = (path: string) => {
    const refusal = refusals.get(path);
    if (!refusal) return undefined;
    refusals.delete(path);
    return HttpResponse.json(refusal.body, { status: refusal.status });
  };

  const server = setupServer(
    ...['fixture-region', 'fixture-site'].flatMap((table) => [
      http.get(`${API}/${table}`, ({ request }) => list(table, new URL(request.url))),
      http.get(`${API}/${table}/:id`, ({ params }) => {
        const row = tables[table]!.find((r) => r._id === params.id);
        return row ? HttpResponse.json(row) : HttpResponse.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
      http.post(`${API}/${table}`, async ({ request }) => {
        const answer = refused(`/${table}`);
        if (answer) return answer;
        const row = { _id: `${table}-${tables[table]!.length + 1}`, status: true, ...stamp, ...((await request.json()) as object) } as Row;
        tables[table]!.push(row);
        return HttpResponse.json(row, { status: 201 });
      }),
      http.patch(`${API}/${table}/:id`, async ({ request, params }) => {
        const answer = refused(`/${table}/${params.id}`);
        if (answer) return answer;
        const row = tables[table]!.find((r) => r._id === params.id)!;
        Object.assign(row, await request.json());
        return HttpResponse.json(row);
      }),
    ]),
  );

  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const json = (name: string) => (url.searchParams.has(name) ? JSON.parse(url.searchParams.get(name)!) : undefined);
    const entry: SeenRequest = { method: request.method, url, path: url.pathname, filter: json('filter'), sort: json('sort') };
    seen.push(entry);
    if (request.method === 'POST' || request.method === 'PATCH') {
      pending.push(
        request
          .clone()
          .json()
          .then((body) => void (entry.body = body as Record<string, unknown>)),
      );
    }
  });

  return {
    server,
    tables,
    seen,
    /** The requests to one path (e.g. "/fixture-region"), with their bodies read. */
    async requestsTo(path: string, method = 'GET') {
      await Promise.all(pending);
      return seen.filter((r) => r.path === path && r.method === method);
    },
    /** The next write to this path answers this instead. */
    refuseNext(path: string, status: number, body: JsonBodyType) {
      refusals.set(path, { status, body });
    },
    reset() {
      tables['fixture-region'] = seedRegions();
      tables['fixture-site'] = seedSites();
      seen.length = 0;
      pending.length = 0;
      refusals.clear();
    },
  };
}
