/**
 * Which offline databases there are and who reaches them. A name is `program-{id}`: a program's
 * configuration, written by the server only, pulled by its team and by whoever may read
 * programs. Any other name, and a database the caller may not reach, is "not found" alike, so
 * names reveal nothing.
 */
import type { Db } from '../db/database.ts';
import type { SessionUser } from '../http/session.ts';
import { problems } from '../http/errors.ts';
import { onTeam } from '../documents/document-scope.ts';
import { ensureBuilt } from './program-builds.ts';

const PROGRAM = /^program-([0-9a-zA-Z_-]{1,64})$/;

/**
 * Answers when the caller may pull the database, after building it if it never was (a program's
 * database is built when first asked for; the follower keeps it current from then on); 404 otherwise.
 */
export async function assertReachable(db: Db, caller: SessionUser, name: string): Promise<void> {
  const program = PROGRAM.exec(name)?.[1];
  if (program !== undefined) {
    const row = await db.selectFrom('programs').select(['program_head', 'teams']).where('id', '=', program).executeTakeFirst();
    if (row && (onTeam(caller.id, row) || caller.permission.can_get_program === true)) return ensureBuilt(db, program);
  }
  throw problems.syncDatabaseNotFound(name);
}
