/**
 * The authorization matrix, generated from the route tables of both servers: every route is
 * called by the callers its own declaration calls for — anonymous (401), a user whose role holds
 * every flag but the route's one (403 naming the flag), a user whose role holds it (neither 401
 * nor 403), a user lacking the flag on their own record where the route allows self-service,
 * any signed-in user on session-only routes, anyone on public ones, and a mobile app session
 * (through on the routes declared `mobile`, 403 CONSOLE_ONLY on every other). Calls carry real ids and
 * valid bodies made from the schemas, so a route that lost its guard would answer 2xx and be
 * counted — the negative control below shows that it is.
 *
 * The test-only entities (tests/fixtures/model/) are added the way the docs/adding-an-entity.md recipe adds one,
 * before the servers are built, and nothing here names them except to check they were covered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { installFixtureModel, FIXTURE_RESOURCES } from '../support/fixture-model.ts';
import { startTestServer, ADMIN_EMAIL, ADMIN_PASSWORD, type TestServer } from '../support/test-server.ts';
import { flags, insertRole, insertUser } from '../support/test-users.ts';
import { crudRoutesOf, flagOf, routeName, type ServerName } from '../support/route-audit.ts';
import { byReferenceOrder, sampleBody } from '../support/sample-record.ts';
import { multipart } from '../support/multipart.ts';
import { tinyPng } from '../support/images.ts';
import { planMatrix, runMatrix, type Attempt, type Caller, type PlannedCall, type UploadBody } from '../support/authorization-matrix.ts';
import { openSession } from '../../server/auth/sessions.ts';
import { answersFor, makeDocumentWorld, type DocumentWorld } from '../support/documents.ts';
import { needsFlag, needsFlagOrSelf, signedIn, type RouteRecord } from '../../server/http/permissions.ts';
import { permissionFlags, resourceMap } from '@model/schema-registry.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';

installFixtureModel();

let t: TestServer;
/** A caller per flag some route needs, whose role holds every flag but that one. */
const lacking = new Map<string, Caller>();
let holder: Caller;
let signedInOnly: Caller;
/** A mobile app session of a role holding every flag but the dashboard (as field staff, with everything else). */
let mobileCaller: Caller;
/**
 * Per collection path, a real record for the routes' :id (the matrix may change or delete it);
 * "<server>:<path>" where the servers' paths coincide (a role's checklist is /permission/:id on
 * auth, a permission file is /permission/:id on api).
 */
const victims: Record<string, string> = {};
/** Per resource, a record that bodies refer to (never deleted by the matrix). */
const referenced: Record<string, string> = {};

/** Documents to call the document routes with (they are no resource of the map). */
let documents: DocumentWorld;
let matrixDocuments = 0;

/** Bodies of routes outside the map's CRUD routes: the role's permission checklist, publishing a form. */
const EXTRA_BODIES: Record<string, unknown> = {
  // A valid submission, with a new local id each time it is read.
  get 'POST /document'() {
    return {
      local_id: `matrix-${++matrixDocuments}`,
      program_id: documents.program.id,
      module: 'beneficiaries',
      type_id: documents.types.beneficiary,
      form_revision_id: documents.revisions.household[1],
      form_data: answersFor('beneficiaries', 2, matrixDocuments),
    };
  },
  'PATCH /document/:id': { form_data: { name: 'Changed by the matrix' } },
  'POST /document/processed': { ids: ['matrix-unknown-document'] },
  'PATCH /permission/:id': { [permissionFlags[0]!.name]: true },
  // Read when the call is made: the form is made in beforeAll.
  get 'POST /form/publish'() {
    return { _id: victims.form };
  },
  get 'POST /notification/add'() {
    return { title: 'Matrix notice', body: 'Sent by the matrix', program: referenced.program };
  },
  'PATCH /notification/update/:id': { title: 'Changed by the matrix' },
  'PATCH /settings': { organisation_name: 'Changed by the matrix' },
  get 'POST /goal/target'() {
    return { program_slug: referencedProgramSlug, type: 'BENEFICIARY', beneficiary_type_id: referenced.beneficiary_type };
  },
};

/**
 * Records made otherwise than by POST /{path} with a body from the schema, after every other
 * resource: a goal counts a type attached to its program (attached here as the program routes
 * attach one; the two goals count a beneficiary type and a location type), and a notification
 * is sent with POST /notification/add.
 */
