/**
 * A small world of documents for any server test, built through the routes the console and the
 * mobile app use:
 *
 *   const world = await makeDocumentWorld(t);          // t: TestServer
 *   const docs = await world.submit({ count: 5 });     // 5 Household documents by the member, revision 2
 *   await world.submit({ count: 2, module: 'surveys', as: world.admin });
 *   await world.submit({ revision: 1, answers: (i) => ({ name: `Old ${i}`, age: 40 }) });
 *
 * What it holds:
 *   admin      the seeded admin's console session (every flag)
 *   member     a Field Staff user on the program's team, signed in as the mobile app
 *              (can_add_document, can_edit_own_document, can_delete_own_document; no dashboard)
 *   program    an active program (documents visible to the whole team: ALL), `{ id, name, name_slug }`
 *   types      `{ beneficiary, survey }`: a Beneficiary Type "Household" attached to the
 *              beneficiaries module, a Survey Type "Water survey" attached to surveys
 *   forms      `{ household, survey }`: their published forms' ids
 *   revisions  `{ household: [rev1, rev2], survey: [rev1] }`: revision ids. The household form's
 *              revision 1 asks name (text, required) and age (number, labelled "Age"); revision 2
 *              relabels age "Age in years" and adds village (dropdown: north, south), so a
 *              village column exists only from revision 2 on.
 *   submit     POST /document `count` times (default 1), each with a new local_id; answers
 *              `answersFor(module, revision, i)` unless `answers` is given; throws on any
 *              answer other than 201; resolves the documents as answered (full shape).
 *
 * Each call makes a world of its own (names are numbered), so one test file may make several.
 *
 * Also: `personWith(t, world, name, flags, { team, client })` — a user of a new role with exactly
 * these flags, on the program's team unless `team: false`, signed in as the console or the
 * mobile app; `attachFormType(t, world, structures)` — another beneficiary type whose form has
 * one published revision with these fields, attached to the program; `joinTeam`.
 */
import { expect } from 'vitest';
import type { Document } from '@model/generated/index.ts';
import { bearer, ADMIN_EMAIL, ADMIN_PASSWORD, type Session, type TestServer } from './test-server.ts';
import { insertUser, roleIdBySlug } from './test-users.ts';
import { insertProgram } from './program-fixtures.ts';
import { insertRole } from './test-users.ts';
import { openSession } from '../../server/auth/sessions.ts';
import { sql } from 'kysely';

export interface SignedIn {
  id: string;
  token: string;
  headers: { authorization: string };
}

export type WorldModule = 'beneficiaries' | 'surveys';

export interface SubmitOptions {
  count?: number;
  module?: WorldModule;
  /** Which revision of the module's form (1 or 2 for beneficiaries; surveys have only 1). Default: the newest. */
  revision?: 1 | 2;
  /** Who submits: default the member. */
  as?: { headers: { authorization: string } };
  answers?: (i: number) => Record<string, unknown>;
  /** Local ids are `${localIdPrefix}-${n}`; default a prefix unique to the world. */
  localIdPrefix?: string;
}

export interface DocumentWorld {
  program: { id: string; name: string; name_slug: string };
  types: { beneficiary: string; survey: string };
  /** The names given to the world's records (numbered, as each world in a run gets its own). */
  names: { beneficiary: string; member: string };
  forms: { household: string; survey: string };
  revisions: { household: [string, string]; survey: [string] };
  admin: Session;
  member: SignedIn;
  submit(opts?: SubmitOptions): Promise<Document[]>;
}

export const HOUSEHOLD_V1 = [
  { field_label: 'Name', field_name: 'name', field_type: 'text', validation: { required: true } },
  { field_label: 'Age', field_name: 'age', field_type: 'number' },
];
export const HOUSEHOLD_V2 = [
  { field_label: 'Name', field_name: 'name', field_type: 'text', validation: { required: true } },
  { field_label: 'Age in years', field_name: 'age', field_type: 'number' },
  { field_label: 'Village', field_name: 'village', field_type: 'dropdown', extra_details: { option_choice: 'north: North\nsouth: South' } },
];
export const SURVEY_V1 = [
  { field_label: 'Rating', field_name: 'rating', field_type: 'number', validation: { required: true } },
  { field_label: 'Comment', field_name: 'comment', field_type: 'text-area' },
];

