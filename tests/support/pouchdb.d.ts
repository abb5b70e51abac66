/**
 * The part of PouchDB 9 the sync tests and the field client (scripts/field-client/) drive as a
 * device (pouchdb-core with the memory adapter).
 * @types/pouchdb-core is left out on purpose: it pulls Node typings that break the project's own.
 */
declare module 'pouchdb-core' {
  interface Meta {
    _id: string;
    _rev: string;
    _revisions?: { start: number; ids: string[] };
    _deleted?: boolean;
  }
  type Open<T> = { ok: T & Meta } | { missing: string };
  interface Replication {
    docs_read: number;
    docs_written: number;
    doc_write_failures: number;
    errors: unknown[];
    ok: boolean;
  }
  class PouchDB {
    constructor(
      name: string,
      options?: {
        adapter?: string;
        skip_setup?: boolean;
        fetch?: (url: string, init: RequestInit & { headers: Headers }) => Promise<Response>;
      },
    );
    static plugin(plugin: unknown): void;
    /** A PouchDB whose databases take these options (the reference server's: memory, a prefix of its own). */
    static defaults(options: { adapter?: string; prefix?: string }): typeof PouchDB;
    static fetch(url: string, init?: RequestInit): Promise<Response>;
    replicate: {
      from(source: PouchDB, options?: { batch_size?: number }): Promise<Replication>;
      to(target: PouchDB, options?: { batch_size?: number }): Promise<Replication>;
    };
    /**
     * Live replication: runs until cancelled, telling each batch it wrote. It settles once it has
     * stopped (after a cancel, its last checkpoint written): await it before the server goes.
     */
    static replicate(
      source: PouchDB,
      target: PouchDB,
      options: { live: true; retry?: boolean; heartbeat?: number },
    ): PromiseLike<unknown> & { on(event: 'change', listener: (info: { docs: Meta[] }) => void): unknown; cancel(): void };
    info(): Promise<{ doc_count: number; update_seq: number | string }>;
    get<T = Record<string, unknown>>(id: string, options: { conflicts: true }): Promise<T & Meta & { _conflicts?: string[] }>;
    get<T = Record<string, unknown>>(id: string, options?: { revs?: boolean }): Promise<T & Meta>;
    get<T = Record<string, unknown>>(id: string, options: { open_revs: 'all' | string[]; revs?: boolean }): Promise<Open<T>[]>;
    put(doc: Record<string, unknown> & { _id: string }): Promise<{ ok: boolean; id: string; rev: string }>;
    remove(id: string, rev: string): Promise<{ ok: boolean; id: string; rev: string }>;
    bulkDocs(docs: Record<string, unknown>[], options?: { new_edits?: boolean }): Promise<unknown[]>;
    allDocs(options?: {
      include_docs?: boolean;
      conflicts?: boolean;
    }): Promise<{ rows: { id: string; value: { rev: string }; doc?: Record<string, unknown> & Meta }[] }>;
    changes(options: { style?: 'all_docs' }): Promise<{ results: { id: string; changes: { rev: string }[] }[] }>;
    destroy(): Promise<void>;
  }
  export default PouchDB;
}
declare module 'pouchdb-adapter-memory' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-adapter-http' {
  const plugin: unknown;
  export default plugin;
}
declare module 'pouchdb-replication' {
  const plugin: unknown;
  export default plugin;
}
declare module 'express-pouchdb' {
  import type { RequestListener } from 'node:http';
  import type PouchDB from 'pouchdb-core';
  /** An express app serving CouchDB's HTTP API over the given PouchDB (a request listener). */
  function expressPouchDB(
    pouch: typeof PouchDB,
    options: {
      mode?: 'minimumForPouchDB' | 'fullCouchDB';
      inMemoryConfig?: boolean;
      overrideMode?: { include?: string[]; exclude?: string[] };
    },
  ): RequestListener;
  export default expressPouchDB;
}
