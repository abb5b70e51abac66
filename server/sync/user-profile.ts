/**
 * A user's profile document in their documents database (`fieldbase-profile` in `user-{id}`):
 * the program databases the device should pull, each with what the user sees of its documents
 * (`all`, or only their `own`). It is how a device learns what to replicate, and what to drop: a
 * program gone from the list (taken off the team, the program deleted) or turned to `own` means
 * the device purges those documents locally. The server never sends deletions for them: a
 * deletion could replicate back and delete real data.
 *
 * Written by GET /sync/add/{id} and when a user first opens their database; kept current by the
 * follower after every change to a program's team or visibility.
 */
import { sql } from 'kysely';
import type { RevTree } from 'pouchdb-merge';
import { canonicalJson } from '@model/canonical-json.ts';
import type { Db } from '../db/database.ts';
import { onTeam, sightOf, type ProgramAudience } from '../documents/document-scope.ts';
import { nextRevision, type Body } from './publish-documents.ts';
import { lockDatabase, storeRevision } from './sync-store.ts';
import { userDatabase } from './database-names.ts';
import { programDatabase } from './program-database.ts';

export const PROFILE_ID = 'fieldbase-profile';

interface ProgramRow extends ProgramAudience {
  id: string;
  name: string;
}

/** The profile as it should be now: the programs the user is on (or every program for a role that reads them all). */
export async function profileOf(db: Db, userId: string): Promise<Body | undefined> {
  const { rows: users } = await sql<{ permission: Record<string, boolean> }>`
    select r.permission from users u join roles r on r.id = u.role_id where u.id = ${userId} and u.deleted_at is null`.execute(db);
  if (!users[0]) return undefined;
  const caller = { id: userId, permission: users[0].permission };
  const { rows } = await sql<ProgramRow>`
    select id, name, document_visible, program_head, teams from programs where status order by name, id`.execute(db);
  const mine = rows.filter((p) => onTeam(userId, p) || caller.permission.can_get_program === true);
  return {
    user_id: userId,
    programs: mine.map((p) => ({ id: p.id, name: p.name, database: programDatabase(p.id), documents: sightOf(caller, p) })),
  };
}

/** Writes the user's profile when it changed; answers it. */
export async function writeProfile(db: Db, userId: string): Promise<Body | undefined> {
  const profile = await profileOf(db, userId);
  if (!profile) return undefined;
  const name = userDatabase(userId);
  await db.transaction().execute(async (trx) => {
    await lockDatabase(trx, name);
    const { rows } = await sql<{ rev_tree: RevTree; winning_rev: string; body: Body | null }>`
      select d.rev_tree, d.winning_rev, r.body from sync_docs d
      left join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
      where d.db = ${name} and d.id = ${PROFILE_ID} for update of d`.execute(trx);
    if (rows[0]?.body && canonicalJson(rows[0].body) === canonicalJson(profile)) return;
    await storeRevision(trx, name, nextRevision(PROFILE_ID, rows[0], profile, false));
  });
  return profile;
}

/** Writes again the profiles these users have (a user without one gets it when they first open their database). */
export async function refreshProfiles(db: Db, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const { rows } = await sql<{ db: string }>`
    select db from sync_docs where id = ${PROFILE_ID} and db = any(${userIds.map(userDatabase)}::text[])`.execute(db);
  for (const row of rows) await writeProfile(db, row.db.slice('user-'.length));
}

/** The users of a role (whose flags decide what they see). */
export async function usersOfRole(db: Db, roleId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`select id from users where role_id = ${roleId}`.execute(db);
  return rows.map((r) => r.id);
}

/** Writes the profile of a user who has none yet (their database opened for the first time). */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  const { rows } = await sql`select 1 from sync_docs where db = ${userDatabase(userId)} and id = ${PROFILE_ID}`.execute(db);
  if (rows.length === 0) await writeProfile(db, userId);
}

/** The users whose profile may change with this program: on its team now, or listing it now. */
export async function usersConcernedBy(db: Db, programId: string): Promise<string[]> {
  const { rows } = await sql<{ user_id: string }>`
    select jsonb_array_elements_text(teams || program_head) as user_id from programs where id = ${programId}
    union
    select substr(d.db, 6) from sync_docs d join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
    where d.id = ${PROFILE_ID} and d.db like 'user-%' and r.body->'programs' @> ${JSON.stringify([{ id: programId }])}::jsonb`.execute(db);
  return rows.map((r) => r.user_id);
}
