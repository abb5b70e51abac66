/**
 * The offline databases' documents in PostgreSQL, as the CouchDB replication protocol reads and
 * writes them: replicated revisions merged into each document's revision tree (PouchDB's merge,
 * so the winner is the one a device computes), the changes feed by sequence, `_revs_diff`,
 * `_bulk_get` and the `_local` checkpoints. Names of databases are the caller's business.
 */
import { sql, type RawBuilder } from 'kysely';
import { collectConflicts, collectLeaves, isDeleted, merge, revExists, winningRev, type RevTree } from 'pouchdb-merge';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { bodyOf, parseRev, pathOf, revisionsOf, type ReplicatedDoc } from './rev-tree.ts';
import { lockNameOf } from './database-names.ts';

/**
 * What a device sees as one database: the rows of `sync_docs` (alias `d`) it is made of. A
 * program's database is its own rows; a user's is the part of the shared documents they may read
 * plus their own status documents (sync-databases.ts).
 */
export interface DatabaseView {
  /** The name the device uses (its `_local` checkpoints are kept under it). */
  name: string;
  rows: RawBuilder<boolean>;
}

/** A database that is exactly its own rows. */
export const wholeDatabase = (name: string): DatabaseView => ({ name, rows: sql<boolean>`d.db = ${name}` });

/** A view, or the name of a database that is exactly its own rows. */
export type DatabaseRef = DatabaseView | string;
const viewOf = (ref: DatabaseRef): DatabaseView => (typeof ref === 'string' ? wholeDatabase(ref) : ref);

/** How many ancestors a document keeps in its tree (CouchDB's default `_revs_limit`). */
export const REVS_LIMIT = 1000;

export interface DocRow {
  db: string;
  id: string;
  rev_tree: RevTree;
  winning_rev: string;
  deleted: boolean;
  seq: string;
}

/** What `_bulk_docs` answers for one document it could not store (stored ones answer nothing). */
export interface WriteRefusal {
  id: string;
  rev?: string;
  error: string;
  reason: string;
}

/**
 * Stores replicated revisions (`new_edits: false`): each merges into its document's tree; one
 * already held changes nothing. One transaction, under the database's write lock.
 */
export async function writeRevisions(db: Db, name: string, docs: ReplicatedDoc[]): Promise<WriteRefusal[]> {
  const refusals: WriteRefusal[] = [];
  await db.transaction().execute(async (trx) => {
    await lockDatabase(trx, name);
    for (const doc of docs) {
      if (parseRev(doc._rev)) await storeRevision(trx, name, doc);
      else refusals.push({ id: doc._id, rev: String(doc._rev), error: 'bad_request', reason: 'Invalid rev format' });
    }
  });
  return refusals;
}

/**
 * Taken by every write to a database before its first sequence number: writers to one database
 * queue here, so the order of `seq` is the order of commits and a feed reader skips nothing.
 */
