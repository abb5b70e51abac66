/**
 * What the dashboard shows (spec 1 §2 /dashboard): the three counts, the documents per day, the
 * most recently processed documents, one document by its local id. Every document read is
 * scoped by the one visibility rule (document-scope.ts); counts come from the counters, which
 * are written in the same transaction as the documents, so they are exact without a count(*).
 */
import { sql } from 'kysely';
import type { Document } from '@model/generated/index.ts';
import type { Db } from '../../db/database.ts';
import { executePrepared, preparedRead } from '../../db/prepared.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { problems } from '../../http/errors.ts';
import { callerOfShape, sightShape, visibleDocumentCount, visibleTo, visibleToResolved } from '../document-scope.ts';
import { documentSelect, toWireDocument } from '../document-wire.ts';

type Caller = Pick<SessionUser, 'id' | 'permission'>;

/** "Recently Processed Documents": how many the table shows. */
export const RECENTLY_PROCESSED = 50;

export interface DashboardCounts {
  programsCount: number;
  formsCount: number;
  totalDocumentCount: number;
}

/** Programs and forms: all of them (the cards count what exists); documents: those the caller may read. */
export async function dashboardCounts(db: Db, caller: Caller): Promise<DashboardCounts> {
  const [counts, totalDocumentCount] = await Promise.all([
    executePrepared(
      db,
      'dashboard_counts',
      sql<{ programs: number; forms: number }>`select (select count(*) from programs) as programs, (select count(*) from forms) as forms`,
    ),
    visibleDocumentCount(db, caller),
  ]);
  const row = counts[0]!;
  return { programsCount: Number(row.programs), formsCount: Number(row.forms), totalDocumentCount };
}

/** The newest processed documents the caller may read, newest processed first (list shape). */
export async function recentlyProcessed(db: Db, caller: Caller): Promise<Document[]> {
  const rows = await executePrepared(
    db,
    'recently_processed',
    documentSelect(db, { full: false })
      .where('d.processed_at', 'is not', null)
      .where(await visibleToResolved(db, caller, 'd'))
      .orderBy('d.processed_at', 'desc')
      .orderBy('d.seq', 'desc')
      .limit(RECENTLY_PROCESSED),
  );
  return rows.map((row) => toWireDocument(row, { full: false }));
}

export interface DayCount {
  day: string;
  count: number;
}

/**
 * Documents submitted per day (UTC, the day the counters are kept by) over the `days` days up to
 * and including today, every day present (zero when none), oldest first.
 */
export async function documentsPerDay(db: Db, caller: Caller, days: number, now: Date): Promise<DayCount[]> {
  const today = now.toISOString().slice(0, 10);
  const rows = await executePrepared(
    db,
    'documents_per_day',
    sql<{ day: string; count: number | string }>`
    select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(sum(c.n), 0)::bigint as count
    from generate_series(${today}::date - ${days - 1}::int, ${today}::date, interval '1 day') as g(day)
    left join document_days c on c.day = g.day::date and ${visibleTo(caller, 'c')}
    group by g.day order by g.day`,
  );
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
}

/** The document with this local id (the mobile app's own id), full, if the caller may read it. */
const byLocalId = preparedRead('document_by_local_id', ['localId', 'callerId'], (db, { localId, callerId }, sight) =>
  documentSelect(db)
    .where('d.local_id', '=', localId)
    .where(visibleTo(callerOfShape(sight, callerId), 'd')),
);

export async function documentByLocalId(db: Db, caller: Caller, localId: string): Promise<Document> {
  const [row] = await byLocalId(db, sightShape(caller), { localId, callerId: caller.id });
  if (!row) throw problems.documentNotFound();
  return toWireDocument(row, { full: true });
}
