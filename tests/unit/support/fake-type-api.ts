/**
 * A fake api server (MSW) for the type records and a program's module tabs: the five type
 * collections and permission files (multipart POST/PATCH, the file's bytes), published and
 * draft forms, and one program whose type lists and modules change through the program calls
 * (attach, detach, module status), answered in full as GET program/{id}/full does. Every
 * request is recorded with its body.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { fakeCollection, type FakeRecord } from './fake-rest-server';
import { API } from './fixture-api';

export const PROGRAM_ID = 'p1';

const TYPE_PATHS = {
  beneficiary_types: 'beneficiarytype',
  location_types: 'locationtype',
  event_types: 'eventtype',
  case_types: 'casetype',
  survey_types: 'surveytype',
  permission_files: 'permission',
} as const;
type ListName = keyof typeof TYPE_PATHS;

const LONG = 'Households in the river districts who receive seeds and training every season';

function seeds(): Record<ListName, FakeRecord[]> {
  const type = (id: string, name: string, extra: Record<string, unknown> = {}): FakeRecord => ({
    _id: id,
    name,
    plural_name: `${name}s`,
    description: `${name} description`,
    form: 'f1',
    non_mandatory_check_fields: {},
    ...extra,
  });
  return {
    beneficiary_types: [
      type('b1', 'Farmer', { description: LONG, non_mandatory_check_fields: { address: true } }),
      type('b2', 'Student'),
      type('b3', 'Teacher'),
      type('b4', 'Nurse'),
      type('b5', 'Midwife'),
      type('b6', 'Trader'),
      type('b7', 'Fisher'),
    ],
    location_types: [type('l1', 'Village')],
    event_types: [type('e1', 'Training', { has_checklist: 'no', check_list_items: [], pre_event_form_ids: [], post_event_form_ids: [] })],
    case_types: [type('c1', 'Referral', { case_type_status: ['Open', 'Closed', 'Referred'] })],
    survey_types: [type('s1', 'Baseline')],
    permission_files: [{ _id: 'pf1', name: 'Consent', file_name: 'consent.png', content_type: 'image/png', preview: 'x.png' }],
  };
}

const FORMS = (): FakeRecord[] => [
  { _id: 'f1', name: 'Household survey', version: 2, has_published: true, status: true },
  { _id: 'f2', name: 'Draft intake', version: 0, has_published: false, status: true },
  { _id: 'f3', name: 'Clinic visit', version: 1, has_published: true, status: true },
];

export interface SeenTypeRequest {
  method: string;
  path: string;
  filter?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** A multipart body's fields (files by their names). */
  form?: Record<string, string>;
}