export async function lockDatabase(trx: Db, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.syncWrite}, hashtext(${lockNameOf(name)}))`.execute(trx);
}

/** Merges one revision into its document (inside a transaction holding the database's lock). */
export async function storeRevision(trx: Db, name: string, doc: ReplicatedDoc): Promise<void> {
  const { rows } = await sql<DocRow>`select rev_tree from sync_docs where db = ${name} and id = ${doc._id} for update`.execute(trx);
  const held = rows[0]?.rev_tree ?? [];
  if (revExists(held, doc._rev)) return;
  const tree = merge(held, pathOf(doc), REVS_LIMIT).tree;
  const winner = winningRev({ rev_tree: tree });
  const deleted = isDeleted({ rev_tree: tree }, winner);
  const conflicted = collectConflicts({ rev_tree: tree }).length > 0;
  await sql`
    insert into sync_revs (db, id, rev, body) values (${name}, ${doc._id}, ${doc._rev}, ${JSON.stringify(bodyOf(doc))}::jsonb)
    on conflict do nothing`.execute(trx);
  await sql`
    insert into sync_docs (db, id, rev_tree, winning_rev, deleted, conflicted, seq)
    values (${name}, ${doc._id}, ${JSON.stringify(tree)}::jsonb, ${winner}, ${deleted}, ${conflicted}, nextval('sync_seq'))
    on conflict (db, id) do update set rev_tree = excluded.rev_tree, winning_rev = excluded.winning_rev,
      deleted = excluded.deleted, conflicted = excluded.conflicted, seq = excluded.seq`.execute(trx);
}

/** The database's figures for `GET /{db}`: live documents and the last sequence. */
export async function databaseInfo(db: Db, ref: DatabaseRef): Promise<{ doc_count: number; doc_del_count: number; update_seq: number }> {
  const view = viewOf(ref);
  const { rows } = await sql<{ live: string; gone: string; last: string | null }>`
    select count(*) filter (where not deleted) as live, count(*) filter (where deleted) as gone, max(seq) as last
    from sync_docs d where ${view.rows}`.execute(db);
  const row = rows[0]!;
  return { doc_count: Number(row.live), doc_del_count: Number(row.gone), update_seq: Number(row.last ?? 0) };
}

/** One entry of the changes feed (`style=all_docs`: every leaf, conflicts and deletions too). */
export interface Change {
  seq: number;
  id: string;
  changes: { rev: string }[];
  deleted?: true;
}

/** The documents written after `since`, oldest first, at most `limit`; and how many more wait. */
export async function changesSince(
  db: Db,
  ref: DatabaseRef,
  since: number,
  limit: number,
): Promise<{ results: Change[]; last_seq: number; pending: number }> {
  const view = viewOf(ref);
  const { rows } = await sql<DocRow>`
    select d.id, d.rev_tree, d.winning_rev, d.deleted, d.seq from sync_docs d where ${view.rows} and d.seq > ${since}
    order by d.seq limit ${limit}`.execute(db);
  const results = rows.map((row): Change => {
    const leaves = collectLeaves(row.rev_tree).map((leaf) => ({ rev: leaf.rev }));
    // The winner first, as CouchDB lists it.
    leaves.sort((a, b) => Number(b.rev === row.winning_rev) - Number(a.rev === row.winning_rev));
    return { seq: Number(row.seq), id: row.id, changes: leaves, ...(row.deleted ? { deleted: true as const } : {}) };
  });
  const last = results.at(-1)?.seq ?? since;
  const { rows: more } = await sql<{ n: string }>`select count(*) as n from sync_docs d where ${view.rows} and d.seq > ${last}`.execute(db);
  return { results, last_seq: last, pending: Number(more[0]!.n) };
}

/** `_revs_diff`: of the revisions asked about, those this database does not hold. */
export async function missingRevisions(
  db: Db,
  ref: DatabaseRef,
  asked: Record<string, string[]>,
): Promise<Record<string, { missing: string[] }>> {
  const view = viewOf(ref);
  const ids = Object.keys(asked);
  if (ids.length === 0) return {};
  const { rows } = await sql<DocRow>`select d.id, d.rev_tree from sync_docs d where ${view.rows} and d.id = any(${ids}::text[])`.execute(
    db,
  );
  const trees = new Map(rows.map((row) => [row.id, row.rev_tree]));
  const answer: Record<string, { missing: string[] }> = {};
  for (const id of ids) {
    const tree = trees.get(id);
    const missing = asked[id]!.filter((rev) => !tree || !revExists(tree, rev));
    if (missing.length > 0) answer[id] = { missing };
  }
  return answer;
}

/** One answer of `_bulk_get`: the revision with its history, or why it is not there. */
export type BulkGetResult = {
  id: string;
  docs: ({ ok: Record<string, unknown> } | { error: { id: string; rev: string; error: string; reason: string } })[];
};

/** `_bulk_get` with `revs=true`: each asked revision (the winner when none is named) with `_revisions`. */
export async function revisionsWithHistory(db: Db, ref: DatabaseRef, asked: { id: string; rev?: string }[]): Promise<BulkGetResult[]> {
  const view = viewOf(ref);
  const ids = [...new Set(asked.map((a) => a.id))];
  const { rows } =
    await sql<DocRow>`select d.db, d.id, d.rev_tree, d.winning_rev from sync_docs d where ${view.rows} and d.id = any(${ids}::text[])`.execute(
      db,
    );
  const docs = new Map(rows.map((row) => [row.id, row]));
  const wanted = asked.map((a) => ({ db: docs.get(a.id)?.db ?? '', id: a.id, rev: a.rev ?? docs.get(a.id)?.winning_rev ?? '' }));
  const { rows: bodies } = await sql<{ id: string; rev: string; body: Record<string, unknown> }>`
    select r.id, r.rev, r.body from sync_revs r
    join unnest(${wanted.map((w) => w.db)}::text[], ${wanted.map((w) => w.id)}::text[], ${wanted.map((w) => w.rev)}::text[]) as w(db, id, rev)
      on r.db = w.db and r.id = w.id and r.rev = w.rev`.execute(db);
  const storedBodies = new Map(bodies.map((b) => [`${b.id}\u0000${b.rev}`, b.body]));
  return wanted.map(({ id, rev }) => {
    const row = docs.get(id);
    const body = storedBodies.get(`${id}\u0000${rev}`);
    const history = row && revisionsOf(row.rev_tree, rev);
    if (!row || !body || !history) return { id, docs: [{ error: { id, rev, error: 'not_found', reason: 'missing' } }] };
    const deleted = isDeleted({ rev_tree: row.rev_tree }, rev);
    return { id, docs: [{ ok: { ...body, _id: id, _rev: rev, ...(deleted ? { _deleted: true } : {}), _revisions: history } }] };
  });
}

/** A `_local` document (a replication checkpoint), or undefined. */
export async function readLocal(db: Db, name: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await sql<{
    rev: string;
    body: Record<string, unknown>;
  }>`select rev, body from sync_local where db = ${name} and id = ${id}`.execute(db);
  return rows[0] && { ...rows[0].body, _id: `_local/${id}`, _rev: rows[0].rev };
}

/** Writes a `_local` document; its rev counts `0-1`, `0-2`… as CouchDB's do. */
export async function writeLocal(db: Db, name: string, id: string, body: Record<string, unknown>): Promise<string> {
  const { _id, _rev, ...fields } = body;
  void _id;
  void _rev;
  const { rows } = await sql<{ rev: string }>`
    insert into sync_local (db, id, rev, body) values (${name}, ${id}, '0-1', ${JSON.stringify(fields)}::jsonb)
    on conflict (db, id) do update set body = excluded.body,
      rev = '0-' || (split_part(sync_local.rev, '-', 2)::bigint + 1)
    returning rev`.execute(db);
  return rows[0]!.rev;
}
