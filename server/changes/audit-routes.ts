/**
 * The audit log on the api server, under `can_get_audit`: every recorded change, newest first,
 * filtered by who, what, which record and program, when, and a search; paged by keyset (`before`
 * the last `seq` of a page, as the answer's `next` says), so the millionth row costs what the first
 * does. Offsets (`range`) would read and skip every row before the page.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { needsFlag } from '../http/permissions.ts';
import { problems } from '../http/errors.ts';
import { auditEntry, auditPage, type AuditFilter } from './audit-store.ts';
import { dropOldChangeMonths, makeChangeMonths } from './change-months.ts';

export const AUDIT_FLAG = 'can_get_audit';
const tags = ['Audit log'];
const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 200;

const text = (description: string) => ({ type: 'string', minLength: 1, maxLength: 200, description }) as const;
const instant = (description: string) =>
  ({ type: 'string', maxLength: 40, description: `${description}: a date (YYYY-MM-DD) or an ISO date and time` }) as const;

/** One page: how many, and where the page before ended. */
const pageProperties = {
  before: { type: 'string', pattern: '^[0-9]{1,19}$', description: 'The next page: the `next` of the page before' },
  limit: { type: 'string', pattern: '^[0-9]{1,3}$', description: `Changes per page: 1 to ${LIMIT_MAX}, ${LIMIT_DEFAULT} when not given` },
} as const;

export const pageParams = { type: 'object', additionalProperties: false, properties: pageProperties } as const;
export type PageQuery = { before?: string; limit?: string };

/** The page a query asks for; 400 naming `limit` when it is out of bounds. */
export function pageOf(query: PageQuery): { limit: number; before?: bigint } {
  const limit = query.limit === undefined ? LIMIT_DEFAULT : Number(query.limit);
  if (limit < 1 || limit > LIMIT_MAX) throw problems.validation({ limit: `limit must be between 1 and ${LIMIT_MAX}` });
  return { limit, ...(query.before === undefined ? {} : { before: BigInt(query.before) }) };
}

const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    actor: text('Only changes made by this user (their id)'),
    resource: text('Only changes of this resource (role, program, document…)'),
    record: text('Only changes of this record (its id)'),
    program: text('Only changes within this program (its id)'),
    action: text('Only this action (create, update, delete, publish…)'),
    from: instant('Changes made at or after'),
    to: instant('Changes made at or before (a date alone means the whole day)'),
    q: text("Search in the actor's e-mail, the resource, the record id and the action"),
    ...pageProperties,
  },
} as const;

type AuditQuery = { [K in keyof typeof auditQuery.properties]?: string };

const changeSchema = {
  type: 'object',
  properties: {
    seq: { type: 'string', description: 'Its place in the log (global, increasing in commit order)' },
    at: { type: 'string', format: 'date-time' },
    resource: { type: 'string' },
    record_id: { type: ['string', 'null'] },
    revision: { type: ['integer', 'null'], description: "The record's own count of changes" },
    action: { type: 'string' },
    actor_id: { type: ['string', 'null'] },
    actor_email: { type: ['string', 'null'], description: 'As it was when the change was made' },
    actor_role: { type: ['string', 'null'], description: "The role's slug as it was when the change was made" },
    session_id: { type: ['string', 'null'] },
    client: { type: ['string', 'null'], enum: ['console', 'mobile', null] },
    address: { type: ['string', 'null'] },
    request_id: { type: ['string', 'null'] },
    program_id: { type: ['string', 'null'] },
    fields: {
      type: 'object',
      description: 'Each changed field: [before, after]; secrets show only "[redacted]"',
      additionalProperties: { type: 'array', minItems: 2, maxItems: 2 },
    },
  },
  required: ['seq', 'at', 'resource', 'action', 'fields'],
} as const;

export const auditPageAnswer = {
  type: 'object',
  properties: { data: { type: 'array', items: changeSchema }, next: { type: ['string', 'null'] } },
  required: ['data', 'next'],
} as const;

/** A date alone is the start of that day (UTC), or its end for an upper bound. */
function instantOf(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const at = new Date(dateOnly ? `${value}T${field === 'to' ? '23:59:59.999' : '00:00:00.000'}Z` : value);
  if (Number.isNaN(at.getTime())) throw problems.validation({ [field]: `${field} must be a date (YYYY-MM-DD) or an ISO date and time` });
  return at;
}

function filterOf(query: AuditQuery): AuditFilter {
  const { actor, resource, record, program, action, q } = query;
  const from = instantOf(query.from, 'from');
  const to = instantOf(query.to, 'to');
  if (from && to && from > to) throw problems.validation({ to: 'to must not be before from' });
  return Object.fromEntries(
    Object.entries({ actor, resource, record, program, action, q, from, to }).filter(([, v]) => v !== undefined),
  ) as AuditFilter;
}

export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  // The months ahead are made at every start too; this keeps them coming on a server that runs for months.
  ctx.jobs.every({
    name: 'change-months',
    everySeconds: 6 * 3600,
    run: async () => {
      await makeChangeMonths(ctx.db);
      await dropOldChangeMonths(ctx.db, ctx.config.auditRetentionDays);
    },
  });

  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    {
      config: { permission: needsFlag(AUDIT_FLAG) },
      schema: {
        tags,
        summary: 'The changes anyone made, newest first, filtered; one page at a time (`before` the `next` of the page before)',
        querystring: auditQuery,
        response: { 200: auditPageAnswer },
      },
    },
    async (request) => {
      const { limit, before } = pageOf(request.query);
      return auditPage(ctx.db, filterOf(request.query), limit, before);
    },
  );

  app.get<{ Params: { seq: string } }>(
    '/audit/:seq',
    {
      config: { permission: needsFlag(AUDIT_FLAG) },
      schema: {
        tags,
        summary: 'One change, with the before and after of every field it changed',
        params: {
          type: 'object',
          properties: { seq: { type: 'string', pattern: '^[0-9]{1,19}$', description: "The change's seq" } },
          required: ['seq'],
        },
        response: { 200: changeSchema },
      },
    },
    async (request) => {
      const change = await auditEntry(ctx.db, BigInt(request.params.seq));
      if (!change) throw problems.notFound('Change');
      return change;
    },
  );
}
