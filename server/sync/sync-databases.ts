/**
 * Which offline databases there are, who reaches them, and what each is made of:
 *
 *   program-{id}   a program's configuration, written by the server only, pulled by its team and
 *                  by whoever may read programs (built when first asked for).
 *   user-{id}      that user's documents database, for that user alone: the part of the shared
 *                  store of submitted documents they may read (the one reading rule,
 *                  documents/document-scope.ts) and their own documents: the profile (which
 *                  program databases to pull, user-profile.ts) and the status of each push
 *                  refused. They push their submissions to it.
 *
 * Any other name, and a database the caller may not reach, is "not found" alike, so names
 * reveal nothing.
 */
import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JoinedRead, SessionUser } from '../http/session.ts';
import { problems } from '../http/errors.ts';
import { onTeam, onTeamSql, seesAllDocuments } from '../documents/document-scope.ts';
import { buildProgram } from './program-builds.ts';
import { ensureProfile } from './user-profile.ts';
import { wholeDatabase, type DatabaseView } from './sync-store.ts';
import { DOCUMENTS_DB, userDatabase } from './database-names.ts';

const PROGRAM = /^program-([0-9a-zA-Z_-]{1,64})$/;
const USER = /^user-([0-9a-zA-Z_-]{1,64})$/;

export interface OpenedDatabase {
  view: DatabaseView;
  /** Devices push to it (a user's own database); the others are the server's to write. */
  writable: boolean;
}

/** What deciding who reaches a program's database reads: its team, and whether it was built. */
export interface ProgramAudience {
  program_head: string[];
  teams: string[];
  built: boolean;
}

/**
 * Who reaches a program's database, read in the session lookup's statement (a device asks
 * several times a batch): `$3` is the program's id (audienceParam); no row when there is none.
 */
export const PROGRAM_AUDIENCE: JoinedRead = {
  name: 'sync_program_audience',
  sql: `select p.program_head, p.teams, exists (select 1 from sync_builds b where b.db = 'program-' || $3::text) as built
    from programs p where p.id = $3::text`,
};

/** PROGRAM_AUDIENCE's parameter for a database's name: its program's id, null when it names none. */
export const audienceParam = (name: string): string | null => PROGRAM.exec(name)?.[1] ?? null;

/** PROGRAM_AUDIENCE with the database's kept figures (sync_counts), for `GET /{db}`. */
export const AUDIENCE_AND_FIGURES: JoinedRead = {
  name: 'sync_program_figures',
  sql: `select a.*, c.live, c.deleted, c.last_seq from (${PROGRAM_AUDIENCE.sql}) a left join sync_counts c on c.db = 'program-' || $3::text`,
};

/** PROGRAM_AUDIENCE (null fields when none) with a checkpoint: `$4` the database's name, `$5` the checkpoint's id. */
export const AUDIENCE_AND_CHECKPOINT: JoinedRead = {
  name: 'sync_program_checkpoint',
  sql: `select a.*, l.rev, l.body from (select) one left join (${PROGRAM_AUDIENCE.sql}) a on true
    left join sync_local l on l.db = $4::text and l.id = $5::text`,
};

/** The audience in a joined read's row: null when it names no program; undefined when the route joined none. */
export function audienceOf(joined: unknown): ProgramAudience | null | undefined {
  if (joined === undefined) return undefined;
  const row = joined as Partial<ProgramAudience> | null;
  return row?.program_head ? (row as ProgramAudience) : null;
}

/** The program's audience when `name` is a program's database (undefined otherwise, or when there is no such program). */
async function readProgramAudience(db: Db, name: string): Promise<ProgramAudience | undefined> {
  const program = audienceParam(name);
  if (program === null) return undefined;
  // The same read on its own: its one parameter is then $1.
  const { rows } = await db.executeQuery<ProgramAudience>(CompiledQuery.raw(PROGRAM_AUDIENCE.sql.replaceAll('$3', '$1'), [program]));
  return rows[0];
}

/**
 * The database as the caller sees it, after building a program's if it never was; 404 when they
 * may not reach it. `audience`: the program's, when read already (PROGRAM_AUDIENCE).
 */
export async function openDatabase(db: Db, caller: SessionUser, name: string, audience?: ProgramAudience | null): Promise<OpenedDatabase> {
  const program = PROGRAM.exec(name)?.[1];
  const row = audience === undefined ? await readProgramAudience(db, name) : (audience ?? undefined);
  if (program !== undefined && row && (onTeam(caller.id, row) || caller.permission.can_get_program === true)) {
    if (!row.built) await buildProgram(db, program);
    return { view: wholeDatabase(name), writable: false };
  }
  if (USER.exec(name)?.[1] === caller.id) {
    await ensureProfile(db, caller.id);
    return { view: userView(caller), writable: true };
  }
  throw problems.syncDatabaseNotFound(name);
}

/** The shared documents the user may read (by sync_document_scope), and their own status documents. */
function userView(caller: SessionUser): DatabaseView {
  const own = userDatabase(caller.id);
  if (seesAllDocuments(caller)) return { name: own, rows: sql<boolean>`(d.db = ${DOCUMENTS_DB} or d.db = ${own})` };
  return {
    name: own,
    rows: sql<boolean>`((d.db = ${DOCUMENTS_DB} and exists (
        select 1 from sync_document_scope s where s.local_id = d.id and (s.created_by = ${caller.id} or exists (
          select 1 from programs vp where vp.id = s.program_id and vp.document_visible = 'ALL' and ${onTeamSql(caller.id, 'vp')}))))
      or d.db = ${own})`,
  };
}
