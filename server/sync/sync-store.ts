/**
 * The offline databases' documents in PostgreSQL, as the CouchDB replication protocol reads and
 * writes them: replicated revisions merged into each document's revision tree (PouchDB's merge,
 * so the winner is the one a device computes), the changes feed by sequence, `_revs_diff`,
 * `_bulk_get` and the `_local` checkpoints. Names of databases are the caller's business.
 */
import { sql, type RawBuilder } from 'kysely';
import { collectConflicts, isDeleted, merge, revExists, winningRev, type RevTree } from 'pouchdb-merge';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { bodyOf, leavesOf, parseRev, pathOf, revisionsOf, type ReplicatedDoc } from './rev-tree.ts';
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
  /** Set when the view is exactly the rows of this database: its figures are kept (`sync_counts`). */
  whole?: true;
}

/** A database that is exactly its own rows. */
export const wholeDatabase = (name: string): DatabaseView => ({ name, rows: sql<boolean>`d.db = ${name}`, whole: true });

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
  await storeRevisions(trx, name, [doc]);
}

/**
 * Merges revisions into their documents, in order (inside a transaction holding the database's
 * lock), in three statements however many: the trees read and locked, the revisions written, and
 * the documents with their database's figures. A revision already held changes nothing.
 */
export async function storeRevisions(trx: Db, name: string, docs: ReplicatedDoc[]): Promise<void> {
  const ids = [...new Set(docs.map((doc) => doc._id))];
  if (!ids.length) return;
  const { rows } = await sql<Pick<DocRow, 'id' | 'rev_tree' | 'deleted'>>`
    select id, rev_tree, deleted from sync_docs where db = ${name} and id = any(${ids}::text[]) order by id for update`.execute(trx);
  const before = new Map(rows.map((row) => [row.id, row]));
  const trees = new Map(rows.map((row) => [row.id, row.rev_tree]));
  const revisions: { doc: ReplicatedDoc; tree: RevTree }[] = [];
  for (const doc of docs) {
    const held = trees.get(doc._id) ?? [];
    if (revExists(held, doc._rev)) continue;
    const tree = merge(held, pathOf(doc), REVS_LIMIT).tree;
    trees.set(doc._id, tree);
    revisions.push({ doc, tree });
  }
  if (!revisions.length) return;
  await sql`
    insert into sync_revs (db, id, rev, body, revisions, deleted)
    select ${name}, r.id, r.rev, r.body, r.revisions, r.deleted
    from unnest(${revisions.map((r) => r.doc._id)}::text[], ${revisions.map((r) => r.doc._rev)}::text[],
      ${revisions.map((r) => JSON.stringify(bodyOf(r.doc)))}::jsonb[],
      ${revisions.map((r) => JSON.stringify(revisionsOf(r.tree, r.doc._rev)))}::jsonb[],
      ${revisions.map((r) => r.doc._deleted === true)}::boolean[]) as r(id, rev, body, revisions, deleted)
    on conflict do nothing`.execute(trx);
  const written = [...new Set(revisions.map((r) => r.doc._id))].map((id) => documentState(id, trees.get(id)!));
  // The database's figures move by what each document now counts as, less what it counted as.
  const counted = (deleted: boolean | undefined) => (deleted === undefined ? [0, 0] : deleted ? [0, 1] : [1, 0]);
  let live = 0;
  let gone = 0;
  for (const doc of written) {
    const [liveAfter, goneAfter] = counted(doc.deleted);
    const [liveBefore, goneBefore] = counted(before.get(doc.id)?.deleted);
    live += liveAfter! - liveBefore!;
    gone += goneAfter! - goneBefore!;
  }
  const column = <K extends keyof (typeof written)[number]>(key: K) => written.map((doc) => doc[key]);
  await sql`
    with written as (
      insert into sync_docs (db, id, rev_tree, winning_rev, deleted, conflicted, leaves, seq)
      select ${name}, w.id, w.tree, w.winner, w.deleted, w.conflicted, array(select jsonb_array_elements_text(w.leaves)), nextval('sync_seq')
      from unnest(${column('id')}::text[], ${column('tree')}::jsonb[], ${column('winner')}::text[], ${column('deleted')}::boolean[],
        ${column('conflicted')}::boolean[], ${column('leaves')}::jsonb[]) with ordinality as w(id, tree, winner, deleted, conflicted, leaves, n)
      order by w.n
      on conflict (db, id) do update set rev_tree = excluded.rev_tree, winning_rev = excluded.winning_rev,
        deleted = excluded.deleted, conflicted = excluded.conflicted, leaves = excluded.leaves, seq = excluded.seq
      returning seq)
    insert into sync_counts (db, live, deleted, last_seq) select ${name}, ${live}, ${gone}, max(seq) from written
    on conflict (db) do update set live = sync_counts.live + excluded.live, deleted = sync_counts.deleted + excluded.deleted,
      last_seq = excluded.last_seq`.execute(trx);
}