/** Valid answers for the n-th document of a module and revision. */
export function answersFor(module: WorldModule, revision: 1 | 2, i: number): Record<string, unknown> {
  if (module === 'surveys') return { rating: (i % 5) + 1, comment: `Comment ${i}` };
  return revision === 1
    ? { name: `Household ${i}`, age: 20 + (i % 50) }
    : { name: `Household ${i}`, age: 20 + (i % 50), village: i % 2 ? 'north' : 'south' };
}

/** A household submission (revision 2) of `world` under `localId`, its answers numbered `n`, `over` changing any part of it. */
export function householdSubmission(world: DocumentWorld, localId: string, n: number, over: Record<string, unknown> = {}) {
  return {
    local_id: localId,
    program_id: world.program.id,
    module: 'beneficiaries' as const,
    type_id: world.types.beneficiary,
    form_revision_id: world.revisions.household[1],
    form_data: answersFor('beneficiaries', 2, n),
    ...over,
  };
}

let worlds = 0;
let submissions = 0;

async function call(t: TestServer, method: 'GET' | 'POST', url: string, headers: object, payload?: unknown) {
  const res = await t.api.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as never });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** Publishes a form with these revisions in turn; answers the form id and the revision ids, oldest first. */
export async function publishedForm(
  t: TestServer,
  admin: Session,
  name: string,
  revisions: object[][],
): Promise<{ id: string; revisions: string[] }> {
  const form = await call(t, 'POST', '/form', admin.headers, { name, structures: revisions[0] });
  let draftVersion: number = form.draft_version;
  for (const [i, structures] of revisions.entries()) {
    const body = i === 0 ? { _id: form._id } : { _id: form._id, draft_version: draftVersion, structures };
    draftVersion = (await call(t, 'POST', '/form/publish', admin.headers, body)).draft_version;
  }
  const listed: Array<{ _id: string; version: number }> = await call(t, 'GET', `/form/rev/${form._id}`, admin.headers);
  return { id: form._id, revisions: listed.sort((a, b) => a.version - b.version).map((r) => r._id) };
}

