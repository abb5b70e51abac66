/** The part of pouchdb-merge (PouchDB's own revision-tree code, untyped) the sync store uses. */
declare module 'pouchdb-merge' {
  export interface RevOpts {
    status?: 'available' | 'missing';
    deleted?: boolean;
  }
  /** [hash, opts, children]: one node of a revision tree. */
  export type RevNode = [string, RevOpts, RevNode[]];
  export interface RevPath {
    pos: number;
    ids: RevNode;
  }
  export type RevTree = RevPath[];
  export interface Leaf {
    rev: string;
    pos: number;
    opts: RevOpts;
  }
  export function merge(tree: RevTree, path: RevPath, depth: number): { tree: RevTree; stemmedRevs: string[]; conflicts: string };
  export function winningRev(metadata: { rev_tree: RevTree }): string;
  export function collectLeaves(tree: RevTree): Leaf[];
  /** The live leaves other than the winner. */
  export function collectConflicts(metadata: { rev_tree: RevTree }): string[];
  export function revExists(tree: RevTree, rev: string): boolean;
  export function isDeleted(metadata: { rev_tree: RevTree }, rev?: string): boolean;
  export function rootToLeaf(tree: RevTree): { pos: number; ids: { id: string; opts: RevOpts }[] }[];
}
