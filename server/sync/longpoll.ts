/**
 * The longpoll feed (`feed=longpoll`, what a PouchDB device in live replication asks for): with
 * nothing after `since`, the answer waits until something is written, or the wait runs out and
 * an empty answer sends the device round again. A write to the offline databases by any instance
 * notifies the channel `fieldbase_sync` when it commits (migration 027): a waiting request reads
 * the feed again when it hears one. Between notifications it looks at `sync_seq` (one cheap read)
 * every few seconds, or four times a second while its server is not listening, and reads the feed
 * when that moved; and it reads the feed every few seconds anyway, as `sync_seq` moves when a
 * write takes its number, before the write commits.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ChangeSignal } from '../db/change-signal.ts';
import { changesSince, type DatabaseView } from './sync-store.ts';

/** Longest wait: under the idle timeouts of common proxies (60 s). */
const MAX_WAIT_MS = 50_000;
const DEFAULT_WAIT_MS = 30_000;
/** How long a waiter trusts the notifications alone before it reads the feed anyway (one can be lost). */
export const LOOK_ANYWAY_MS = 5_000;

const lastSeq = async (db: Db) => Number((await sql<{ last: string }>`select last_value as last from sync_seq`.execute(db)).rows[0]!.last);

export async function waitForChanges(
  db: Db,
  signal: ChangeSignal,
  view: DatabaseView,
  since: number,
  limit: number,
  options: { waitMs?: number; gone: () => boolean },
): Promise<Awaited<ReturnType<typeof changesSince>>> {
  const deadline = Date.now() + Math.min(options.waitMs ?? DEFAULT_WAIT_MS, MAX_WAIT_MS);
  // Read before looking: a write committed between the look and the wait still wakes it.
  let heard = signal.heard;
  let seen = await lastSeq(db);
  let answer = await changesSince(db, view, since, limit);
  let readAt = Date.now();
  while (answer.results.length === 0 && Date.now() < deadline && !options.gone() && !signal.closed) {
    await signal.after(heard, Math.min(LOOK_ANYWAY_MS, deadline - Date.now()));
    const notified = signal.heard !== heard;
    heard = signal.heard;
    const now = await lastSeq(db);
    if (!notified && now === seen && Date.now() - readAt < LOOK_ANYWAY_MS) continue;
    seen = now;
    readAt = Date.now();
    answer = await changesSince(db, view, since, limit);
  }
  return answer;
}