export function createTypeApi() {
  const seen: SeenTypeRequest[] = [];
  const pending: Promise<void>[] = [];
  const refusals = new Map<string, { status: number; body: JsonBodyType }>();
  let tables = seeds();
  let forms = FORMS();
  const program = {
    lists: {} as Record<ListName, string[]>,
    active_module: {} as Record<string, boolean>,
    lockProgram: 0,
    created_at: new Date().toISOString(),
    no_of_days_for_edit_program: 30,
  };
  const resetProgram = () => {
    program.lists = {
      beneficiary_types: ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
      location_types: [],
      event_types: ['e1'],
      case_types: ['c1'],
      survey_types: [],
      permission_files: ['pf1'],
    };
    program.active_module = { beneficiaries: true, locations: true, events: true, cases: true, surveys: false, permission: true };
    program.lockProgram = 0;
  };
  resetProgram();

  const refused = (key: string) => {
    const refusal = refusals.get(key);
    if (!refusal) return undefined;
    refusals.delete(key);
    return HttpResponse.json(refusal.body, { status: refusal.status });
  };

  /** The program as GET program/{id}/full answers it. */
  const full = () => ({
    _id: PROGRAM_ID,
    name: 'River Seeds',
    description: 'Seeds and training',
    status: true,
    lockProgram: program.lockProgram,
    created_at: program.created_at,
    no_of_days_for_edit_program: program.no_of_days_for_edit_program,
    documentVisible: 'ALL',
    program_head: [],
    teams: [],
    goals: [],
    active_module: { ...program.active_module },
    ...Object.fromEntries(
      (Object.keys(TYPE_PATHS) as ListName[]).map((list) => [
        list,
        program.lists[list].map((id) => tables[list].find((r) => r._id === id)).filter(Boolean),
      ]),
    ),
  });

  /** The collections' routes; each collection's rows become the table the program reads. */
  const collections = () =>
    (Object.keys(TYPE_PATHS) as ListName[]).flatMap((list) => {
      const collection = fakeCollection(API, TYPE_PATHS[list], tables[list]);
      tables[list] = collection.rows;
      return collection.handlers;
    });

  const multipartPermission = async (request: Request, id?: string) => {
    const answer = refused(id ? `/permission/${id}` : '/permission');
    if (answer) return answer;
    const body = await request.formData();
    // jsdom's File reaches this fake as a plain Blob part (the test runner's fetch is not jsdom's): any part counts.
    const part = body.get('file');
    const file = part !== null && typeof part !== 'string' ? (part as Blob) : undefined;
    if (!id && !file)
      return HttpResponse.json(
        { message: 'File field required', code: 'VALIDATION_FAILED', fields: { file: 'File field required' } },
        { status: 400 },
      );
    const rows = tables.permission_files;
    const fileFields = file ? { file_name: file instanceof File ? file.name : 'upload', content_type: file.type } : {};
    if (id) {
      const row = rows.find((r) => r._id === id)!;
      Object.assign(row, { name: body.get('name') }, fileFields);
      return HttpResponse.json(row);
    }
    const row: FakeRecord = { _id: `pf${rows.length + 1}`, name: String(body.get('name')), ...fileFields };
    rows.push(row);
    return HttpResponse.json(row, { status: 201 });
  };

  const handlers = () => [
    http.get(`${API}/program/${PROGRAM_ID}/full`, () => HttpResponse.json(full())),
    http.post(`${API}/program/${PROGRAM_ID}/types/:list`, async ({ params, request }) => {
      const list = params.list as ListName;
      const answer = refused(`/program/${PROGRAM_ID}/types/${list}`);
      if (answer) return answer;
      const { type_id } = (await request.clone().json()) as { type_id: string };
      if (!program.lists[list].includes(type_id)) program.lists[list].push(type_id);
      return HttpResponse.json(full());
    }),
    http.delete(`${API}/program/${PROGRAM_ID}/types/:list/:typeId`, ({ params }) => {
      const list = params.list as ListName;
      const answer = refused(`/program/${PROGRAM_ID}/types/${list}/${String(params.typeId)}`);
      if (answer) return answer;
      program.lists[list] = program.lists[list].filter((id) => id !== params.typeId);
      return HttpResponse.json(full());
    }),
    http.put(`${API}/program/change/status/module/program/${PROGRAM_ID}`, async ({ request }) => {
      const { module, status } = (await request.clone().json()) as { module: string; status: boolean };
      program.active_module[module] = status;
      return HttpResponse.json(full());
    }),
    http.get(`${API}/permission/:id/file`, () => new HttpResponse(new Blob(['png-bytes'], { type: 'image/png' }))),
    http.post(`${API}/permission`, ({ request }) => multipartPermission(request)),
    http.patch(`${API}/permission/:id`, ({ request, params }) => multipartPermission(request, String(params.id))),
    http.post(`${API}/beneficiarytype`, () => refused('/beneficiarytype')),
    http.post(`${API}/eventtype`, () => refused('/eventtype')),
    ...fakeCollection(API, 'form', forms).handlers,
    ...collections(),
  ];

  const server = setupServer(...handlers());

  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const filter = url.searchParams.get('filter');
    const entry: SeenTypeRequest = { method: request.method, path: url.pathname, filter: filter ? JSON.parse(filter) : undefined };
    seen.push(entry);
    if (['POST', 'PATCH', 'PUT'].includes(request.method)) {
      const copy = request.clone();
      const multipart = (request.headers.get('content-type') ?? '').startsWith('multipart/');
      pending.push(
        multipart
          ? copy.formData().then((data) => {
              entry.form = Object.fromEntries([...data.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : 'a file']));
            })
          : copy.json().then((body) => void (entry.body = body as Record<string, unknown>)),
      );
    }
  });

  return {
    server,
    program,
    get tables() {
      return tables;
    },
    async requestsTo(path: string, method = 'GET') {
      await Promise.all(pending);
      return seen.filter((r) => r.path === path && r.method === method);
    },
    refuseNext(path: string, status: number, body: JsonBodyType) {
      refusals.set(path, { status, body });
    },
    reset() {
      tables = seeds();
      forms = FORMS();
      resetProgram();
      seen.length = 0;
      pending.length = 0;
      refusals.clear();
      server.resetHandlers(...handlers());
    },
  };
}
