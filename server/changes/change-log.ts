/**
 * The change log's writer. A write gathers what it changed in a `ChangeSet` and the set is written
 * at the end of the write's own transaction (`inWriteTransaction`), so a change is recorded
 * exactly when the write commits, and never when it rolls back.
 *
 * Why readers never skip a row: before taking its numbers, the flush takes one
 * transaction-scoped advisory lock, held until commit. Transactions that record changes
 * therefore commit in the order of their `seq`, and once a reader sees `seq` N, every row below N
 * that will ever exist is already visible. The lock is taken last, after the write's own work, so
 * it is held only for the flush and the commit, and never while waiting on another row lock
 * (which could deadlock with a writer that holds it).
 */
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { SessionUser } from '../auth/session-user.ts';
import { changedFields, type ChangedFields, type Row } from './changed-fields.ts';

const CHANGE_ORDER_LOCK = ADVISORY_LOCKS.changeOrder;

/** Who wrote, from where: taken from the request (changeContextOf) or named by a task. */
export interface ChangeContext {
  actor?: Pick<SessionUser, 'id' | 'email' | 'roleSlug' | 'sessionId' | 'client'>;
  address?: string;
  requestId?: string;
  /** The action of the route's declaration: what a change is recorded under unless it names its own. */
  action?: string;
  /** The program the request is about, for changes that name none. */
  programId?: string;
}

export interface ChangeEntry {
  /** The resource's name in the resource map (`role`, `program`…), or the event's subject (`session`). */
  resource: string;
  recordId?: string;
  /** What happened: `create`, `update`, `delete`, or a named action (`publish`, `lock`…); the route's by default. */
  action?: string;
  programId?: string;
  fields: ChangedFields;
  /**
   * False for an attempt that changed nothing (a refusal): it names the record but takes no
   * revision, so a record's revisions count its changes with no gap.
   */
  revises?: boolean;
}

/** The changes one write makes, written together when its transaction ends. */
export class ChangeSet {
  readonly entries: ChangeEntry[] = [];

  add(entry: ChangeEntry): void {
    this.entries.push(entry);
  }

  /**
   * A record's change from what it was to what it is (null before a create, null after a delete).
   * A write that changed no field leaves no row.
   */
  record(
    resource: string,
    recordId: string,
    before: Row | null,
    after: Row | null,
    options: { action?: string; programId?: string } = {},
  ): void {
    const fields = changedFields(before, after);
    if (Object.keys(fields).length > 0) this.add({ resource, recordId, fields, ...options });
  }

  async flush(trx: Db, context: ChangeContext): Promise<number[]> {
    const seqs: number[] = [];
    for (const entry of this.entries) seqs.push(await insertChange(trx, entry, context));
    return seqs;
  }
}

/**
 * One change row in one statement, one round trip: the order lock first (taken in the statement's
 * source, so before the record's revision row is locked and before `seq` is drawn), then the
 * record's next revision, then the row. Taken again by a second row of the same write, the lock
 * is already held. Both statements are prepared once per connection (db/prepared.ts): planning an
 * insert into the partitioned log costs more than running it.
 */
const COLUMNS = `resource, record_id, action, actor_id, actor_email, actor_role, session_id, client, address, request_id,
  program_id, fields, revision`;
const ROW = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb';
const ORDERED = `(select pg_advisory_xact_lock(${CHANGE_ORDER_LOCK})) as ordered`;
// Written once as text (no template built per row); the comment names the prepared statement.
const UNREVISED = `/* prepared:change_row */ insert into changes (${COLUMNS}) select ${ROW}, null from ${ORDERED} returning seq`;
const REVISED = `/* prepared:change_row_revised */
  with revision as (
    insert into change_revisions (resource, record_id, revision)
    select $1, $2, 1 from ${ORDERED}
    on conflict (resource, record_id) do update set revision = change_revisions.revision + 1
    returning revision
  )
  insert into changes (${COLUMNS}) select ${ROW}, revision.revision from revision returning seq`;

/** The values of a change row, in the order of COLUMNS (before `revision`); `withChangeRow`'s parameters. */
export function changeRowParameters(entry: ChangeEntry, context: ChangeContext): unknown[] {
  const action = entry.action ?? context.action;
  if (!action) throw new Error(`a change of ${entry.resource} names no action, and its route declares none (config.audit)`);
  const actor = context.actor;
  return [
    entry.resource,
    entry.recordId ?? null,
    action,
    actor?.id ?? null,
    actor?.email ?? null,
    actor?.roleSlug ?? null,
    actor?.sessionId ?? null,
    actor?.client ?? null,
    context.address ?? null,
    context.requestId ?? null,
    entry.programId ?? context.programId ?? null,
    JSON.stringify(entry.fields),
  ];
}

async function insertChange(trx: Db, entry: ChangeEntry, context: ChangeContext): Promise<number> {
  const revised = entry.recordId !== undefined && entry.revises !== false;
  const { rows } = await trx.executeQuery<{ seq: string }>(
    CompiledQuery.raw(revised ? REVISED : UNREVISED, changeRowParameters(entry, context)),
  );
  return Number(rows[0]!.seq);
}

/**
 * A one-row write and its change row in ONE statement, so a hot write needs no transaction of
 * its own (no BEGIN and COMMIT round trips): the statement's CTEs end with `written`, a CTE
 * holding the written row (none: nothing was written, and nothing is recorded); this adds the
 * order lock, the record's revision and the change row, their parameters numbered from `first`
 * (pass `changeRowParameters` there). The order lock is taken for `written`'s row, so after the
 * write's own row locks, as `flush` takes it after a write's work. The change row is the
 * statement's end, or with `as`, one more CTE of that name (returning its `seq`) for the
 * statement's own select to read.
 */
export function withChangeRow(written: string, first: number, as?: string): string {
  const row = Array.from({ length: 12 }, (_, i) => `$${first + i}`);
  row[11] += '::jsonb';
  return `, ordered as (select pg_advisory_xact_lock(${CHANGE_ORDER_LOCK}) from ${written}),
  revision as (
    insert into change_revisions (resource, record_id, revision)
    select ${row[0]}, ${row[1]}, 1 from ordered
    on conflict (resource, record_id) do update set revision = change_revisions.revision + 1
    returning revision
  )
  ${as ? `, ${as} as (` : ''}insert into changes (${COLUMNS}) select ${row.join(', ')}, revision.revision from revision${as ? ' returning seq)' : ''}`;
}

/** Runs `work` in one transaction and writes the changes it gathered at its end, in that transaction. */
export async function inWriteTransaction<T>(db: Db, context: ChangeContext, work: (trx: Db, changes: ChangeSet) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const changes = new ChangeSet();
    const result = await work(trx, changes);
    await changes.flush(trx, context);
    return result;
  });
}
