/**
 * Writes to programs. Each runs inside the route's transaction after guardProgramWrite has
 * locked the row (except create). Changes to one list (attach a type, add or move a team
 * member) are single UPDATE statements on the jsonb arrays — `list || jsonb_build_array($id)`
 * where not already in, `list - $id` — never a read then a write, so two admins changing one
 * list at once both stay.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database.ts';
import { problems } from '../http/errors.ts';
import type { ProgramModule, TypeList } from './program-lists.ts';
import { nameSlug } from '../db/name-slug.ts';

export interface ProgramDetails {
  name?: string;
  description?: string;
  no_of_days_for_edit_program?: number;
  program_head?: string[];
  documentVisible?: 'ALL' | 'OWN';
}

const NAME_INDEX = 'programs_name_unique';

/** The program's slug ("Clean Water 2025" → "clean-water-2025"). */
export const programSlug = (name: string) => nameSlug(name, 'program');

/**
 * Program names and slugs are given out one writer at a time (a transaction-scoped advisory
 * lock), so the slug picked is free when it is written; the unique index on lower(name) still
 * decides between two creates of one name, and its violation is the 422.
 */
async function lockNames(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('programs.name'))`.execute(trx);
}

async function freeSlug(trx: Db, base: string): Promise<string> {
  const { rows } = await sql<{ name_slug: string }>`select name_slug from programs
    where name_slug = ${base} or name_slug like ${`${base}-%`}`.execute(trx);
  const taken = new Set(rows.map((r) => r.name_slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/** A name another program holds (any case) answers 422 PROGRAM_NAME_TAKEN. */
export function nameTakenProblem(err: unknown): unknown {
  const { code, constraint } = err as { code?: string; constraint?: string };
  return code === '23505' && constraint === NAME_INDEX ? problems.programNameTaken() : err;
}

async function assertNameFree(trx: Db, name: string, exceptId?: string): Promise<void> {
  const { rows } = await sql`select 1 from programs where lower(name) = lower(${name}) and id is distinct from ${exceptId ?? null}`.execute(
    trx,
  );
  if (rows.length) throw problems.programNameTaken();
}

export async function insertProgram(
  trx: Db,
  details: Required<Omit<ProgramDetails, 'program_head'>> & { program_head: string[]; photo: string | null },
  createdBy: string,
  now: Date,
): Promise<string> {
  await lockNames(trx);
  await assertNameFree(trx, details.name);
  const id = randomUUID();
  await sql`insert into programs (id, name, name_slug, description, photo, program_head, no_of_days_for_edit_program,
      document_visible, created_by, created_at, updated_at)
    values (${id}, ${details.name}, ${await freeSlug(trx, programSlug(details.name))}, ${details.description}, ${details.photo},
      ${JSON.stringify(details.program_head)}::jsonb, ${details.no_of_days_for_edit_program}, ${details.documentVisible},
      ${createdBy}, ${now}, ${now})`.execute(trx);
  return id;
}

const jsonb = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Changes the details (and the photo when `photo` is given); answers the photo it replaced.
 * The slug stays as it was: it names the program to the mobile app (goal/target) for life.
 * New heads leave the team list, so a user stays in exactly one.
 */
export async function updateDetails(
  trx: Db,
  id: string,
  details: ProgramDetails & { photo?: string },
  now: Date,
): Promise<{ replacedPhoto: string | null }> {
  const set: RawBuilder<unknown>[] = [sql`updated_at = ${now}`];
  if (details.name !== undefined) {
    await lockNames(trx);
    await assertNameFree(trx, details.name, id);
    set.push(sql`name = ${details.name}`);
  }
  if (details.description !== undefined) set.push(sql`description = ${details.description}`);
  if (details.no_of_days_for_edit_program !== undefined)
    set.push(sql`no_of_days_for_edit_program = ${details.no_of_days_for_edit_program}`);
  if (details.documentVisible !== undefined) set.push(sql`document_visible = ${details.documentVisible}`);
  if (details.program_head !== undefined) {
    set.push(sql`program_head = ${jsonb(details.program_head)}`);
    set.push(sql`teams = teams - ${details.program_head}::text[]`);
  }
  if (details.photo !== undefined) set.push(sql`photo = ${details.photo}`);
  const { rows } = await sql<{ photo: string | null }>`update programs p set ${sql.join(set)}
    from (select photo from programs where id = ${id}) old where p.id = ${id} returning old.photo`.execute(trx);
  return { replacedPhoto: details.photo !== undefined ? (rows[0]?.photo ?? null) : null };
}

export interface ListsChange extends Partial<Record<TypeList, string[]>> {
  status?: boolean;
  active_module?: Partial<Record<ProgramModule, boolean>>;
  program_head?: string[];
  teams?: string[];
}

/**
 * The JSON edit: status, modules merged into active_module, whole lists replaced. A list of
 * heads sent alone takes its users out of the team, and a team sent alone takes its users out
 * of the heads, so a user stays in exactly one.
 */
export async function updateLists(trx: Db, id: string, change: ListsChange, now: Date): Promise<void> {
  const set: RawBuilder<unknown>[] = [sql`updated_at = ${now}`];
  if (change.status !== undefined) set.push(sql`status = ${change.status}`);
  if (change.active_module !== undefined) set.push(sql`active_module = active_module || ${jsonb(change.active_module)}`);
  const { program_head: heads, teams, status: _s, active_module: _m, ...types } = change;
  if (heads !== undefined) set.push(sql`program_head = ${jsonb(heads)}`);
  if (teams !== undefined) set.push(sql`teams = ${jsonb(teams)}`);
  if (heads !== undefined && teams === undefined) set.push(sql`teams = teams - ${heads}::text[]`);
  if (teams !== undefined && heads === undefined) set.push(sql`program_head = program_head - ${teams}::text[]`);
  for (const [list, ids] of Object.entries(types)) set.push(sql`${sql.ref(list)} = ${jsonb(ids)}`);
  await sql`update programs set ${sql.join(set)} where id = ${id}`.execute(trx);
}

/** Deletes the program (its goals, notifications and their reads go by cascade); answers its photo. */
export async function deleteProgram(trx: Db, id: string): Promise<void> {
  await sql`delete from programs where id = ${id}`.execute(trx);
}

/** Locked ↔ unlocked, in one statement. */
export async function toggleLock(trx: Db, id: string, now: Date): Promise<{ _id: string; lockProgram: 0 | 1 }> {
  const { rows } = await sql<{ id: string; lock_program: number }>`update programs set lock_program = 1 - lock_program, updated_at = ${now}
    where id = ${id} returning id, lock_program`.execute(trx);
  if (!rows[0]) throw problems.notFound('Program');
  return { _id: rows[0].id, lockProgram: Number(rows[0].lock_program) as 0 | 1 };
}

export async function setModule(trx: Db, id: string, module: ProgramModule, status: boolean, now: Date): Promise<void> {
  await sql`update programs set active_module = jsonb_set(active_module, ${[module]}::text[], to_jsonb(${status}::boolean)),
    updated_at = ${now} where id = ${id}`.execute(trx);
}

/** Attaching a type already attached changes nothing. */
export async function attachType(trx: Db, id: string, list: TypeList, typeId: string, now: Date): Promise<void> {
  const column = sql.ref(list);
  await sql`update programs set ${column} = ${column} || jsonb_build_array(${typeId}::text), updated_at = ${now}
    where id = ${id} and not ${column} @> jsonb_build_array(${typeId}::text)`.execute(trx);
}

export async function detachType(trx: Db, id: string, list: TypeList, typeId: string, now: Date): Promise<void> {
  const column = sql.ref(list);
  await sql`update programs set ${column} = ${column} - ${typeId}::text, updated_at = ${now}
    where id = ${id} and ${column} @> jsonb_build_array(${typeId}::text)`.execute(trx);
}

const holds = (column: string, user: string) => sql`${sql.ref(column)} @> jsonb_build_array(${user}::text)`;

/** Adds a user to the team or the heads; 409 ALREADY_ON_TEAM when they are in either list already. */
export async function addMember(trx: Db, id: string, user: string, asHead: boolean, now: Date): Promise<void> {
  const column = sql.ref(asHead ? 'program_head' : 'teams');
  const { rows } = await sql`update programs set ${column} = ${column} || jsonb_build_array(${user}::text), updated_at = ${now}
    where id = ${id} and not ${holds('teams', user)} and not ${holds('program_head', user)} returning id`.execute(trx);
  if (!rows.length) throw problems.alreadyOnTeam();
}

/** Moves a member between the heads and the team in one statement; 404 when they are in neither. */
export async function moveMember(trx: Db, id: string, user: string, toHead: boolean, now: Date): Promise<void> {
  const [to, from] = toHead ? ['program_head', 'teams'] : ['teams', 'program_head'];
  const { rows } = await sql`update programs set
      ${sql.ref(to)} = case when ${holds(to, user)} then ${sql.ref(to)} else ${sql.ref(to)} || jsonb_build_array(${user}::text) end,
      ${sql.ref(from)} = ${sql.ref(from)} - ${user}::text, updated_at = ${now}
    where id = ${id} and (${holds('teams', user)} or ${holds('program_head', user)}) returning id`.execute(trx);
  if (!rows.length) throw problems.notFound('Team member');
}

/** Removes a user from whichever list holds them; 404 when neither does. */
export async function removeMember(trx: Db, id: string, user: string, now: Date): Promise<void> {
  const { rows } = await sql`update programs set teams = teams - ${user}::text, program_head = program_head - ${user}::text,
      updated_at = ${now}
    where id = ${id} and (${holds('teams', user)} or ${holds('program_head', user)}) returning id`.execute(trx);
  if (!rows.length) throw problems.notFound('Team member');
}

/**
 * A user deleted leaves the heads and team of every program that has them, in the deleting
 * transaction, in one statement. It runs after the user's row is updated (locked): a concurrent
 * add share-locks that row (program-checks.ts), so it either commits first and this statement
 * sees it, or waits and then finds the user deleted. A program's lock or window does not stop
 * it: the user is gone either way. (A program may be left without a head this way.)
 */
export async function removeUserFromPrograms(trx: Db, user: string, now: Date): Promise<void> {
  // Rows locked in id order, as a device's push batch share-locks its programs: the two wait, never deadlock.
  await sql`update programs set program_head = program_head - ${user}::text, teams = teams - ${user}::text, updated_at = ${now}
    where id in (select id from programs where ${holds('program_head', user)} or ${holds('teams', user)} order by id for update)`.execute(
    trx,
  );
}
