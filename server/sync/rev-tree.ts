/**
 * Revisions as CouchDB's replication protocol carries them, turned into and out of PouchDB's own
 * revision trees (pouchdb-merge), so that the server and a PouchDB device agree on every winner.
 */
import { collectLeaves, rootToLeaf, type RevNode, type RevOpts, type RevPath, type RevTree } from 'pouchdb-merge';

/** A revision as a replicator pushes it (`_bulk_docs` with `new_edits: false`). */
export interface ReplicatedDoc {
  _id: string;
  _rev: string;
  _revisions?: { start: number; ids: string[] };
  _deleted?: boolean;
  [field: string]: unknown;
}

/** "3-9f2c…" → { pos: 3, hash: '9f2c…' }; undefined for anything else. */
export function parseRev(rev: unknown): { pos: number; hash: string } | undefined {
  if (typeof rev !== 'string') return undefined;
  const match = /^([1-9][0-9]{0,8})-([0-9a-zA-Z]{1,64})$/.exec(rev);
  return match ? { pos: Number(match[1]), hash: match[2]! } : undefined;
}

/**
 * The revision's path in a tree: its ancestors from `_revisions` (newest first, as sent) down to
 * it, the ancestors' bodies missing and its own available. As PouchDB's parseDoc builds it.
 */
export function pathOf(doc: ReplicatedDoc): RevPath {
  const leaf: RevOpts = doc._deleted ? { status: 'available', deleted: true } : { status: 'available' };
  const rev = parseRev(doc._rev)!;
  const ids = doc._revisions?.ids ?? [rev.hash];
  const start = doc._revisions?.start ?? rev.pos;
  const node = ids.reduce<RevNode | undefined>(
    (child, hash) => (child ? [hash, { status: 'missing' }, [child]] : [hash, leaf, []]),
    undefined,
  )!;
  return { pos: start - ids.length + 1, ids: node };
}

/** `_revisions` of a revision the tree holds: its hash and its ancestors', newest first. */
export function revisionsOf(tree: RevTree, rev: string): { start: number; ids: string[] } | undefined {
  const wanted = parseRev(rev);
  if (!wanted) return undefined;
  for (const path of rootToLeaf(tree)) {
    const at = wanted.pos - path.pos;
    if (at >= 0 && at < path.ids.length && path.ids[at]!.id === wanted.hash) {
      return {
        start: wanted.pos,
        ids: path.ids
          .slice(0, at + 1)
          .map((node) => node.id)
          .reverse(),
      };
    }
  }
  return undefined;
}

/** The tree's leaf revisions, the winner first (as CouchDB lists them in the changes feed). */
export function leavesOf(tree: RevTree, winner: string): string[] {
  const leaves = collectLeaves(tree).map((leaf) => leaf.rev);
  return [winner, ...leaves.filter((rev) => rev !== winner)];
}

/** A body as stored: the document's own fields, without the protocol's underscored ones. */
export function bodyOf(doc: ReplicatedDoc): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!['_id', '_rev', '_revisions', '_deleted'].includes(key)) body[key] = value;
  return body;
}