const GOAL_TYPES = [
  { document_type: 'BENEFICIARY', list: 'beneficiary_types', resource: 'beneficiary_type' },
  { document_type: 'LOCATION', list: 'location_types', resource: 'location_type' },
] as const;
let goalsMade = 0;
let referencedProgramSlug = '';
const CREATE_REQUESTS: Record<string, () => Promise<{ url: string; payload: unknown }>> = {
  goal: async () => {
    const { document_type, list, resource } = GOAL_TYPES[goalsMade++]!;
    const typeId = referenced[resource]!;
    await sql`update programs set ${sql.ref(list)} = ${sql.ref(list)} || jsonb_build_array(${typeId}::text)
      where id = ${referenced.program!}`.execute(t.ctx.db);
    return { url: '/goal', payload: { program_id: referenced.program, document_type, goal_type: typeId, target: 10 } };
  },
  notification: async () => ({
    url: '/notification/add',
    payload: { title: 'Matrix notice', body: 'Sent by the matrix', program: referenced.program },
  }),
};

/**
 * Resources whose create takes an upload, not JSON: a real one (a two-line CSV view list), so
 * the record exists as the route itself makes it.
 */
let uploadSerial = 0;
const permissionFileUpload = () =>
  multipart([
    { name: 'name', value: `Sample permission file ${++uploadSerial}` },
    { name: 'file', filename: 'consent.pdf', contentType: 'application/pdf', content: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
const UPLOAD_BODIES: Record<string, UploadBody> = {
  listview: () =>
    multipart([
      { name: 'name', value: `Sample list ${++uploadSerial}` },
      {
        name: 'excel_file',
        filename: 'towns.csv',
        contentType: 'text/csv',
        content: Buffer.from('Town\nKisumu\n'),
      },
    ]),
  // The add form as the console sends it (multipart), with an image.
  program: () =>
    multipart([
      { name: 'name', value: `Sample program ${++uploadSerial}` },
      { name: 'description', value: 'A program the matrix made' },
      { name: 'no_of_days_for_edit_program', value: '0' },
      { name: 'documentVisible', value: 'ALL' },
      { name: 'program_head', value: '[]' },
      { name: 'photo', filename: 'program.png', contentType: 'image/png', content: tinyPng() },
    ]),
  permission_file: permissionFileUpload,
};
/** Multipart changes that are not a photo, by server and route. */
const ROUTE_UPLOADS: Record<string, UploadBody> = {
  'api POST /permission': permissionFileUpload,
  'api PATCH /permission/:id': permissionFileUpload,
  'auth PUT /settings/logo': () => multipart([{ name: 'logo', filename: 'logo.png', contentType: 'image/png', content: tinyPng() }]),
};

const appOf = (server: string) => (server === 'auth' ? t.auth.app : t.api.app);
const tables = (): Array<[ServerName, RouteRecord[]]> => [
  ['auth', t.auth.routeTable],
  ['api', t.api.routeTable],
];

/** A user of a new role with these flags, signed in (a session opened directly: no password check needed here). */
async function callerWith(name: string, permission: Record<string, boolean>, client: 'console' | 'mobile' = 'console'): Promise<Caller> {
  const role = await insertRole(t.ctx.db, { role: name, permission });
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const { id } = await insertUser(t.ctx.db, {
    email,
    password: 'matrix caller passphrase',
    roleId: role.id,
  });
  const sessionId = await openSession(t.ctx.db, t.ctx.config, id, true, 'matrix', client);
  const token = await t.ctx.tokens.sign({ sub: id, sid: sessionId }, t.ctx.config.clock.now(), t.ctx.config.accessTokenTtlSeconds);
  return { token, userId: id };
}

beforeAll(async () => {
  t = await startTestServer();
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);

  // Two records of every resource in the map, made through its own POST from its schema: one
  // the routes' ids name, one the bodies refer to. Referenced resources come first.
  const inOrder = byReferenceOrder(Object.keys(resourceMap));
  for (const resource of [...inOrder.filter((r) => !CREATE_REQUESTS[r]), ...inOrder.filter((r) => CREATE_REQUESTS[r])]) {
    const entry = resourceMap[resource]!;
    const create = async () => {
      const upload = UPLOAD_BODIES[resource]?.();
      const own = await CREATE_REQUESTS[resource]?.();
      const url = own?.url ?? `/${entry.path}`;
      const res = await appOf(entry.server).inject({
        method: 'POST',
        url,
        headers: { ...admin.headers, ...upload?.headers },
        payload: own?.payload ?? upload?.payload ?? sampleBody(resource, (r) => referenced[r]),
      });
      if (res.statusCode !== 201) throw new Error(`POST ${url} with a body made from its schema answered ${res.statusCode}: ${res.body}`);
      return res.json()._id as string;
    };
    referenced[resource] = await create();
    victims[entry.path] = await create();
    victims[`${entry.server}:${entry.path}`] = victims[entry.path]!;
    // Record types name the form they use, which must be published: publish the one bodies refer to.
    if (resource === 'custom-form') {
      const res = await t.api.app.inject({
        method: 'POST',
        url: '/form/publish',
        headers: admin.headers,
        payload: { _id: referenced[resource] },
      });
      if (res.statusCode !== 200) throw new Error(`POST /form/publish answered ${res.statusCode}: ${res.body}`);
    }
  }
  // Documents, for the document routes' :id.
  documents = await makeDocumentWorld(t);
  victims.document = (await documents.submit())[0]!._id;
  // The permission checklist of a role is addressed by the role's id.
  victims['auth:permission'] = victims[resourceMap.role!.path]!;
  referencedProgramSlug = (
    await t.ctx.db.selectFrom('programs').select('name_slug').where('id', '=', referenced.program!).executeTakeFirstOrThrow()
  ).name_slug;

  const flagNames = [
    ...new Set(
      tables()
        .flatMap(([, table]) => table.map(flagOf))
        .filter((f): f is string => !!f),
    ),
  ];
  for (const flag of flagNames) lacking.set(flag, await callerWith(`All but ${flag}`, flags(true, { [flag]: false })));
  holder = await callerWith('Every flag', flags(true));
  signedInOnly = await callerWith('Dashboard only', flags(false, { can_access_dashboard: true }));
  mobileCaller = await callerWith('Mobile app', flags(true, { can_access_dashboard: false }), 'mobile');
});
afterAll(() => t?.close());

/** A route's :id names a record of the collection its path starts with (on that server, where paths coincide); a :programId, a program. */
const idFor = (pattern: string, server?: string) => {
  if (pattern.includes('/:programId')) return victims[resourceMap.program!.path];
  const path = pattern.split('/')[1]!;
  return victims[`${server}:${path}`] ?? victims[path];
};
function callerFor(call: PlannedCall): Caller {
  switch (call.kind) {
    case 'anonymous':
      return {};
    case 'signed in':
      return signedInOnly;
    case 'holding the flag':
      return holder;
    case 'mobile session':
      return mobileCaller;
    default:
      return lacking.get(flagOf(call.route)!)!;
  }
}

/**
 * Every row of every table, so that refused calls can be shown to have changed nothing — but the
 * change log, which records refused writes on purpose (checked apart: refusedSince), and the
 * cursors that read it and move past those rows: the offline databases' (sync_follow) and the
 * webhooks' (webhook_cursors).
 */
async function databaseSnapshot(): Promise<Record<string, string>> {
  const { rows } = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
       and table_name not like 'changes%' and table_name not in ('change_revisions', 'sync_follow', 'webhook_cursors') order by table_name`.execute(
    t.ctx.db,
  );
  const snapshot: Record<string, string> = {};
  for (const { table_name } of rows) {
    const { rows: digest } = await sql<{
      digest: string;
    }>`select count(*) || ':' || coalesce(md5(string_agg(x::text, ',' order by x::text)), '') as digest from ${sql.table(table_name)} x`.execute(
      t.ctx.db,
    );
    snapshot[table_name] = digest[0]!.digest;
  }
  return snapshot;
}

/** The actions of the change rows written after `seq`: a refused call may add a `refused` row and nothing else. */
async function actionsSince(seq: string): Promise<string[]> {
  const { rows } = await sql<{ action: string }>`select distinct action from changes where seq > ${seq}::bigint`.execute(t.ctx.db);
  return rows.map((r) => r.action);
}
const lastSeq = async () =>
  (await sql<{ seq: string }>`select coalesce(max(seq), 0)::text as seq from changes`.execute(t.ctx.db)).rows[0]!.seq;

const describeAttempts = (attempts: Attempt[]) =>
  attempts.map((a) => `${a.route} as ${a.caller}: ${a.status}${a.code ? ` ${a.code}` : ''}`);

describe('authorization matrix', () => {
  let attempts: Attempt[];
  let plan: PlannedCall[];

  it('answers every caller of every route of both servers as the route’s declaration says', async () => {
    plan = planMatrix(tables());
    const refusals = plan.filter((c) => c.expected !== 'allowed');
    // The offline databases are built from the changes the set-up made, by a background follower: done first.
    await followChanges(t.ctx.db, { wait: true });
    const before = await databaseSnapshot();
    const seqBefore = await lastSeq();
    const refused = await runMatrix(refusals, { appOf, callerFor, idFor });
    const afterRefusals = await databaseSnapshot();
    const loggedDuringRefusals = await actionsSince(seqBefore);

    const allowed = await runMatrix(
      plan.filter((c) => c.expected === 'allowed'),
      {
        appOf,
        callerFor,
        idFor,
        referenceOf: (r) => referenced[r],
        extraBodies: EXTRA_BODIES,
        uploadBodies: ROUTE_UPLOADS,
      },
    );
    attempts = [...refused.attempts, ...allowed.attempts];
    const unauthorisedSuccesses = [...refused.unauthorisedSuccesses, ...allowed.unauthorisedSuccesses];

    const routes = tables().reduce((n, [, table]) => n + table.length, 0);
    const count = (kind: string) => attempts.filter((a) => a.caller === kind).length;
    const through = allowed.attempts.filter((a) => a.status < 300).length;
    console.log(
      `authorization matrix: ${routes} routes (${tables()
        .map(([s, table]) => `${s} ${table.length}`)
        .join(', ')}) × their callers = ${attempts.length} attempts ` +
        `(anonymous ${count('anonymous')}, lacking the flag ${count('lacking the flag')}, lacking it on themselves ${count('lacking the flag, on themselves')}, ` +
        `holding it ${count('holding the flag')}, signed in ${count('signed in')}, mobile app ${count('mobile session')}; ${lacking.size} roles each lacking one flag), ` +
        `${unauthorisedSuccesses.length} unauthorised successes; of the ${allowed.attempts.length} allowed calls ${through} answered 2xx/3xx, the rest 4xx other than 401/403`,
    );

    expect(describeAttempts(unauthorisedSuccesses)).toEqual([]);
    expect(describeAttempts([...refused.wrongAnswers, ...allowed.wrongAnswers])).toEqual([]);
    // Turned away before anything ran: not a row changed anywhere, but the log of refused writes.
    expect(afterRefusals).toEqual(before);
    expect(loggedDuringRefusals.filter((action) => action !== 'refused')).toEqual([]);
  });

  it('covers every route of both route tables', () => {
    expect(attempts, 'the matrix ran').toBeDefined();
    const called = new Set(attempts.map((a) => a.route));
    const all = tables().flatMap(([server, table]) => table.map((r) => `${server} ${routeName(r)}`));
    expect(all.filter((r) => !called.has(r))).toEqual([]);
    // Each route with the callers its declaration calls for, no fewer.
    expect(attempts.length).toBe(plan.length);
  });

  it('covers the CRUD routes of every resource in the map with the map’s flags, the fixture entities included', () => {
    const forbiddenBy = new Map(attempts.filter((a) => a.caller === 'lacking the flag').map((a) => [a.route, a.permission]));
    const covered: string[] = [];
    for (const [resource, entry] of Object.entries(resourceMap)) {
      for (const { action, method, url } of crudRoutesOf(entry)) {
        const route = `${entry.server} ${method} ${url}`;
        // A generic resource has one for each action its map entry names a flag for; a custom
        // one keeps these addresses for the actions it has.
        if (entry.routes === 'generic' ? !entry.permissions[action] : !forbiddenBy.has(route)) continue;
        expect(forbiddenBy.get(route), `${route} (${resource} ${action})`).toBe(entry.permissions[action]);
      }
      covered.push(resource);
    }
    expect(covered).toEqual(expect.arrayContaining([...FIXTURE_RESOURCES]));
  });
});

describe('negative control: the matrix sees a route that lost its guard', () => {
  let bare: FastifyInstance;
  afterAll(() => bare?.close());

  it('counts every call a guard would have refused as an unauthorised success', async () => {
    // Declarations as the real routes make them, but no permission guard behind them.
    bare = Fastify();
    const table: RouteRecord[] = [];
    bare.addHook('onRoute', (options) => {
      table.push({
        method: options.method as string,
        url: options.url,
        options,
      });
    });
    bare.get('/user', { config: { permission: needsFlag('can_get_user') } }, async () => [{ first_name: 'Leaked' }]);
    bare.patch('/user/:id', { config: { permission: needsFlagOrSelf('can_edit_user') } }, async () => ({ first_name: 'Leaked' }));
    bare.get('/me', { config: { permission: signedIn } }, async () => ({
      first_name: 'Leaked',
    }));
    await bare.ready();

    const { unauthorisedSuccesses, wrongAnswers } = await runMatrix(planMatrix([['bare', table]]), { appOf: () => bare, callerFor, idFor });
    const caught = (a: Attempt) => `${a.route} as ${a.caller}`;
    expect(unauthorisedSuccesses.map(caught).sort()).toEqual(
      [
        'bare GET /user as anonymous',
        'bare GET /user as lacking the flag',
        'bare HEAD /user as anonymous', // Fastify adds the HEAD twin of a GET by itself
        'bare HEAD /user as lacking the flag',
        'bare PATCH /user/:id as anonymous',
        'bare PATCH /user/:id as lacking the flag',
        'bare GET /me as anonymous',
        'bare HEAD /me as anonymous',
        // A mobile app session, on routes that do not say `mobile`.
        'bare GET /user as mobile session',
        'bare HEAD /user as mobile session',
        'bare PATCH /user/:id as mobile session',
        'bare GET /me as mobile session',
        'bare HEAD /me as mobile session',
      ].sort(),
    );
    expect(wrongAnswers.map(caught).sort()).toEqual(unauthorisedSuccesses.map(caught).sort());
  });
});
