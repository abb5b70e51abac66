/**
 * A fake api and auth server (MSW) for the program screens: programs at program/programList (the
 * list convention: q, status, range, Content-Range) and program/{id}, the status PATCH, the
 * multipart add and edit (their refusals set per test), and the auth server's user list with the
 * built-in admin account among the users.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { fakeCollection, type FakeRecord } from './fake-rest-server';
import { API, AUTH } from './fixture-api';

const DAY = 86_400_000;
export const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

const goal = (id: string, name: string, target: number, achieve = 0) => ({
  _id: id,
  name,
  target,
  achieve,
  achieve_counted: false,
  isPinned: false,
  document_type: 'BENEFICIARY',
});

export function seedPrograms(): FakeRecord[] {
  return [
    {
      _id: 'p1',
      name: 'Clean Water',
      description: 'Wells and filters',
      photo: 'uploads/programs/abc.png',
      status: true,
      lockProgram: 0,
      no_of_days_for_edit_program: 30,
      documentVisible: 'OWN',
      program_head: ['u2'],
      teams: [],
      created_at: daysAgo(2),
      updated_at: '2024-03-05T10:00:00.000Z',
      goals: [
        goal('g1', 'Households', 500, 120),
        goal('g2', 'Wells', 40, 10),
        goal('g3', 'Schools', 12),
        goal('g4', 'Clinics', 5),
        goal('g5', 'Filters', 900),
      ],
    },
    {
      _id: 'p2',
      name: 'School Meals',
      description: '',
      photo: null,
      status: true,
      lockProgram: 0,
      no_of_days_for_edit_program: 3,
      documentVisible: 'ALL',
      program_head: ['u2'],
      teams: [],
      created_at: '2024-01-02T08:00:00.000Z',
      goals: [],
    },
    {
      _id: 'p3',
      name: 'Old Census',
      description: 'Finished',
      photo: null,
      status: false,
      lockProgram: 1,
      no_of_days_for_edit_program: 365,
      documentVisible: 'ALL',
      program_head: ['u3'],
      teams: [],
      created_at: daysAgo(1),
      updated_at: daysAgo(1),
      goals: [goal('g6', 'People', 1000)],
    },
  ];
}

export const USERS = [
  { _id: 'u1', first_name: 'Site', last_name: 'Admin', status: true, builtin: true },
  { _id: 'u2', first_name: 'Grace', last_name: 'Hopper', status: true, builtin: false },
  { _id: 'u3', first_name: 'Alan', last_name: 'Turing', status: true, builtin: false },
];

export interface SeenProgramRequest {
  method: string;
  path: string;
  filter?: Record<string, unknown>;
  body?: unknown;
}

export function createProgramApi() {
  let collection = fakeCollection(API, 'program/programList', seedPrograms());
  const seen: SeenProgramRequest[] = [];
  let refusal: { status: number; body: JsonBodyType } | undefined;
  const find = (id: unknown) => collection.rows.find((r) => r._id === id);
  const refuse = () => {
    const answer = refusal && HttpResponse.json(refusal.body, { status: refusal.status });
    refusal = undefined;
    return answer;
  };

  const server = setupServer(
    http.get(`${API}/program/:id`, ({ params }) => {
      const row = find(params.id);
      return row ? HttpResponse.json(row) : HttpResponse.json({ message: 'Program not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
    http.patch(`${API}/program/:id`, async ({ params, request }) => {
      const answer = refuse();
      if (answer) return answer;
      const row = find(params.id);
      if (!row) return HttpResponse.json({ message: 'Program not found', code: 'NOT_FOUND' }, { status: 404 });
      if (request.headers.get('content-type')?.includes('application/json')) Object.assign(row, await request.json());
      return HttpResponse.json(row);
    }),
    http.post(`${API}/program`, () => {
      const answer = refuse();
      if (answer) return answer;
      return HttpResponse.json({ _id: 'p9', name: 'New' }, { status: 201 });
    }),
    http.get(`${AUTH}/user`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const filter = JSON.parse(query.get('filter') ?? '{}') as { status?: boolean; id?: string[] };
      const rows = USERS.filter(
        (u) => (filter.status === undefined || u.status === filter.status) && (!filter.id || filter.id.includes(u._id)),
      );
      return HttpResponse.json(rows, { headers: { 'Content-Range': `user 0-${Math.max(rows.length - 1, 0)}/${rows.length}` } });
    }),
  );

  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    const filter = url.searchParams.get('filter');
    const entry: SeenProgramRequest = { method: request.method, path: url.pathname, ...(filter ? { filter: JSON.parse(filter) } : {}) };
    seen.push(entry);
    if (request.headers.get('content-type')?.includes('application/json'))
      void request
        .clone()
        .json()
        .then((body) => void (entry.body = body));
  });

  return {
    server,
    seen,
    rows: () => collection.rows,
    /** The next add or edit answers this instead. */
    refuseNext(status: number, body: JsonBodyType) {
      refusal = { status, body };
    },
    reset() {
      collection = fakeCollection(API, 'program/programList', seedPrograms());
      // The list's handlers go before program/{id}, which would take program/programList otherwise.
      server.resetHandlers();
      server.use(...collection.handlers);
      seen.length = 0;
      refusal = undefined;
    },
  };
}