/** A user of the seeded Field Staff role, signed in through POST /login as the mobile app. */
export async function fieldWorker(t: TestServer, name: string): Promise<SignedIn> {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}@example.com`;
  const password = 'field worker passphrase';
  const { id } = await insertUser(t.ctx.db, { email, password, roleId: await roleIdBySlug(t.ctx.db, 'field-staff'), first_name: name });
  const res = await t.auth.app.inject({ method: 'POST', url: '/login', payload: { email, password, client: 'mobile' } });
  expect(res.statusCode, res.body).toBe(200);
  const { token } = res.json() as { token: string };
  return { id, token, headers: bearer(token) };
}

export async function makeDocumentWorld(t: TestServer): Promise<DocumentWorld> {
  const n = ++worlds;
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const household = await publishedForm(t, admin, `Household form ${n}`, [HOUSEHOLD_V1, HOUSEHOLD_V2]);
  const survey = await publishedForm(t, admin, `Survey form ${n}`, [SURVEY_V1]);
  const typeBody = (name: string, form: string) => ({ name, plural_name: `${name}s`, description: `${name} records`, form });
  const beneficiary = (await call(t, 'POST', '/beneficiarytype', admin.headers, typeBody(`Household ${n}`, household.id)))._id as string;
  const surveyType = (await call(t, 'POST', '/surveytype', admin.headers, typeBody(`Water survey ${n}`, survey.id)))._id as string;
  const member = await fieldWorker(t, `Member ${n}`);
  const program = await insertProgram(t.ctx.db, {
    name: `Documents program ${n}`,
    teams: [member.id],
    no_of_days_for_edit_program: 30,
    types: { beneficiary_types: [beneficiary], survey_types: [surveyType] },
  });
  const revisions = { household: household.revisions as [string, string], survey: survey.revisions as [string] };
  const prefix = `world-${n}-${Date.now().toString(36)}`;

  const submit = async (opts: SubmitOptions = {}): Promise<Document[]> => {
    const module = opts.module ?? 'beneficiaries';
    const revision = opts.revision ?? (module === 'beneficiaries' ? 2 : 1);
    const revisionId = module === 'beneficiaries' ? revisions.household[revision - 1]! : revisions.survey[0];
    const typeId = module === 'beneficiaries' ? beneficiary : surveyType;
    const headers = (opts.as ?? member).headers;
    const docs: Document[] = [];
    for (let i = 0; i < (opts.count ?? 1); i++) {
      const res = await t.api.app.inject({
        method: 'POST',
        url: '/document',
        headers,
        payload: {
          local_id: `${opts.localIdPrefix ?? prefix}-${++submissions}`,
          program_id: program.id,
          module,
          type_id: typeId,
          form_revision_id: revisionId,
          form_data: opts.answers?.(i) ?? answersFor(module, revision, i),
        },
      });
      expect(res.statusCode, `POST /document: ${res.body}`).toBe(201);
      docs.push(res.json());
    }
    return docs;
  };

  return {
    program,
    types: { beneficiary, survey: surveyType },
    names: { beneficiary: `Household ${n}`, member: `Member ${n}` },
    forms: { household: household.id, survey: survey.id },
    revisions,
    admin,
    member,
    submit,
  };
}

export async function joinTeam(t: TestServer, programId: string, userId: string): Promise<void> {
  await sql`update programs set teams = teams || jsonb_build_array(${userId}::text)
    where id = ${programId} and not teams @> jsonb_build_array(${userId}::text)`.execute(t.ctx.db);
}

let people = 0;

/** A user of a new role with exactly these flags, on the world's team unless `team: false`, with a session of that client. */
export async function personWith(
  t: TestServer,
  world: Pick<DocumentWorld, 'program'>,
  name: string,
  permission: Record<string, boolean>,
  opts: { team?: boolean; client?: 'console' | 'mobile' } = {},
): Promise<SignedIn> {
  const n = ++people;
  const role = await insertRole(t.ctx.db, { role: `${name} ${n}`, permission });
  const { id } = await insertUser(t.ctx.db, {
    email: `person-${n}-${Date.now().toString(36)}@example.com`,
    password: 'document person passphrase',
    roleId: role.id,
    first_name: name,
  });
  if (opts.team !== false) await joinTeam(t, world.program.id, id);
  const sessionId = await openSession(t.ctx.db, t.ctx.config, id, true, 'tests', opts.client ?? 'console');
  const token = await t.ctx.tokens.sign({ sub: id, sid: sessionId }, t.ctx.config.clock.now(), t.ctx.config.accessTokenTtlSeconds);
  return { id, token, headers: bearer(token) };
}

/** Another beneficiary type, whose form has one published revision with these fields, attached to the world's program. */
export async function attachFormType(
  t: TestServer,
  world: Pick<DocumentWorld, 'program' | 'admin'>,
  structures: object[],
): Promise<{ typeId: string; formId: string; revisionId: string }> {
  const n = ++worlds;
  const form = await publishedForm(t, world.admin, `Extra form ${n}`, [structures]);
  const typeId = (
    await call(t, 'POST', '/beneficiarytype', world.admin.headers, {
      name: `Extra type ${n}`,
      plural_name: `Extra types ${n}`,
      description: 'Extra',
      form: form.id,
    })
  )._id as string;
  await sql`update programs set beneficiary_types = beneficiary_types || jsonb_build_array(${typeId}::text)
    where id = ${world.program.id}`.execute(t.ctx.db);
  return { typeId, formId: form.id, revisionId: form.revisions[0]! };
}
