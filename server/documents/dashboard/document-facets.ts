/**
 * The Data Explorer's narrower filters on a query's documents: submitted within a date range (UTC
 * days, both ends included), by one submitter, processed or not. Read from the query string and
 * checked here, so a bad value is a 400 naming its field and never reaches SQL: a day that does
 * not exist (2026-02-30), a range that ends before it starts, a submitter who is no user.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { problems } from '../../http/errors.ts';

export interface DocumentFacets {
  submittedBy?: string;
  /** Submitted at or after (the start of the `from` day, UTC). */
  since?: Date;
  /** Submitted before (the start of the day after `to`, UTC). */
  until?: Date;
  processed?: boolean;
}

export interface FacetQuery {
  from?: string;
  to?: string;
  submitted_by?: string;
  processed?: string;
}

const DAY_MS = 86_400_000;

/** "2026-11-27" as the start of that UTC day, or a 400 naming the field when no such day exists. */
function utcDay(text: string, field: string, label: string): Date {
  const day = new Date(`${text}T00:00:00.000Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) {
    throw problems.validation({ [field]: `${label} is not a date (YYYY-MM-DD)` });
  }
  return day;
}

export async function readFacets(db: Db, query: FacetQuery): Promise<DocumentFacets> {
  const facets: DocumentFacets = {};
  if (query.from) facets.since = utcDay(query.from, 'from', 'Submitted from');
  if (query.to) facets.until = new Date(utcDay(query.to, 'to', 'Submitted to').getTime() + DAY_MS);
  if (facets.since && facets.until && facets.until <= facets.since) {
    throw problems.validation({ to: 'Submitted to must not be before Submitted from' });
  }
  if (query.processed === 'true' || query.processed === 'false') facets.processed = query.processed === 'true';
  if (query.submitted_by) {
    const { rows } = await sql`select 1 from users where id = ${query.submitted_by}`.execute(db);
    if (!rows.length) throw problems.validation({ submitted_by: 'Submitter is not a user' });
    facets.submittedBy = query.submitted_by;
  }
  return facets;
}

/** Whether the total must be counted row by row: the counters know the submitter, not the day of a type nor the processed state. */
export const needsRowCount = (facets: DocumentFacets) =>
  facets.since !== undefined || facets.until !== undefined || facets.processed !== undefined;

/** SQL conditions of the facets on the documents under `alias`. */
export function facetConditions(facets: DocumentFacets, alias: string): RawBuilder<boolean>[] {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  const parts: RawBuilder<boolean>[] = [];
  if (facets.submittedBy !== undefined) parts.push(sql<boolean>`${column('created_by')} = ${facets.submittedBy}`);
  if (facets.since !== undefined) parts.push(sql<boolean>`${column('created_at')} >= ${facets.since}`);
  if (facets.until !== undefined) parts.push(sql<boolean>`${column('created_at')} < ${facets.until}`);
  if (facets.processed !== undefined) {
    parts.push(facets.processed ? sql<boolean>`${column('processed_at')} is not null` : sql<boolean>`${column('processed_at')} is null`);
  }
  return parts;
}
