/**
 * A fake api (MSW) for the program detail page, answering the programs contract's shapes: the
 * full program, lock, module status, team, goals (with the goal form's types) and notifications,
 * plus the auth server's user list for the add-member picker. It records every write, and can be
 * told to refuse the next call to a path. Also renders the detail page at a path, signed in.
 */
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { Route } from 'react-router-dom';
import ProgramDetail from '../../../src/resources/program/detail/ProgramDetail';
import { API, AUTH } from './fixture-api';
import { flagsExcept, renderConsole } from './render-console';

interface Person {
  _id: string;
  first_name: string;
  last_name: string;
  photo: string | null;
  designation: { _id: string; name: string } | null;
}
interface FakeGoal {
  _id: string;
  program_id: string;
  document_type: string;
  goal_type: string;
  name: string;
  target: number;
  achieve: number;
  achieve_counted: boolean;
  isPinned: boolean;
}
interface FakeNotification {
  _id: string;
  title: string;
  body: string;
  program: string;
  created_by: { _id: string; first_name: string; last_name: string };
  created_at: string;
}

export interface SeenWrite {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

const person = (_id: string, first_name: string, last_name: string, designation: string | null): Person => ({
  _id,
  first_name,
  last_name,
  photo: null,
  designation: designation ? { _id: `d-${_id}`, name: designation } : null,
});

export const USERS = [
  { ...person('u0', 'Built-in', 'Admin', 'Administrator'), email: 'admin@fieldbase.local', status: true, builtin: true },
  { ...person('u2', 'Grace', 'Hopper', 'Field Lead'), email: 'grace@example.test', status: true, builtin: false },
  { ...person('u3', 'Alan', 'Turing', 'Enumerator'), email: 'alan@example.test', status: true, builtin: false },
  { ...person('u4', 'Katherine', 'Johnson', 'Analyst'), email: 'katherine@example.test', status: true, builtin: false },
  { ...person('u5', 'Mary', 'Jackson', null), email: 'mary@example.test', status: true, builtin: false },
];
const userPerson = (id: string): Person => {
  const { _id, first_name, last_name, photo, designation } = USERS.find((u) => u._id === id)!;
  return { _id, first_name, last_name, photo, designation };
};

export const TYPES = {
  BENEFICIARY: [
    { _id: 'bt1', name: 'Household' },
    { _id: 'bt2', name: 'Farmer' },
  ],
  LOCATION: [{ _id: 'lt1', name: 'Village' }],
  EVENT: [],
  SURVEY: [],
  CASE: [{ _id: 'ct1', name: 'Referral' }],
};

const DAY = 86_400_000;

export function seedProgram() {
  return {
    _id: 'p1',
    name: 'Clean Water',
    name_slug: 'clean-water',
    description: 'Wells and pumps in three districts',
    photo: null as string | null,
    status: true,
    program_head: [userPerson('u2')],
    teams: [userPerson('u3')],
    no_of_days_for_edit_program: 30,
    documentVisible: 'ALL',
    lockProgram: 0 as 0 | 1,
    beneficiary_types: TYPES.BENEFICIARY,
    location_types: TYPES.LOCATION,
    event_types: [],
    survey_types: [],
    case_types: TYPES.CASE,
    permission_files: [],
    active_module: { beneficiaries: true, locations: true, events: true, cases: true, surveys: false, permission: true },
    goals: [
      goal('g1', 'BENEFICIARY', 'bt1', 'Household', 500, 125, true),
      goal('g2', 'LOCATION', 'lt1', 'Village', 3, 1, false),
    ] as FakeGoal[],
    created_at: new Date(Date.now() - 2 * DAY).toISOString(),
    updated_at: new Date(Date.now() - DAY).toISOString(),
  };
}

function goal(
  _id: string,
  document_type: string,
  goal_type: string,
  name: string,
  target: number,
  achieve: number,
  isPinned: boolean,
): FakeGoal {
  return { _id, program_id: 'p1', document_type, goal_type, name, target, achieve, achieve_counted: false, isPinned };
}

export const seedNotifications = (): FakeNotification[] => [
  {
    _id: 'n2',
    title: 'Pump repairs',
    body: 'The pump at Kisumu is fixed.',
    program: 'p1',
    created_by: { _id: 'u2', first_name: 'Grace', last_name: 'Hopper' },
    created_at: '2024-03-06T14:05:00.000Z',
  },
  {
    _id: 'n1',
    title: 'Welcome',
    body: 'Welcome to the program.',
    program: 'p1',
    created_by: { _id: 'u2', first_name: 'Grace', last_name: 'Hopper' },
    created_at: '2024-03-05T09:30:00.000Z',
  },
];

/** A program database never built. */
const seedSync = () => ({
  db: 'program-p1',
  doc_count: 0,
  doc_del_count: 0,
  update_seq: 0,
  size: 0,
  built_at: null as string | null,
  written: 0,
  deleted: 0,
});

export function createProgramApi() {
  const state = {
    program: seedProgram(),
    notifications: seedNotifications(),
    /** The program's offline database (GET /sync/status/{id}); GET /sync/{id} builds it and counts the builds. */
    sync: seedSync(),
    syncBuilds: 0,
  };
  const writes: SeenWrite[] = [];
  let next = 1;

  const problem = (status: number, message: string, code: string) => HttpResponse.json({ message, code }, { status });
  const found = (id: unknown) => id === state.program._id;
  const notFound = () => problem(404, 'Program not found', 'NOT_FOUND');
  /** What the program routes answer: the program with ids for people (the full read has them in place). */
  const asIds = () => ({
    ...state.program,
    program_head: state.program.program_head.map((p) => p._id),
    teams: state.program.teams.map((p) => p._id),
  });
  const body = async (request: Request) =>
    (await request
      .clone()
      .json()
      .catch(() => ({}))) as Record<string, unknown>;

  const server = setupServer(
    http.get(`${API}/program/:id/full`, ({ params }) => (found(params.id) ? HttpResponse.json(state.program) : notFound())),
    http.patch(`${API}/program/change/lock/status/:id`, ({ params }) => {
      if (!found(params.id)) return notFound();
      state.program.lockProgram = state.program.lockProgram === 1 ? 0 : 1;
      return HttpResponse.json({ _id: state.program._id, lockProgram: state.program.lockProgram });
    }),
    http.put(`${API}/program/change/status/module/program/:id`, async ({ request }) => {
      const { module, status } = (await body(request)) as { module: keyof typeof state.program.active_module; status: boolean };
      state.program.active_module = { ...state.program.active_module, [module]: status };
      return HttpResponse.json(asIds());
    }),
    http.post(`${API}/program/:id/team`, async ({ request }) => {
      const { user, is_program_head } = (await body(request)) as { user: string; is_program_head?: boolean };
      const list = is_program_head ? state.program.program_head : state.program.teams;
      list.push(userPerson(user));
      return HttpResponse.json(asIds());
    }),
    http.patch(`${API}/program/:id/team/:userId`, async ({ request, params }) => {
      const { is_program_head } = (await body(request)) as { is_program_head: boolean };
      const all = [...state.program.program_head, ...state.program.teams];
      const moved = all.find((p) => p._id === params.userId)!;
      state.program.program_head = state.program.program_head.filter((p) => p !== moved);
      state.program.teams = state.program.teams.filter((p) => p !== moved);
      (is_program_head ? state.program.program_head : state.program.teams).push(moved);
      return HttpResponse.json(asIds());
    }),
    http.delete(`${API}/program/:id/team/:userId`, ({ params }) => {
      state.program.program_head = state.program.program_head.filter((p) => p._id !== params.userId);
      state.program.teams = state.program.teams.filter((p) => p._id !== params.userId);
      return HttpResponse.json(asIds());
    }),
    http.get(`${API}/goal/:programId/obj`, () => HttpResponse.json({ goals: state.program.goals, types: TYPES })),
    http.post(`${API}/goal`, async ({ request }) => {
      const input = (await body(request)) as Omit<FakeGoal, '_id' | 'name' | 'achieve' | 'achieve_counted'>;
      const type = Object.values(TYPES)
        .flat()
        .find((t: { _id: string }) => t._id === input.goal_type) as { name: string };
      const created = goal(`g-new-${next++}`, input.document_type, input.goal_type, type.name, input.target, 0, input.isPinned ?? false);
      state.program.goals.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.patch(`${API}/goal/:id`, async ({ request, params }) => {
      const changed = state.program.goals.find((g) => g._id === params.id)!;
      Object.assign(changed, await body(request));
      return HttpResponse.json(changed);
    }),
    http.delete(`${API}/goal/:id`, ({ params }) => {
      const gone = state.program.goals.find((g) => g._id === params.id)!;
      state.program.goals = state.program.goals.filter((g) => g !== gone);
      return HttpResponse.json(gone);
    }),
    http.get(`${API}/notification/all/:programId`, () => HttpResponse.json(state.notifications)),
    http.post(`${API}/notification/add`, async ({ request }) => {
      const { title, body: text, program } = (await body(request)) as { title: string; body: string; program: string };
      const sent: FakeNotification = {
        _id: `n-new-${next++}`,
        title,
        body: text,
        program,
        created_by: { _id: 'u1', first_name: 'Ada', last_name: 'Lovelace' },
        created_at: new Date().toISOString(),
      };
      state.notifications.unshift(sent);
      return HttpResponse.json(sent, { status: 201 });
    }),
    http.patch(`${API}/notification/update/:id`, async ({ request, params }) => {
      const changed = state.notifications.find((n) => n._id === params.id)!;
      Object.assign(changed, await body(request));
      return HttpResponse.json(changed);
    }),
    http.delete(`${API}/notification/delete/:id`, ({ params }) => {
      const gone = state.notifications.find((n) => n._id === params.id)!;
      state.notifications = state.notifications.filter((n) => n !== gone);
      return HttpResponse.json(gone);
    }),
    http.get(`${API}/sync/conflicts`, () => HttpResponse.json([])),
    http.get(`${API}/sync/status/:id`, ({ params }) => (found(params.id) ? HttpResponse.json(state.sync) : notFound())),
    http.get(`${API}/sync/:id`, ({ params }) => {
      if (!found(params.id)) return notFound();
      state.syncBuilds++;
      state.sync = { ...state.sync, doc_count: 104, update_seq: 104, size: 2_400_000, built_at: '2024-03-07T09:15:00.000Z', written: 104 };
      return HttpResponse.json(state.sync);
    }),
    http.get(`${AUTH}/user`, () =>
      HttpResponse.json(USERS, { headers: { 'Content-Range': `user 0-${USERS.length - 1}/${USERS.length}` } }),
    ),
  );

  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET') return;
    const write: SeenWrite = { method: request.method, path: url.pathname };
    writes.push(write);
    void request
      .clone()
      .json()
      .then((b) => void (write.body = b as Record<string, unknown>))
      .catch(() => undefined);
  });

  return {
    server,
    state,
    writes,
    /** The next call with this method to this path (below the api server) answers this instead: a handler put first, used once. */
    refuse(method: 'get' | 'post' | 'patch' | 'put' | 'delete', path: string, status: number, answer: JsonBodyType) {
      server.use(http[method](`${API}${path}`, () => HttpResponse.json(answer, { status }), { once: true }));
    },
    reset() {
      state.program = seedProgram();
      state.notifications = seedNotifications();
      state.sync = seedSync();
      state.syncBuilds = 0;
      writes.length = 0;
      server.resetHandlers();
      next = 1;
    },
  };
}

/** The detail page at a path (/program/p1?tab=1), signed in with these flags; the edit page and the list are stand-ins. */
export function renderProgramDetail(path: string, permission: Record<string, boolean> = flagsExcept()) {
  const view = renderConsole(path, permission, {
    resources: false,
    routes: [
      <Route key="detail" path="/program/:id" element={<ProgramDetail />} />,
      <Route key="edit" path="/program/edit/:id" element={<h1>Edit Program page</h1>} />,
      <Route key="list" path="/program" element={<h1>Programs list page</h1>} />,
    ],
  });
  return { ...view, location: view.where };
}
