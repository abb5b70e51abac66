/**
 * A fake api server (MSW) for the form builder's pages: forms as the forms contract describes
 * them (a draft with its draft_version, 409 STALE_DRAFT on a stale save or publish, publish
 * numbering revisions) and a few view lists, recording every request with its body.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { FormField } from '@model/forms/field-definition';
import { API } from './fixture-api';

export interface FakeForm {
  _id: string;
  name: string;
  structures: FormField[];
  version: number;
  draft_version: number;
  status: boolean;
  parent_id?: string | null;
  program_ids?: string[];
}

export interface SeenFormRequest {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

export const STALE_MESSAGE = 'Someone else saved this form since you opened it. Reload it to see their changes.';

/** Programs the builder's program select offers. */
export const PROGRAMS = [
  { _id: 'p1', name: 'Clean Water' },
  { _id: 'p2', name: 'School Meals' },
];

export const LIST_VIEWS = [
  { _id: 'lv1', name: 'Counties' },
  { _id: 'lv2', name: 'Schools' },
];

export function createFormApi() {
  const forms = new Map<string, FakeForm>();
  const seen: SeenFormRequest[] = [];
  const pending: Promise<void>[] = [];
  const refusals = new Map<string, { status: number; body: JsonBodyType }>();
  /** Each form's published revisions, oldest first. */
  const revisions = new Map<string, Array<{ version: number; name: string; structures: FormField[] }>>();
  let next = 1;

  const problem = (status: number, message: string, code: string) => HttpResponse.json({ message, code }, { status });
  const refused = (path: string) => {
    const refusal = refusals.get(path);
    if (!refusal) return undefined;
    refusals.delete(path);
    return HttpResponse.json(refusal.body, { status: refusal.status });
  };

  const server = setupServer(
    http.get(`${API}/form/rev/:id`, ({ params }) => {
      const id = String(params.id);
      const list = (revisions.get(id) ?? []).map((r) => ({
        _id: `${id}-r${r.version}`,
        form_id: id,
        field_count: r.structures.length,
        ...r,
      }));
      return HttpResponse.json(list.reverse());
    }),
    http.get(`${API}/form`, ({ request }) => {
      const q = (JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string }).q?.toLowerCase();
      const rows = [...forms.values()].filter((f) => !q || f.name.toLowerCase().includes(q)).map(({ structures: _s, ...row }) => row);
      return HttpResponse.json(rows, { headers: { 'Content-Range': `form 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
    }),
    http.get(`${API}/form/:id`, ({ params }) => {
      const form = forms.get(String(params.id));
      return form ? HttpResponse.json(form) : problem(404, 'Form not found', 'NOT_FOUND');
    }),
    http.post(`${API}/form/publish`, async ({ request }) => {
      const answer = refused('/form/publish');
      if (answer) return answer;
      const body = (await request.clone().json()) as Partial<FakeForm> & { _id: string };
      const form = forms.get(body._id);
      if (!form) return problem(404, 'Form not found', 'NOT_FOUND');
      if (body.draft_version !== form.draft_version) return problem(409, STALE_MESSAGE, 'STALE_DRAFT');
      Object.assign(form, {
        name: body.name ?? form.name,
        structures: body.structures ?? form.structures,
        version: form.version + 1,
        draft_version: form.draft_version + 1,
      });
      revisions.set(form._id, [
        ...(revisions.get(form._id) ?? []),
        { version: form.version, name: form.name, structures: form.structures },
      ]);
      return HttpResponse.json(form);
    }),
    http.post(`${API}/form`, async ({ request }) => {
      const answer = refused('/form');
      if (answer) return answer;
      const body = (await request.clone().json()) as Partial<FakeForm>;
      const form: FakeForm = {
        _id: `form-${next++}`,
        name: String(body.name),
        structures: body.structures ?? [],
        parent_id: body.parent_id ?? null,
        version: 0,
        draft_version: 0,
        status: true,
      };
      forms.set(form._id, form);
      return HttpResponse.json(form, { status: 201 });
    }),
    http.patch(`${API}/form/:id`, async ({ params, request }) => {
      const answer = refused(`/form/${params.id}`);
      if (answer) return answer;
      const form = forms.get(String(params.id));
      if (!form) return problem(404, 'Form not found', 'NOT_FOUND');
      const body = (await request.clone().json()) as Partial<FakeForm>;
      if (body.draft_version !== form.draft_version) return problem(409, STALE_MESSAGE, 'STALE_DRAFT');
      Object.assign(form, { name: body.name, structures: body.structures, draft_version: form.draft_version + 1 });
      return HttpResponse.json(form);
    }),
    http.get(`${API}/program/programList`, ({ request }) => {
      const filter = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}') as { q?: string; id?: string[] };
      const rows = PROGRAMS.filter(
        (p) => (!filter.q || p.name.toLowerCase().includes(filter.q.toLowerCase())) && (!filter.id || filter.id.includes(p._id)),
      );
      return HttpResponse.json(rows, { headers: { 'Content-Range': `program 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
    }),
    http.get(`${API}/listview`, ({ request }) => {
      const q = JSON.parse(new URL(request.url).searchParams.get('filter') ?? '{}').q as string | undefined;
      const rows = LIST_VIEWS.filter((l) => !q || l.name.toLowerCase().includes(q.toLowerCase()));
      return HttpResponse.json(rows, { headers: { 'Content-Range': `listview 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
    }),
    http.get(`${API}/listview/:id`, ({ params }) => {
      const row = LIST_VIEWS.find((l) => l._id === params.id);
      return row ? HttpResponse.json(row) : problem(404, 'Not found', 'NOT_FOUND');
    }),
  );

  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const entry: SeenFormRequest = { method: request.method, path: url.pathname };
    seen.push(entry);
    if (request.method === 'POST' || request.method === 'PATCH')
      pending.push(
        request
          .clone()
          .json()
          .then((body) => void (entry.body = body as Record<string, unknown>)),
      );
  });

  return {
    server,
    forms,
    revisions,
    /** Puts a form in the store, as if saved earlier. */
    seed(form: Partial<FakeForm> & Pick<FakeForm, '_id' | 'name' | 'structures'>) {
      forms.set(form._id, { version: 0, draft_version: 0, status: true, ...form });
    },
    /** The writes sent so far (bodies read), by method and path. */
    async writes(method: string, path: string) {
      await Promise.all(pending);
      return seen.filter((r) => r.method === method && r.path === path);
    },
    /** The next write to this path answers this instead. */
    refuseNext(path: string, status: number, body: JsonBodyType) {
      refusals.set(path, { status, body });
    },
    reset() {
      forms.clear();
      revisions.clear();
      seen.length = 0;
      pending.length = 0;
      refusals.clear();
      next = 1;
    },
  };
}
