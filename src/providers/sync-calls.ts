/**
 * The console's offline-sync calls (spec 2 §7): what a program's offline database holds, building
 * it now (GET /sync/{id}), and publishing the view lists' rows into the programs that use them
 * (POST /sync/viewlist, one list: POST /sync/viewlist/{id}); and the documents edited on two
 * devices offline, with the version to keep.
 */
import { serverUrl } from '../config/runtime-config';
import { fetchWithSession } from './http-client';

/** A program's offline database as the server holds it. */
export interface SyncDatabaseSummary {
  db: string;
  doc_count: number;
  doc_del_count: number;
  update_seq: number;
  /** Bytes of JSON a device pulling it afresh receives. */
  size: number;
  /** When it was last built from the configuration; null when it never was. */
  built_at: string | null;
  /** What the last build wrote: new revisions and deletions. */
  written: number;
  deleted: number;
}

/** One version of a document edited on two devices offline. */
export interface ConflictVersion {
  rev: string;
  /** The version the document holds now. */
  current: boolean;
  form_revision_id: string;
  form_data: Record<string, unknown>;
}

export interface SyncConflict {
  local_id: string;
  document_id: string;
  versions: ConflictVersion[];
  /** Field name → label. */
  labels: Record<string, string>;
}

const api = (path: string) => `${serverUrl('api')}/${path}`;
const enc = encodeURIComponent;

export const syncCalls = {
  async programDatabase(programId: string): Promise<SyncDatabaseSummary> {
    return (await fetchWithSession<SyncDatabaseSummary>(api(`sync/status/${enc(programId)}`))).json;
  },
  async syncProgram(programId: string): Promise<SyncDatabaseSummary> {
    return (await fetchWithSession<SyncDatabaseSummary>(api(`sync/${enc(programId)}`))).json;
  },
  async conflicts(programId: string): Promise<SyncConflict[]> {
    return (await fetchWithSession<SyncConflict[]>(api(`sync/conflicts?program_id=${enc(programId)}`))).json;
  },
  /** Keeps one version of a conflicted document; the others are dropped on every device. */
  async keepVersion(localId: string, rev: string): Promise<void> {
    await fetchWithSession(api(`sync/conflicts/${enc(localId)}`), { method: 'POST', body: JSON.stringify({ rev }) });
  },
  /** Answers the names of the program databases built again. */
  async syncViewLists(listId?: string): Promise<string[]> {
    const path = listId === undefined ? 'sync/viewlist' : `sync/viewlist/${enc(listId)}`;
    return (await fetchWithSession<{ databases: string[] }>(api(path), { method: 'POST' })).json.databases;
  },
};
