/**
 * Programs and type records written straight into the database, for the tests of what belongs
 * to a program (goals, notifications) without going through the program routes; and signed-in
 * callers made without a password check.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../server/db/database.ts';
import { openSession } from '../../server/auth/sessions.ts';
import type { TestServer } from './test-server.ts';
import { insertRole, insertUser } from './test-users.ts';

type TypeList = 'beneficiary_types' | 'location_types' | 'event_types' | 'survey_types' | 'case_types';

export interface ProgramRow {
  name: string;
  status?: boolean;
  lock_program?: 0 | 1;
  program_head?: string[];
  teams?: string[];
  no_of_days_for_edit_program?: number;
  created_at?: Date;
  types?: Partial<Record<TypeList, string[]>>;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function insertProgram(db: Db, p: ProgramRow): Promise<{ id: string; name: string; name_slug: string }> {
  const id = randomUUID();
  const list = (ids: string[] | undefined) => JSON.stringify(ids ?? []);
  const created = p.created_at ?? new Date();
  await sql`insert into programs (id, name, name_slug, description, status, lock_program, program_head, teams,
      no_of_days_for_edit_program, beneficiary_types, location_types, event_types, survey_types, case_types, created_at, updated_at)
    values (${id}, ${p.name}, ${slug(p.name)}, 'A program', ${p.status ?? true}, ${p.lock_program ?? 0},
      ${list(p.program_head)}::jsonb, ${list(p.teams)}::jsonb, ${p.no_of_days_for_edit_program ?? 0},
      ${list(p.types?.beneficiary_types)}::jsonb, ${list(p.types?.location_types)}::jsonb, ${list(p.types?.event_types)}::jsonb,
      ${list(p.types?.survey_types)}::jsonb, ${list(p.types?.case_types)}::jsonb, ${created}, ${created})`.execute(db);
  return { id, name: p.name, name_slug: slug(p.name) };
}

export async function setLock(db: Db, programId: string, lock: 0 | 1): Promise<void> {
  await sql`update programs set lock_program = ${lock} where id = ${programId}`.execute(db);
}

/** Attaches a type the way the program routes do: appended to the list of its kind when not there yet. */
export async function attachType(db: Db, programId: string, list: TypeList, typeId: string): Promise<void> {
  await sql`update programs set ${sql.ref(list)} = ${sql.ref(list)} || jsonb_build_array(${typeId}::text)
    where id = ${programId} and not ${sql.ref(list)} @> jsonb_build_array(${typeId}::text)`.execute(db);
}

/** A type record of one of the five kinds (its table is the generic resource's): name, plural name, description. */
export async function insertTypeRecord(
  db: Db,
  table: 'beneficiary_type' | 'location_type' | 'event_type' | 'survey_type' | 'case_type',
  name: string,
): Promise<string> {
  const id = randomUUID();
  await sql`insert into ${sql.table(table)} (id, name, plural_name, description) values (${id}, ${name}, ${`${name}s`}, ${`All ${name}s`})`.execute(
    db,
  );
  return id;
}

export interface Caller {
  id: string;
  token: string;
}

/** A user of a new role with these flags, with a session opened directly (no password hashing to wait for). */
export async function callerWith(t: TestServer, name: string, permission: Record<string, boolean>): Promise<Caller> {
  const role = await insertRole(t.ctx.db, { role: name, permission });
  const email = `${slug(name)}-${randomUUID().slice(0, 8)}@example.com`;
  const { id } = await insertUser(t.ctx.db, { email, password: 'program fixtures passphrase', roleId: role.id, first_name: name });
  const sessionId = await openSession(t.ctx.db, t.ctx.config, id, true, 'tests');
  const token = await t.ctx.tokens.sign({ sub: id, sid: sessionId }, t.ctx.config.clock.now(), t.ctx.config.accessTokenTtlSeconds);
  return { id, token };
}
