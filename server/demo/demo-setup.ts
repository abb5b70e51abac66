/**
 * Writes (or finds again, on a later run) everything the demo documents refer to: the demo
 * users, forms with three published revisions, type records of all five kinds, and programs
 * with their team, heads, modules and types. Runs in one transaction: a failure leaves nothing
 * half made. Never touches the admin or anything without the demo marker.
 */
import { sql } from 'kysely';
import type { FormField } from '@model/forms/field-definition.ts';
import { MODULE_KINDS, DOCUMENT_MODULES, type DocumentModule } from '@model/documents/modules.ts';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';
import { assertValidDefinition } from '../forms/form-definition.ts';
import { formSlug } from '../forms/form-store.ts';
import { programSlug } from '../programs/program-writes.ts';
import { DEMO_FORMS } from './demo-forms.ts';
import { DEMO_PASSWORD, DEMO_PEOPLE, DEMO_PROGRAMS, DEMO_TYPES, demoEmail, type DemoProgram } from './demo-catalogue.ts';
import { Random } from './random.ts';

export interface DemoUser {
  id: string;
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  role: string;
}

export interface DemoRevision {
  id: string;
  version: number;
  structures: FormField[];
  created_at: Date;
}

export interface DemoCatalogue {
  users: Map<string, DemoUser>;
  /** By DEMO_FORMS key: the form's id and its revisions 1–3, oldest first. */
  forms: Map<string, { id: string; revisions: DemoRevision[] }>;
  /** By DEMO_TYPES key. */
  types: Map<string, { id: string; module: DocumentModule; form: string }>;
  programs: Array<{ id: string; def: DemoProgram }>;
  /** How many rows of each kind this run made (0 on a later run). */
  made: { users: number; forms: number; types: number; programs: number };
}

const DAY = 86_400_000;
/** When each revision was published, in days before now: revision 1 predates every document. */
const REVISION_AGE_DAYS = [372, 245, 120];

async function designationId(db: Db): Promise<string> {
  const { rows } = await sql<{ id: string }>`select id from designation
    order by (lower(name) = 'administrator') desc, created_at limit 1`.execute(db);
  if (!rows[0]) throw new Error('No designation found: start the servers once (npm start) so the database is seeded.');
  return rows[0].id;
}

async function roleIds(db: Db): Promise<Record<string, string>> {
  const { rows } = await sql<{ id: string; role_slug: string }>`select id, role_slug from roles
    where role_slug in ('field-staff', 'program-manager')`.execute(db);
  const bySlug = Object.fromEntries(rows.map((r) => [r.role_slug, r.id]));
  for (const slug of ['field-staff', 'program-manager'])
    if (!bySlug[slug])
      throw new Error(`No role with slug "${slug}": the demo users need the seeded roles Field Staff and Program Manager.`);
  return bySlug;
}

async function ensureUsers(trx: Db, now: Date): Promise<{ users: Map<string, DemoUser>; made: number }> {
  const roles = await roleIds(trx);
  const designation = await designationId(trx);
  const users = new Map<string, DemoUser>();
  let made = 0;
  let passwordHash: string | undefined;
  for (const [i, person] of DEMO_PEOPLE.entries()) {
    const email = demoEmail(person);
    const found = await trx.selectFrom('users').select('id').where('email', '=', email).where('deleted_at', 'is', null).executeTakeFirst();
    let id = found?.id;
    if (!id) {
      id = new Random(i + 7).uuid();
      // One hash for every demo user: they share the documented demo password.
      passwordHash ??= await hashPassword(DEMO_PASSWORD);
      await trx
        .insertInto('users')
        .values({
          id,
          employeeId: `DEMO-${String(i + 1).padStart(3, '0')}`,
          first_name: person.first_name,
          last_name: person.last_name,
          email,
          mobile: `07${String(10_000_000 + i * 1_234_567).slice(0, 8)}`,
          designation_id: designation,
          role_id: roles[person.role]!,
          password_hash: passwordHash,
          created_at: new Date(now.getTime() - 400 * DAY),
          updated_at: now,
        })
        .execute();
      made++;
    }
    users.set(person.key, { id, key: person.key, first_name: person.first_name, last_name: person.last_name, email, role: person.role });
  }
  return { users, made };
}

