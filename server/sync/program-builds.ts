/**
 * Building a program's offline database from the configuration: the documents it should hold are
 * read and published in one transaction that holds the database's write lock from the start, so
 * two builds at once (the follower and `GET /sync/{id}`) end with the newer state, never the
 * older one committed last. Each build records what it read (sync_dependencies), which tells the
 * follower which databases a change concerns, and when it ran (sync_builds).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Problem } from '../http/errors.ts';
import { programContent, programDatabase, type Dependency } from './program-database.ts';
import { publishInTransaction, type Published } from './publish-documents.ts';
import { databaseInfo, lockDatabase } from './sync-store.ts';
import type { DatabaseSummary } from '@model/sync/sync-wire.ts';

export interface Build extends Published {
  /** False when the program is gone: its database was dropped. */
  exists: boolean;
}

/** Brings `program-{id}` up to the program's configuration now (drops it when the program is gone). */
export async function buildProgram(db: Db, programId: string): Promise<Build> {
  const name = programDatabase(programId);
  return db.transaction().execute(async (trx) => {
    await lockDatabase(trx, name);
    const content = await programContent(trx, programId).catch((err: unknown) => {
      if (err instanceof Problem && err.status === 404) return undefined;
      throw err;
    });
    if (!content) {
      await dropDatabase(trx, name);
      return { exists: false, written: 0, deleted: 0 };
    }
    const published = await publishInTransaction(trx, name, content.documents);
    await recordBuild(trx, name, content.dependencies, { documents: content.documents.size, ...published });
    return { exists: true, ...published };
  });
}

/** Builds the database unless it was built before (a database is built when first asked for). */
export async function ensureBuilt(db: Db, programId: string): Promise<void> {
  const built = await sql`select 1 from sync_builds where db = ${programDatabase(programId)}`.execute(db);
  if (built.rows.length === 0) await buildProgram(db, programId);
}

async function recordBuild(trx: Db, name: string, dependencies: Dependency[], counts: { documents: number } & Published): Promise<void> {
  const unique = [...new Map(dependencies.map((d) => [`${d[0]}\u0000${d[1]}`, d])).values()];
  await sql`delete from sync_dependencies where db = ${name}`.execute(trx);
  await sql`
    insert into sync_dependencies (db, resource, record_id)
    select ${name}, resource, record_id
    from unnest(${unique.map((d) => d[0])}::text[], ${unique.map((d) => d[1])}::text[]) as d(resource, record_id)`.execute(trx);
  await sql`
    insert into sync_builds (db, built_at, documents, written, deleted)
    values (${name}, now(), ${counts.documents}, ${counts.written}, ${counts.deleted})
    on conflict (db) do update set built_at = excluded.built_at, documents = excluded.documents,
      written = excluded.written, deleted = excluded.deleted`.execute(trx);
}

/** Removes a database and everything about it (its program was deleted). */
async function dropDatabase(trx: Db, name: string): Promise<void> {
  for (const table of ['sync_docs', 'sync_revs', 'sync_local', 'sync_counts', 'sync_dependencies', 'sync_builds']) {
    await sql`delete from ${sql.table(table)} where db = ${name}`.execute(trx);
  }
}

/** What a program's database holds now and when it was last built. */
export async function programDatabaseSummary(db: Db, programId: string): Promise<DatabaseSummary> {
  const name = programDatabase(programId);
  const info = await databaseInfo(db, name);
  const { rows } = await sql<{ size: string; built_at: Date | null; written: number | null; deleted: number | null }>`
    select (select coalesce(sum(octet_length(r.body::text)), 0) from sync_docs d
        join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
        where d.db = ${name} and not d.deleted) as size,
      b.built_at, b.written, b.deleted
    from (select 1) one left join sync_builds b on b.db = ${name}`.execute(db);
  const row = rows[0]!;
  return {
    db: name,
    ...info,
    size: Number(row.size),
    built_at: row.built_at ? row.built_at.toISOString() : null,
    written: row.written ?? 0,
    deleted: row.deleted ?? 0,
  };
}

/** Builds again every database whose last build read `resource` (the one record, or any); answers their names. */
export async function buildDependents(db: Db, resource: string, recordId?: string): Promise<string[]> {
  const only = recordId === undefined ? sql`` : sql`and record_id = ${recordId}`;
  const { rows } = await sql<{ db: string }>`
    select distinct db from sync_dependencies where resource = ${resource} ${only} order by db`.execute(db);
  for (const { db: name } of rows) await buildProgram(db, name.slice('program-'.length));
  return rows.map((r) => r.db);
}
