/**
 * Keeps the offline store in step with the rest by following the change log: each change row
 * about a program, a type record, a form or a view list names the program databases whose last
 * build read that record (sync_dependencies), or the program's own; each of those is built again,
 * which writes new revisions of exactly the documents whose content changed. A row about a
 * submitted document brings its revision in the shared documents store in line with it. Rows that
 * changed nothing (a refused attempt takes no revision) are passed over.
 *
 * The log's `seq` follows commit order (changes/change-log.ts), so a cursor never skips a row.
 * One process follows at a time (a session advisory lock; the others skip their turn), and a
 * failed build is logged and left to the next change or to `GET /sync/{id}`, never retried in a
 * loop that would hold the cursor back.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { TYPE_LISTS } from '../programs/program-lists.ts';
import { FORM_RESOURCE } from '../forms/form-kit.ts';
import { VIEW_LIST_RESOURCE } from '../view-lists/view-list-store.ts';
import { DOCUMENT_RESOURCE } from '../documents/document-changes.ts';
import { buildProgram } from './program-builds.ts';
import { publishDocumentRows } from './document-revisions.ts';
import { refreshProfiles, usersConcernedBy, usersOfRole } from './user-profile.ts';
import { programDatabase } from './program-database.ts';

const BATCH = 2000;
const FOLLOWED = new Set<string>(['program', FORM_RESOURCE, VIEW_LIST_RESOURCE, ...Object.values(TYPE_LISTS)]);
const PROGRAM_NAME = /^program-(.+)$/;

/**
 * Reads the change log past the cursor and builds the databases it concerns; answers how many it
 * built. `wait`: wait for another process's turn to end rather than skip this one (a caller that
 * needs the databases current when it returns). Builds that failed are named in the error thrown
 * at the end, after the cursor moved on.
 */
export async function followChanges(db: Db, options: { wait?: boolean } = {}): Promise<number> {
  return db.connection().execute(async (conn) => {
    if (options.wait) await sql`select pg_advisory_lock(${ADVISORY_LOCKS.syncFollow})`.execute(conn);
    else {
      const { rows } = await sql<{ got: boolean }>`select pg_try_advisory_lock(${ADVISORY_LOCKS.syncFollow}) as got`.execute(conn);
      if (!rows[0]!.got) return 0;
    }
    const failures: string[] = [];
    try {
      let built = 0;
      for (;;) {
        const { rows: cursor } = await sql<{ seq: string }>`select seq from sync_follow where name = 'programs'`.execute(db);
        const after = cursor[0]?.seq ?? '0';
        const { rows: changes } = await sql<{ seq: string; resource: string; record_id: string | null; changed: boolean }>`
          /* prepared:sync_follow_changes */ select seq, resource, record_id, revision is not null as changed from changes
          where seq > ${after}::bigint order by seq limit ${BATCH}`.execute(db);
        const documents = changes.filter((c) => c.changed && c.resource === DOCUMENT_RESOURCE && c.record_id).map((c) => c.record_id!);
        await publishDocumentRows(db, documents).catch((err: unknown) => failures.push(`documents: ${(err as Error).message}`));
        await followProfiles(db, changes).catch((err: unknown) => failures.push(`profiles: ${(err as Error).message}`));
        const configuration = changes.filter((c) => c.changed && FOLLOWED.has(c.resource) && c.record_id);
        for (const name of await concernedDatabases(db, configuration)) {
          try {
            await buildProgram(db, PROGRAM_NAME.exec(name)![1]!);
            built++;
          } catch (err) {
            failures.push(`${name}: ${(err as Error).message}`);
          }
        }
        if (changes.length > 0) await sql`update sync_follow set seq = ${changes.at(-1)!.seq}::bigint where name = 'programs'`.execute(db);
        if (changes.length < BATCH) break;
      }
      if (failures.length > 0) throw new Error(`building ${failures.join('; ')}`);
      return built;
    } finally {
      await sql`select pg_advisory_unlock(${ADVISORY_LOCKS.syncFollow})`.execute(conn);
    }
  });
}

/** The users' profiles a change may alter: a program's team or visibility, a user's role, a role's flags. */
async function followProfiles(db: Db, changes: { resource: string; record_id: string | null; changed: boolean }[]): Promise<void> {
  const users = new Set<string>();
  for (const c of changes) {
    if (!c.changed || !c.record_id) continue;
    if (c.resource === 'program') for (const user of await usersConcernedBy(db, c.record_id)) users.add(user);
    if (c.resource === 'user') users.add(c.record_id);
    if (c.resource === 'role') for (const user of await usersOfRole(db, c.record_id)) users.add(user);
  }
  await refreshProfiles(db, [...users]);
}

/** The databases to build again: a program's own, and every one whose last build read a record named. */
async function concernedDatabases(db: Db, changes: { resource: string; record_id: string | null }[]): Promise<string[]> {
  const names = new Set(changes.filter((c) => c.resource === 'program').map((c) => programDatabase(c.record_id!)));
  const others = changes.filter((c) => c.resource !== 'program');
  if (others.length > 0) {
    const { rows } = await sql<{ db: string }>`
      select distinct d.db from sync_dependencies d
      join unnest(${others.map((c) => c.resource)}::text[], ${others.map((c) => c.record_id!)}::text[]) as c(resource, record_id)
        on d.resource = c.resource and d.record_id = c.record_id`.execute(db);
    for (const row of rows) names.add(row.db);
  }
  return [...names].sort();
}
