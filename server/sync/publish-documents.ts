/**
 * The server writing a database it alone writes (a program's configuration): it says which
 * documents the database should hold, and each one whose body differs from its current winner
 * gets a new revision; one no longer named gets a deletion. A document whose body is unchanged
 * gets nothing, so a device's next pull carries exactly what changed. Revision hashes are made
 * from the parent and the body, as CouchDB's are: two processes publishing the same state write
 * the same revisions, never a conflict.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RevTree } from 'pouchdb-merge';
import type { Db } from '../db/database.ts';
import { canonicalJson } from '@model/canonical-json.ts';
import { parseRev, revisionsOf, type ReplicatedDoc } from './rev-tree.ts';
import { lockDatabase, storeRevisions } from './sync-store.ts';

export type Body = Record<string, unknown>;

interface Held {
  id: string;
  rev_tree: RevTree;
  winning_rev: string;
  deleted: boolean;
  body: Body | null;
}

export interface Published {
  written: number;
  deleted: number;
}

/** Publishes `desired` (document id → body) as the database's whole content; answers what it wrote. */
export async function publishDocuments(db: Db, name: string, desired: Map<string, Body>): Promise<Published> {
  return db.transaction().execute((trx) => publishInTransaction(trx, name, desired));
}

/** publishDocuments inside the caller's transaction (which then holds the database's write lock until it ends). */
export async function publishInTransaction(trx: Db, name: string, desired: Map<string, Body>): Promise<Published> {
  await lockDatabase(trx, name);
  const { rows } = await sql<Held>`
      select d.id, d.rev_tree, d.winning_rev, d.deleted, r.body from sync_docs d
      left join sync_revs r on r.db = d.db and r.id = d.id and r.rev = d.winning_rev
      where d.db = ${name}`.execute(trx);
  const held = new Map(rows.map((row) => [row.id, row]));
  const revisions: ReplicatedDoc[] = [];
  let written = 0;
  let deleted = 0;
  for (const [id, body] of desired) {
    // CouchDB reserves top-level `_` fields; one here would be dropped on store and then differ at every publish.
    const reserved = Object.keys(body).find((key) => key.startsWith('_'));
    if (reserved) throw new Error(`The body of ${id} has the reserved field ${reserved}`);
    const current = held.get(id);
    if (current && !current.deleted && current.body && canonicalJson(current.body) === canonicalJson(body)) continue;
    revisions.push(nextRevision(id, current, body, false));
    written++;
  }
  for (const current of held.values()) {
    if (desired.has(current.id) || current.deleted) continue;
    revisions.push(nextRevision(current.id, current, {}, true));
    deleted++;
  }
  await storeRevisions(trx, name, revisions);
  return { written, deleted };
}

/**
 * The next revision of a document after its winner (or its first), with its whole history: the
 * server's own edit, hashed from the parent and the body.
 */
export function nextRevision(
  id: string,
  current: Pick<Held, 'rev_tree' | 'winning_rev'> | undefined,
  body: Body,
  deletion: boolean,
): ReplicatedDoc {
  const parent = current?.winning_rev;
  const pos = parent ? parseRev(parent)!.pos + 1 : 1;
  const hash = createHash('md5')
    .update(`${parent ?? ''}\u0000${deletion ? 'deleted' : canonicalJson(body)}`)
    .digest('hex');
  const ancestors = parent ? revisionsOf(current.rev_tree, parent)!.ids : [];
  return {
    ...body,
    _id: id,
    _rev: `${pos}-${hash}`,
    _revisions: { start: pos, ids: [hash, ...ancestors] },
    ...(deletion ? { _deleted: true } : {}),
  };
}
