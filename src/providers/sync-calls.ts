/**
 * The console's offline-sync calls (spec 2 §7): what a program's offline database holds, building
 * it now (GET /sync/{id}), and publishing the view lists' rows into the programs that use them
 * (POST /sync/viewlist, one list: POST /sync/viewlist/{id}); and the documents edited on two
 * devices offline, with the version to keep.
 */
import { serverUrl } from '../config/runtime-config';
import type { Conflict, ConflictVersion, DatabaseSummary } from '@model/sync/sync-wire';
import { fetchWithSession } from './http-client';

export type { ConflictVersion };
export type SyncDatabaseSummary = DatabaseSummary;
export type SyncConflict = Conflict;

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
