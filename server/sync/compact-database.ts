/**
 * Compaction, as CouchDB's: the bodies of revisions that are no longer leaves go (no replication
 * asks for them: a device reads the leaves the changes feed names), the revision trees stay, so
 * every device's history still merges. Answers what it freed.
 */
import { sql } from 'kysely';
import { collectLeaves, type RevTree } from 'pouchdb-merge';
import type { Db } from '../db/database.ts';
import { lockDatabase } from './sync-store.ts';

export async function compactDatabase(db: Db, name: string): Promise<{ revisions_removed: number; bytes_freed: number }> {
  return db.transaction().execute(async (trx) => {
    await lockDatabase(trx, name);
    // Only documents with a body beside their leaves' can lose one.
    const { rows } = await sql<{ id: string; rev_tree: RevTree }>`
      select d.id, d.rev_tree from sync_docs d
      where d.db = ${name} and (select count(*) from sync_revs r where r.db = d.db and r.id = d.id) > 1`.execute(trx);
    let removed = 0;
    let freed = 0;
    for (const row of rows) {
      const leaves = collectLeaves(row.rev_tree).map((leaf) => leaf.rev);
      const { rows: gone } = await sql<{ bytes: number }>`
        delete from sync_revs where db = ${name} and id = ${row.id} and rev <> all(${leaves}::text[])
        returning octet_length(body::text) as bytes`.execute(trx);
      removed += gone.length;
      freed += gone.reduce((sum, g) => sum + Number(g.bytes), 0);
    }
    return { revisions_removed: removed, bytes_freed: freed };
  });
}
