/**
 * The longpoll feed (`feed=longpoll`, what a PouchDB device in live replication asks for): with
 * nothing after `since`, the answer waits until something is written, or the wait runs out and
 * an empty answer sends the device round again. Waiting watches `sync_seq` (one cheap read, every
 * write of every instance moves it) and reads the feed again only when it moved.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { changesSince, type DatabaseView } from './sync-store.ts';

/** Longest wait: under the idle timeouts of common proxies (60 s). */
const MAX_WAIT_MS = 50_000;
const DEFAULT_WAIT_MS = 30_000;
const POLL_MS = 250;

const lastSeq = async (db: Db) => Number((await sql<{ last: string }>`select last_value as last from sync_seq`.execute(db)).rows[0]!.last);

export async function waitForChanges(
  db: Db,
  view: DatabaseView,
  since: number,
  limit: number,
  options: { waitMs?: number; gone: () => boolean },
): Promise<Awaited<ReturnType<typeof changesSince>>> {
  const deadline = Date.now() + Math.min(options.waitMs ?? DEFAULT_WAIT_MS, MAX_WAIT_MS);
  let seen = await lastSeq(db);
  let answer = await changesSince(db, view, since, limit);
  while (answer.results.length === 0 && Date.now() < deadline && !options.gone()) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const now = await lastSeq(db);
    if (now === seen) continue;
    seen = now;
    answer = await changesSince(db, view, since, limit);
  }
  return answer;
}