/** What sync_docs keeps of a document's tree: its winner, whether that is deleted, its conflicts and leaves. */
function documentState(id: string, tree: RevTree) {
  const winner = winningRev({ rev_tree: tree });
  return {
    id,
    tree: JSON.stringify(tree),
    winner,
    deleted: isDeleted({ rev_tree: tree }, winner),
    conflicted: collectConflicts({ rev_tree: tree }).length > 0,
    leaves: JSON.stringify(leavesOf(tree, winner)),
  };
}

/** A database's row of `sync_counts` (none before its first write). */
export interface KeptFigures {
  live: string | number | null;
  deleted: string | number | null;
  last_seq: string | number | null;
}

export const figuresOf = (row: KeptFigures | undefined) => ({
  doc_count: Number(row?.live ?? 0),
  doc_del_count: Number(row?.deleted ?? 0),
  update_seq: Number(row?.last_seq ?? 0),
});

/** The database's figures for `GET /{db}`: live documents and the last sequence. */
export async function databaseInfo(db: Db, ref: DatabaseRef): Promise<{ doc_count: number; doc_del_count: number; update_seq: number }> {
  const view = viewOf(ref);
  if (view.whole) {
    const kept = await sql<KeptFigures>`/* prepared:sync_counts */
      select live, deleted, last_seq from sync_counts where db = ${view.name}`.execute(db);
    return figuresOf(kept.rows[0]);
  }
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

/**
 * How far `pending` counts. CouchDB counts every document after the page; counting here is a
 * scan of what is left (and, in a user's database, of who may read each), which a fresh device
 * would pay on every page of a long pull. Past this many a device's progress reads "this many or
 * more", and it becomes exact as the pull nears its end.
 */
export const PENDING_COUNTED_UP_TO = 1000;

/** The documents written after `since`, oldest first, at most `limit`; and how many more wait (up to PENDING_COUNTED_UP_TO). */
export async function changesSince(
  db: Db,
  ref: DatabaseRef,
  since: number,
  limit: number,
): Promise<{ results: Change[]; last_seq: number; pending: number }> {
  const view = viewOf(ref);
  // The page and the count after it in one statement (a device asks once per batch it pulls).
  const { rows } = await sql<{ id: string; leaves: string[]; deleted: boolean; seq: string; pending: string }>`/* prepared:sync_changes */
    with page as (
      select d.id, d.leaves, d.deleted, d.seq from sync_docs d where ${view.rows} and d.seq > ${since}
      order by d.seq limit ${limit})
    select page.*, (select count(*) from (select from sync_docs d where ${view.rows} and d.seq > (select max(seq) from page)
      limit ${PENDING_COUNTED_UP_TO}) after_page) as pending
    from page order by page.seq`.execute(db);
  const results = rows.map((row): Change => ({
    seq: Number(row.seq),
    id: row.id,
    changes: row.leaves.map((rev) => ({ rev })),
    ...(row.deleted ? { deleted: true as const } : {}),
  }));
  // No page: nothing after `since` either.
  return { results, last_seq: results.at(-1)?.seq ?? since, pending: Number(rows[0]?.pending ?? 0) };
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

/**
 * `_bulk_get` with `revs=true`, as the JSON text of its answer, put together by PostgreSQL from
 * what each revision keeps (its body, history and deletion): each asked revision (the winner when
 * none is named), in the order asked, or not_found.
 */
export async function bulkGetJson(db: Db, ref: DatabaseRef, asked: { id: string; rev?: string }[]): Promise<string> {
  const view = viewOf(ref);
  const { rows } = await sql<{ answer: string }>`/* prepared:sync_bulk_get */
    select '{"results":[' || coalesce(string_agg(one.answer, ',' order by one.n), '') || ']}' as answer from (
      select w.n, case
        when r.body is null then json_build_object('id', w.id, 'docs', json_build_array(json_build_object('error',
          json_build_object('id', w.id, 'rev', coalesce(w.rev, d.winning_rev, ''), 'error', 'not_found', 'reason', 'missing'))))::text
        else json_build_object('id', w.id, 'docs', json_build_array(json_build_object('ok',
          r.body || jsonb_build_object('_id', w.id, '_rev', r.rev, '_revisions', r.revisions)
            || case when r.deleted then '{"_deleted": true}'::jsonb else '{}'::jsonb end)))::text
        end as answer
      from unnest(${asked.map((a) => a.id)}::text[], ${asked.map((a) => a.rev ?? null)}::text[]) with ordinality as w(id, rev, n)
      left join sync_docs d on d.id = w.id and ${view.rows}
      left join sync_revs r on r.db = d.db and r.id = d.id and r.rev = coalesce(w.rev, d.winning_rev)) one`.execute(db);
  return rows[0]!.answer;
}

/** `_bulk_get`'s results as values (bulkGetJson, read back). */
export async function revisionsWithHistory(db: Db, ref: DatabaseRef, asked: { id: string; rev?: string }[]): Promise<BulkGetResult[]> {
  return (JSON.parse(await bulkGetJson(db, ref, asked)) as { results: BulkGetResult[] }).results;
}

/** A row of `sync_local` (a replication checkpoint), null fields when there is none. */
export interface KeptLocal {
  rev: string | null;
  body: Record<string, unknown> | null;
}

/** The `_local` document as a device reads it, or undefined. */
export const localOf = (id: string, row: KeptLocal | undefined) =>
  row?.rev ? { ...row.body, _id: `_local/${id}`, _rev: row.rev } : undefined;

/** A `_local` document (a replication checkpoint), or undefined. */
export async function readLocal(db: Db, name: string, id: string): Promise<Record<string, unknown> | undefined> {
  const { rows } =
    await sql<KeptLocal>`/* prepared:sync_read_local */ select rev, body from sync_local where db = ${name} and id = ${id}`.execute(db);
  return localOf(id, rows[0]);
}

/**
 * Writes a `_local` document from the revision it was read at (`_rev`, none for a new one); its
 * rev counts `0-1`, `0-2`… as CouchDB's do. Undefined when that is no longer its revision: the
 * caller answers 409, as CouchDB does, rather than lose a checkpoint written meanwhile.
 */
export async function writeLocal(db: Db, name: string, id: string, body: Record<string, unknown>): Promise<string | undefined> {
  const { _id, _rev, ...fields } = body;
  void _id;
  const { rows } = await sql<{ rev: string }>`/* prepared:sync_write_local */
    insert into sync_local (db, id, rev, body) values (${name}, ${id}, '0-1', ${JSON.stringify(fields)}::jsonb)
    on conflict (db, id) do update set body = excluded.body,
      rev = '0-' || (split_part(sync_local.rev, '-', 2)::bigint + 1)
    where sync_local.rev = ${typeof _rev === 'string' ? _rev : null}
    returning rev`.execute(db);
  return rows[0]?.rev;
}
