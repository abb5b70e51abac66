/**
 * The status documents of a device's pushed documents (`fieldbase-status:{local id}` in the
 * user's own database, pulled with it): whether the server took each one, and if not why, with
 * the field messages. A refused document is not sent again by PouchDB, so this is how the app
 * learns what to fix.
 */
import { sql } from 'kysely';
import type { RevTree } from 'pouchdb-merge';
import type { Db } from '../db/database.ts';
import { nextRevision, type Body } from './publish-documents.ts';
import { lockDatabase, storeRevisions } from './sync-store.ts';
import { userDatabase } from './database-names.ts';

export const STATUS_PREFIX = 'fieldbase-status:';

export type PushStatus = { status: 'accepted' } | { status: 'refused'; reason: string; fields: Record<string, string> };

/**
 * Writes the user's status of each pushed document (local id → status), in one go; with
 * `onlyIfHeld`, only those that have a status already (an accepted document whose earlier
 * attempt was refused: the status says it is in now).
 */
export async function writeStatuses(trx: Db, userId: string, statuses: Map<string, PushStatus>, onlyIfHeld = false): Promise<void> {
  if (!statuses.size) return;
  const name = userDatabase(userId);
  await lockDatabase(trx, name);
  const ids = [...statuses.keys()].map((localId) => `${STATUS_PREFIX}${localId}`);
  const { rows } = await sql<{ id: string; rev_tree: RevTree; winning_rev: string }>`
    select id, rev_tree, winning_rev from sync_docs where db = ${name} and id = any(${ids}::text[]) order by id for update`.execute(trx);
  const held = new Map(rows.map((row) => [row.id, row]));
  const revisions = [...statuses]
    .map(([localId, status]) => ({ statusId: `${STATUS_PREFIX}${localId}`, body: { local_id: localId, ...status } as Body }))
    .filter(({ statusId }) => !onlyIfHeld || held.has(statusId))
    .map(({ statusId, body }) => nextRevision(statusId, held.get(statusId), body, false));
  await storeRevisions(trx, name, revisions);
}
