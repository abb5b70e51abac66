/** What the console's sync calls answer: one shape for the api server and the console. */

/** A program's offline database as the server holds it. */
export interface DatabaseSummary {
  db: string;
  doc_count: number;
  doc_del_count: number;
  update_seq: number;
  /** The bytes of JSON a device pulling it afresh receives (the winning revisions' bodies). */
  size: number;
  /** When it was last built from the configuration; null when it never was. */
  built_at: string | null;
  /** What the last build wrote: new revisions, deletions. */
  written: number;
  deleted: number;
}

/** One version of a document edited on two devices offline. */
export interface ConflictVersion {
  rev: string;
  /** The version the document holds now (CouchDB's winner). */
  current: boolean;
  form_revision_id: string;
  form_data: Record<string, unknown>;
}

export interface Conflict {
  local_id: string;
  document_id: string;
  versions: ConflictVersion[];
  /** Field name → label, from the form revisions the versions are filled against. */
  labels: Record<string, string>;
}