async function ensureForms(trx: Db, createdBy: string, now: Date): Promise<{ forms: DemoCatalogue['forms']; made: number }> {
  const forms: DemoCatalogue['forms'] = new Map();
  let made = 0;
  for (const [i, def] of DEMO_FORMS.entries()) {
    const { rows } = await sql<{ id: string }>`select id from forms where name = ${def.name} order by created_at limit 1`.execute(trx);
    let id = rows[0]?.id;
    if (!id) {
      const random = new Random(1000 + i);
      id = random.uuid();
      for (const structures of def.revisions) assertValidDefinition({ name: def.name, structures, program_ids: [] });
      const created = new Date(now.getTime() - (REVISION_AGE_DAYS[0]! + 3) * DAY);
      const last = def.revisions[2];
      await sql`insert into forms (id, name, name_slug, structures, created_by, created_at, updated_at, version, draft_version)
        values (${id}, ${def.name}, ${formSlug(def.name)}, ${JSON.stringify(last)}::jsonb, ${createdBy}, ${created}, ${now}, 3, 3)`.execute(
        trx,
      );
      for (const [r, structures] of def.revisions.entries()) {
        const published = new Date(now.getTime() - REVISION_AGE_DAYS[r]! * DAY);
        await sql`insert into form_revisions (id, form_id, version, name, structures, created_by, created_at)
          values (${random.uuid()}, ${id}, ${r + 1}, ${def.name}, ${JSON.stringify(structures)}::jsonb, ${createdBy}, ${published})`.execute(
          trx,
        );
      }
      made++;
    }
    const revisions = await sql<DemoRevision>`select id, version, structures, created_at from form_revisions
      where form_id = ${id} and version <= 3 order by version`.execute(trx);
    if (revisions.rows.length === 0) throw new Error(`The demo form "${def.name}" has no published revision.`);
    forms.set(def.key, { id, revisions: revisions.rows.map((r) => ({ ...r, created_at: new Date(r.created_at) })) });
  }
  return { forms, made };
}

async function ensureTypes(trx: Db, forms: DemoCatalogue['forms']): Promise<{ types: DemoCatalogue['types']; made: number }> {
  const types: DemoCatalogue['types'] = new Map();
  let made = 0;
  for (const [i, def] of DEMO_TYPES.entries()) {
    const table = sql.table(MODULE_KINDS[def.module].typeResource);
    const { rows } = await sql<{ id: string }>`select id from ${table} where lower(name) = lower(${def.name})`.execute(trx);
    let id = rows[0]?.id;
    if (!id) {
      id = new Random(2000 + i).uuid();
      await sql`insert into ${table} (id, name, plural_name, description, form)
        values (${id}, ${def.name}, ${def.plural_name}, ${def.description}, ${forms.get(def.form)!.id})`.execute(trx);
      made++;
    }
    types.set(def.key, { id, module: def.module, form: def.form });
  }
  return { types, made };
}

async function ensurePrograms(
  trx: Db,
  users: Map<string, DemoUser>,
  types: DemoCatalogue['types'],
  forms: DemoCatalogue['forms'],
  now: Date,
): Promise<{ programs: DemoCatalogue['programs']; made: number }> {
  const programs: DemoCatalogue['programs'] = [];
  let made = 0;
  for (const [i, def] of DEMO_PROGRAMS.entries()) {
    const { rows } = await sql<{ id: string }>`select id from programs where lower(name) = lower(${def.name})`.execute(trx);
    let id = rows[0]?.id;
    if (!id) {
      id = new Random(3000 + i).uuid();
      const lists = Object.fromEntries(
        DOCUMENT_MODULES.map((m) => [MODULE_KINDS[m].typeList, JSON.stringify((def.modules[m]?.types ?? []).map((k) => types.get(k)!.id))]),
      );
      const active = Object.fromEntries([...DOCUMENT_MODULES.map((m) => [m, Boolean(def.modules[m])]), ['permission', true]]);
      const head = users.get(def.head)!;
      const created = new Date(now.getTime() - 380 * DAY);
      await sql`insert into programs (id, name, name_slug, description, status, program_head, teams, no_of_days_for_edit_program,
          document_visible, beneficiary_types, location_types, event_types, survey_types, case_types, active_module, created_by, created_at, updated_at)
        values (${id}, ${def.name}, ${programSlug(def.name)}, ${def.description}, true, ${JSON.stringify([head.id])}::jsonb,
          ${JSON.stringify(def.team.map((k) => users.get(k)!.id))}::jsonb, 30, ${def.document_visible},
          ${lists.beneficiary_types}::jsonb, ${lists.location_types}::jsonb, ${lists.event_types}::jsonb, ${lists.survey_types}::jsonb,
          ${lists.case_types}::jsonb, ${JSON.stringify(active)}::jsonb, ${head.id}, ${created}, ${created})`.execute(trx);
      made++;
    }
    programs.push({ id, def });
  }
  // A form lists the programs that use it (the form builder's "programs" field).
  for (const [key, form] of forms) {
    const using = programs.filter((p) => Object.values(p.def.modules).some((m) => m.types.some((t) => types.get(t)!.form === key)));
    await sql`update forms set program_ids = (select array(select distinct unnest(program_ids || ${using.map((p) => p.id)}::text[])))
      where id = ${form.id}`.execute(trx);
  }
  return { programs, made };
}

export async function ensureDemoCatalogue(db: Db, now: Date): Promise<DemoCatalogue> {
  return db.transaction().execute(async (trx) => {
    const { users, made: usersMade } = await ensureUsers(trx, now);
    const manager = users.get(DEMO_PROGRAMS[0]!.head)!;
    const { forms, made: formsMade } = await ensureForms(trx, manager.id, now);
    const { types, made: typesMade } = await ensureTypes(trx, forms);
    const { programs, made: programsMade } = await ensurePrograms(trx, users, types, forms, now);
    return { users, forms, types, programs, made: { users: usersMade, forms: formsMade, types: typesMade, programs: programsMade } };
  });
}
