/**
 * A fake api (MSW) for the Data Explorer, answering the documents contract's shapes: the
 * programs the caller may explore, a program's modules, a module's types, pages of documents
 * (newest first; a document's cursor is its sequence number, `after` and `before` page from a
 * cursor, `pageNo` jumps), one document by id or local id, and the export jobs, whose progress
 * the test moves on. Totals are as large as the test says without holding the rows: a page's
 * documents are made from their sequence numbers. Every request is recorded.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { Document, ExportJob } from '@model/generated';
import { docTypeOf, isDocumentModule, MODULE_KINDS } from '@model/documents/modules';
import { API } from './fixture-api';

export const PROGRAMS = [
  {
    _id: 'p1',
    name: 'Clean Water',
    name_slug: 'clean-water',
    active_module: { beneficiaries: true, locations: true, events: false, cases: true, surveys: false, permission: true },
  },
  {
    _id: 'p2',
    name: 'School Meals',
    name_slug: 'school-meals',
    active_module: { beneficiaries: false, locations: false, events: true, cases: false, surveys: true, permission: false },
  },
];

export const TYPES: Record<string, Record<string, { _id: string; name: string }[]>> = {
  p1: {
    beneficiaries: [
      { _id: 'bt1', name: 'Household' },
      { _id: 'bt2', name: 'Farmer' },
    ],
    locations: [{ _id: 'lt1', name: 'Village' }],
    cases: [],
  },
  p2: { events: [{ _id: 'et1', name: 'Meal Day' }], surveys: [{ _id: 'st1', name: 'Canteen Survey' }] },
};

/** How many documents each query finds: "<program slug>/<module>[/<type id>]". */
export const TOTALS: Record<string, number> = {
  'clean-water/beneficiaries': 412_377,
  'clean-water/beneficiaries/bt1': 25,
  'clean-water/beneficiaries/bt2': 0,
  'clean-water/locations': 7,
};

const PAGE = 10;

/** The document with this sequence number in a query (seq 1 the oldest). */
export function docOf(key: string, seq: number): Document {
  const [slug, module] = key.split('/') as [string, string];
  const program = PROGRAMS.find((p) => p.name_slug === slug)!;
  const mod = isDocumentModule(module) ? module : 'beneficiaries';
  const typeName = key.split('/')[2] ? TYPES[program._id]![mod]!.find((t) => t._id === key.split('/')[2])!.name : 'Household';
  const created = new Date(Date.UTC(2024, 0, 1) + seq * 3_600_000).toISOString();
  return {
    _id: `doc-${seq}`,
    local_id: `L-${seq}`,
    doc_type: MODULE_KINDS[mod].docType,
    module: mod,
    program_id: program._id,
    program_slug: slug,
    program_name: program.name,
    type_id: 'bt1',
    type_name: typeName,
    [MODULE_KINDS[mod].typeNameKey]: typeName,
    user_object: { _id: 'u3', first_name: 'Alan', last_name: 'Turing' },
    createdAt: created,
    updatedAt: created,
    processed: seq % 2 === 0,
    processedAt: seq % 2 === 0 ? created : null,
    cursor: String(seq),
  };
}

/** The sequence numbers of one page, newest first. */
function pageSeqs(total: number, params: URLSearchParams): number[] {
  const size = Number(params.get('pageSize') ?? PAGE);
  const after = params.get('after');
  const before = params.get('before');
  let top: number;
  if (after) top = Number(after) - 1;
  else if (before) top = Math.min(total, Number(before) + size);
  else top = total - Number(params.get('pageNo') ?? 0) * size;
  const bottom = before ? Number(before) + 1 : Math.max(1, top - size + 1);
  const seqs: number[] = [];
  for (let s = top; s >= bottom && s >= 1; s--) seqs.push(s);
  return seqs;
}

export interface SeenRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  body?: Record<string, unknown>;
}

export const CSV = '\uFEFFDocument ID,Local ID,Household size\r\ndoc-1,L-1,4\r\n';

/** An export job as the server answers a new one, with these fields changed. */
export function jobOf(fields: Partial<ExportJob> & { _id: string }): ExportJob {
  return {
    status: 'queued',
    rows_done: 0,
    rows_total: 0,
    program_id: 'p1',
    program_name: 'Clean Water',
    module: 'beneficiaries',
    doc_type: 'BENEFICIARY',
    type_id: null,
    type_name: null,
    document_id: null,
    file_name: null,
    file_size: null,
    error: null,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    expiresAt: null,
    ...fields,
  };
}

