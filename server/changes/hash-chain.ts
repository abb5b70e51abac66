/**
 * The change log's optional hash chain (AUDIT_HASH_CHAIN=on; migration 019 says how a row's hash
 * is made). Switched at start, and the switch itself is a row of the log, so a chain turned off
 * for a while shows when. Verifying walks the log oldest first in batches, recomputing each
 * hash in PostgreSQL from the row before, and names the first row whose hash does not follow.
 *
 * What it proves: a row changed or removed in the middle, by someone able to get past the
 * append-only trigger (a database superuser), breaks the chain at the next row. What it cannot:
 * the newest rows removed from the end, or a whole chain rewritten by someone who can also run
 * this code; keep a copy of the last hash elsewhere (the verify answer names it) for that.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { inWriteTransaction } from './change-log.ts';

const TRIGGER = 'changes_hash_chain';
const BATCH = 5000;

async function chainOn(db: Db): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`
    select exists (select 1 from pg_trigger where tgname = ${TRIGGER} and tgrelid = 'changes'::regclass) as on`.execute(db);
  return rows[0]!.on;
}

/** Makes the chain on or off as asked; a switch is recorded (`hash-chain-on`, `hash-chain-off`). */
export async function applyHashChain(db: Db, on: boolean): Promise<void> {
  if ((await chainOn(db)) === on) return;
  await inWriteTransaction(db, {}, async (trx, changes) => {
    if (on) {
      await sql`create trigger changes_hash_chain before insert on changes for each row execute function changes_chain()`.execute(trx);
    } else {
      await sql`drop trigger if exists changes_hash_chain on changes`.execute(trx);
    }
    changes.add({ resource: 'audit', action: on ? 'hash-chain-on' : 'hash-chain-off', fields: { hash_chain: [!on, on] } });
  });
}

export interface ChainReport {
  /** True when every hashed row follows the row before it. */
  ok: boolean;
  /** Whether new rows are being chained now. */
  chaining: boolean;
  /** Rows read, and how many of them carry a hash (rows written while the chain was off do not). */
  rows: number;
  hashed: number;
  /** The oldest and newest seq read. The oldest row anchors the chain: rows before it may have been dropped by retention. */
  from: string | null;
  to: string | null;
  /** The newest row's hash (hex): keep it elsewhere to prove later that no row was removed from the end. */
  last_hash: string | null;
  /** The first row whose hash does not follow from the row before it. */
  broken_at: string | null;
}

interface CheckedRow {
  seq: string;
  hash: Buffer | null;
  expected: Buffer;
}

/** The next rows after `after`, each with the hash it should have (`previous`: the hash of the row before the first). */
async function checkedBatch(db: Db, after: string | null, previous: Buffer | null): Promise<CheckedRow[]> {
  const { rows } = await sql<CheckedRow>`
    select seq::text as seq, hash, sha256(coalesce(lag(hash, 1, ${previous}::bytea) over (order by seq), ''::bytea) || change_canonical(
      seq, at, resource, record_id, revision, action, actor_id, actor_email, actor_role, session_id, client, address,
      request_id, program_id, fields)) as expected
    from (select * from changes where ${after === null ? sql`true` : sql`seq > ${after}::bigint`} order by changes.seq limit ${BATCH}) batch
    order by batch.seq`.execute(db);
  return rows;
}

/** Walks the whole log, oldest first, `BATCH` rows at a time. */
export async function verifyChain(db: Db): Promise<ChainReport> {
  const report: ChainReport = {
    ok: true,
    chaining: await chainOn(db),
    rows: 0,
    hashed: 0,
    from: null,
    to: null,
    last_hash: null,
    broken_at: null,
  };
  let after: string | null = null;
  let previous: Buffer | null = null;
  for (;;) {
    const rows = await checkedBatch(db, after, previous);
    for (const row of rows) {
      // The oldest row is the anchor: the row its hash followed may be gone with a dropped month.
      const anchor = report.rows === 0;
      report.rows++;
      report.from ??= row.seq;
      report.to = row.seq;
      if (row.hash === null) continue;
      report.hashed++;
      if (!anchor && !row.hash.equals(row.expected) && report.broken_at === null) {
        report.ok = false;
        report.broken_at = row.seq;
      }
    }
    if (rows.length < BATCH) break;
    const last: CheckedRow = rows[rows.length - 1]!;
    after = last.seq;
    previous = last.hash;
  }
  const { rows: newest } = await sql<{ hash: Buffer | null }>`select hash from changes order by changes.seq desc limit 1`.execute(db);
  report.last_hash = newest[0]?.hash?.toString('hex') ?? null;
  return report;
}
