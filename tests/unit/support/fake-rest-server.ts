/**
 * A collection route of our servers, in MSW: records keyed `_id`, the list convention
 * ?sort=["f","ASC"]&range=[a,b]&filter={...} with Content-Range only when a range was asked
 * for, pages cut at 1000 rows, `filter={"id":[...]}` for exactly those records, PATCH to change
 * (no PUT route), DELETE answering the record, errors as { message, code, fields? }.
 */
import { http, HttpResponse } from 'msw';

export type FakeRecord = Record<string, unknown> & { _id: string };

const PAGE_MAX = 1000;

const problem = (status: number, code: string, message: string, fields?: Record<string, string>) =>
  HttpResponse.json({ message, code, ...(fields ? { fields } : {}) }, { status });

export function fakeCollection(base: string, path: string, records: FakeRecord[]) {
  const rows = records.map((r) => ({ ...r }));
  let next = rows.length + 1;
  const find = (id: unknown) => rows.find((r) => r._id === id);
  const url = `${base}/${path}`;

  const handlers = [
    http.get(url, ({ request }) => {
      const query = new URL(request.url).searchParams;
      let list = [...rows];
      const filter = JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
      for (const [key, value] of Object.entries(filter)) {
        if (key === 'id') {
          if (!Array.isArray(value)) return problem(400, 'BAD_REQUEST', 'To filter by id, give a list of ids', { filter: 'id' });
          list = list.filter((r) => value.includes(r._id));
        } else if (key === 'q') {
          list = list.filter((r) =>
            String(r.name ?? '')
              .toLowerCase()
              .includes(String(value).toLowerCase()),
          );
        } else {
          list = list.filter((r) => r[key] === value);
        }
      }
      const [field, order] = JSON.parse(query.get('sort') ?? '["_id","ASC"]') as [string, string];
      if (field === 'id') return problem(400, 'BAD_REQUEST', 'Cannot sort by id; sort by one of: _id, name, status', { sort: 'id' });
      list.sort((a, b) => String(a[field]).localeCompare(String(b[field])) * (order === 'DESC' ? -1 : 1));
      const range = query.get('range');
      if (!range) return HttpResponse.json(list);
      const [start, askedEnd] = JSON.parse(range) as [number, number];
      const end = Math.min(askedEnd, start + PAGE_MAX - 1);
      const page = list.slice(start, end + 1);
      return HttpResponse.json(page, {
        headers: { 'Content-Range': `${path} ${start}-${start + Math.max(page.length - 1, 0)}/${list.length}` },
      });
    }),
    http.get(`${url}/:id`, ({ params }) => {
      const record = find(params.id);
      return record ? HttpResponse.json(record) : problem(404, 'NOT_FOUND', 'Not found');
    }),
    http.post(url, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (!body.name) return problem(400, 'VALIDATION_FAILED', 'Name is required', { name: 'Name is required' });
      const record: FakeRecord = { status: true, ...body, _id: `new-${next++}` };
      rows.push(record);
      return HttpResponse.json(record, { status: 201 });
    }),
    http.patch(`${url}/:id`, async ({ params, request }) => {
      const record = find(params.id);
      if (!record) return problem(404, 'NOT_FOUND', 'Not found');
      Object.assign(record, (await request.json()) as object);
      return HttpResponse.json(record);
    }),
    http.put(`${url}/:id`, () => problem(405, 'METHOD_NOT_ALLOWED', 'Use PATCH to change a record')),
    http.delete(`${url}/:id`, ({ params }) => {
      const record = find(params.id);
      if (!record) return problem(404, 'NOT_FOUND', 'Not found');
      rows.splice(rows.indexOf(record), 1);
      return HttpResponse.json(record);
    }),
  ];
  return { handlers, rows };
}

/** A token shaped like the servers' (a JWT) that expires `secondsFromNow` from now. */
export function fakeJwt(secondsFromNow: number, tag = 'x'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const exp = Math.floor(Date.now() / 1000) + secondsFromNow;
  return `${part({ alg: 'HS256' })}.${part({ sub: 'u1', sid: tag, exp })}.signature-${tag}`;
}
