/**
 * The audit log's filter, one for every reader of it: the list's query parameters (GET /audit),
 * what an export of the list keeps (the same names and texts, so it runs later as asked), and the
 * SQL condition both read rows by.
 */
import { sql, type RawBuilder } from 'kysely';
import { problems } from '../http/errors.ts';

export interface AuditFilter {
  actor?: string;
  resource?: string;
  record?: string;
  program?: string;
  action?: string;
  /** Inclusive bounds on when the change was made. */
  from?: Date;
  to?: Date;
  /** Searches the actor's e-mail, the resource, the record id, the action and the fields' values. */
  q?: string;
}

const text = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, description }) as const;
const instant = (description: string) =>
  ({ type: 'string', maxLength: 40, description: `${description}: a date (YYYY-MM-DD) or an ISO date and time` }) as const;

/** The filter as query parameters (or an export's body). */
export const auditFilterProperties = {
  actor: text('Only changes made by this user (their id)'),
  resource: text('Only changes of this resource (role, program, document…)'),
  record: text('Only changes of this record (its id)'),
  program: text('Only changes within this program (its id)'),
  action: text('Only this action (create, update, delete, publish…)'),
  from: instant('Changes made at or after'),
  to: instant('Changes made at or before (a date alone means the whole day)'),
  q: text("Search in the actor's e-mail, the resource, the record id, the action and the changed fields' values"),
} as const;

/** The filter as it was asked for: the parameters' own texts. */
export type AuditFilterQuery = { [K in keyof typeof auditFilterProperties]?: string };

/** A date alone is the start of that day (UTC), or its end for an upper bound. */
function instantOf(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(dateOnly ? `${value}T${field === 'to' ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  if (Number.isNaN(at.getTime())) throw problems.validation({ [field]: `${field} must be a date (YYYY-MM-DD) or an ISO date and time` });
  return at;
}

/** Only the filter's own parameters, as given (a page's `before` and `limit` are left out). */
export function filterQueryOf(query: AuditFilterQuery): AuditFilterQuery {
  return Object.fromEntries(
    Object.keys(auditFilterProperties)
      .map((name) => [name, query[name as keyof AuditFilterQuery]])
      .filter(([, value]) => value !== undefined),
  );
}

/** The filter a query asks for; 400 naming `from` or `to` when a bound is not a date, or they cross. */
export function filterOf(query: AuditFilterQuery): AuditFilter {
  const { actor, resource, record, program, action, q } = query;
  const from = instantOf(query.from, 'from');
  const to = instantOf(query.to, 'to');
  if (from && to && from > to) throw problems.validation({ to: 'to must not be before from' });
  return Object.fromEntries(
    Object.entries({ actor, resource, record, program, action, q, from, to }).filter(([, v]) => v !== undefined),
  ) as AuditFilter;
}

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL: the rows of `changes` the filter keeps (and only those older than `before`, a page's keyset). */
export function auditConditions(filter: AuditFilter, before?: bigint): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (before !== undefined) parts.push(sql`seq < ${before.toString()}::bigint`);
  if (filter.actor) parts.push(sql`actor_id = ${filter.actor}`);
  if (filter.resource) parts.push(sql`resource = ${filter.resource}`);
  if (filter.record) parts.push(sql`record_id = ${filter.record}`);
  if (filter.program) parts.push(sql`program_id = ${filter.program}`);
  if (filter.action) parts.push(sql`action = ${filter.action}`);
  if (filter.from) parts.push(sql`at >= ${filter.from}`);
  if (filter.to) parts.push(sql`at <= ${filter.to}`);
  if (filter.q) {
    const like = likeText(filter.q);
    parts.push(
      sql`(actor_email ilike ${like} or resource ilike ${like} or record_id ilike ${like} or action ilike ${like} or fields::text ilike ${like})`,
    );
  }
  return sql.join(parts, sql` and `);
}