export function createExplorerApi() {
  const seen: SeenRequest[] = [];
  let jobs: ExportJob[] = [];
  let nextJob = 1;
  /** Documents found by id or local id: one known document. */
  const known = docOf('clean-water/beneficiaries', 42);

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    seen.push({ method: request.method, path: url.pathname, params: url.searchParams, body: text ? JSON.parse(text) : undefined });
    return url;
  };
  const notFound = (message: string, code: string) => HttpResponse.json({ message, code }, { status: 404 });
  const jobById = (id: unknown) => jobs.find((j) => j._id === id);

  const handlers = [
    http.get(`${API}/dashboard/programs`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(PROGRAMS);
    }),
    http.get(`${API}/dashboard/program/:id`, async ({ request, params }) => {
      await record(request);
      const program = PROGRAMS.find((p) => p._id === params.id);
      return program ? HttpResponse.json(program) : notFound('Program not found', 'NOT_FOUND');
    }),
    http.get(`${API}/dashboard/program/:id/submitters`, async ({ request }) => {
      await record(request);
      return HttpResponse.json([{ _id: 'user-ana', name: 'Ana Field' }]);
    }),
    http.get(`${API}/dashboard/program/:id/module/:module`, async ({ request, params }) => {
      await record(request);
      const module = String(params.module);
      if (!isDocumentModule(module)) return notFound('No such module', 'NOT_FOUND');
      return HttpResponse.json({ [MODULE_KINDS[module].typeList]: TYPES[String(params.id)]?.[module] ?? [] });
    }),
    http.get(`${API}/dashboard/module/docs`, async ({ request }) => {
      const url = await record(request);
      const p = url.searchParams;
      const key = [p.get('program_slug'), p.get('module_name'), p.get('doc_id')].filter(Boolean).join('/');
      const total = TOTALS[key] ?? 0;
      const data = pageSeqs(total, p).map((seq) => docOf(key, seq));
      return HttpResponse.json({ data, total, pageNo: Number(p.get('pageNo') ?? 0) });
    }),
    http.get(`${API}/dashboard/document/:id`, async ({ request, params }) => {
      await record(request);
      if (params.id === 'server-down') return HttpResponse.json({ message: 'Something went wrong', code: 'INTERNAL' }, { status: 500 });
      return params.id === known._id || params.id === known.local_id
        ? HttpResponse.json(known)
        : notFound('No document found', 'DOCUMENT_NOT_FOUND');
    }),
    http.post(`${API}/export`, async ({ request }) => {
      await record(request);
      const body = (await request.json()) as Record<string, string>;
      const single = typeof body.document_id === 'string';
      const program = single ? PROGRAMS[0]! : PROGRAMS.find((p) => p.name_slug === body.program_slug)!;
      const module = (Object.keys(MODULE_KINDS) as (keyof typeof MODULE_KINDS)[]).find((m) => docTypeOf(m) === body.doc_type)!;
      const job = jobOf({
        _id: `job-${nextJob++}`,
        rows_total: single ? 1 : (TOTALS[[body.program_slug, module, body.doc_id].filter(Boolean).join('/')] ?? 0),
        program_id: program._id,
        program_name: program.name,
        module,
        doc_type: MODULE_KINDS[module].docType,
        type_id: body.doc_id ?? null,
        type_name: body.module_type_name ?? null,
        document_id: single ? body.document_id! : null,
      });
      jobs = [job, ...jobs];
      return HttpResponse.json(job, { status: 202 });
    }),
    http.get(`${API}/export`, async ({ request }) => {
      await record(request);
      return HttpResponse.json(jobs.slice(0, 20));
    }),
    http.get(`${API}/export/:id`, async ({ request, params }) => {
      await record(request);
      const job = jobById(params.id);
      return job ? HttpResponse.json(job) : notFound('Export not found', 'EXPORT_NOT_FOUND');
    }),
    http.post(`${API}/export/:id/cancel`, async ({ request, params }) => {
      await record(request);
      const job = jobById(params.id);
      if (!job) return notFound('Export not found', 'EXPORT_NOT_FOUND');
      if (job.status === 'queued' || job.status === 'running') job.status = 'cancelled';
      return HttpResponse.json(job);
    }),
    http.get(`${API}/export/:id/file`, async ({ request, params }) => {
      await record(request);
      const job = jobById(params.id);
      if (!job) return notFound('Export not found', 'EXPORT_NOT_FOUND');
      if (job.status === 'expired')
        return HttpResponse.json({ message: 'This export has expired', code: 'EXPORT_EXPIRED' }, { status: 410 });
      return new HttpResponse(new TextEncoder().encode(CSV), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${job.file_name}"` },
      });
    }),
  ];

  const server = setupServer(...handlers);
  return {
    server,
    seen,
    known,
    /** The requests to a path (below the api server). */
    requests: (path: string, method = 'GET') => seen.filter((r) => r.path === path && r.method === method),
    /** Moves a job on, as the worker would. */
    update(id: string, changes: Partial<ExportJob>) {
      Object.assign(jobById(id)!, changes);
    },
    addJob(job: ExportJob) {
      jobs = [...jobs, job];
    },
    jobs: () => jobs,
    reset() {
      seen.length = 0;
      jobs = [];
      nextJob = 1;
    },
  };
}

export type FakeExplorerApi = ReturnType<typeof createExplorerApi>;
