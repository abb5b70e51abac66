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
import { auditEntry, auditPage } from './audit-store.ts';
import { auditFilterProperties, filterOf, type AuditFilterQuery } from './audit-filter.ts';
import { dropOldChangeMonths, makeChangeMonths } from './change-months.ts';
import { verifyChain } from './hash-chain.ts';

export const AUDIT_FLAG = 'can_get_audit';
const tags = ['Audit log'];
const LIMIT_DEFAULT = 50;
const LIMIT_MAX = 200;
const MAX_SEQ = 2n ** 63n - 1n;

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
  if (query.before === undefined) return { limit };
  const before = BigInt(query.before);
  // Nineteen digits may still pass the largest seq PostgreSQL can hold (a bigint).
  if (before > MAX_SEQ) throw problems.validation({ before: 'before must be the next of a page (a seq), at most 9223372036854775807' });
  return { limit, before };
}

const auditQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { ...auditFilterProperties, ...pageProperties },
} as const;

type AuditQuery = AuditFilterQuery & PageQuery;

const changeSchema = { $ref: 'change' } as const;

const seqOrNull = { type: ['string', 'null'] } as const;
const chainReport = {
  type: 'object',
  additionalProperties: false,
  required: ['ok', 'chaining', 'rows', 'hashed', 'from', 'to', 'last_hash', 'broken_at'],
  properties: {
    ok: { type: 'boolean', description: 'Every hashed row follows from the row before it' },
    chaining: { type: 'boolean', description: 'New rows are chained now (AUDIT_HASH_CHAIN=on)' },
    rows: { type: 'integer', description: 'Rows read' },
    hashed: { type: 'integer', description: 'Rows that carry a hash (those written while the chain was off do not)' },
    from: { ...seqOrNull, description: 'The oldest seq: it anchors the chain (rows before it may have been dropped by retention)' },
    to: { ...seqOrNull, description: 'The newest seq read' },
    last_hash: {
      ...seqOrNull,
      description: "The newest row's hash (hex): kept elsewhere, it proves later that no row was removed from the end",
    },
    broken_at: { ...seqOrNull, description: 'The first row whose hash does not follow' },
  },
} as const;

export const auditPageAnswer = {
  type: 'object',
  properties: { data: { type: 'array', items: changeSchema }, next: { type: ['string', 'null'] } },
  required: ['data', 'next'],
} as const;

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
  listRoute(app, ctx);
  oneRoute(app, ctx);
  verifyRoute(app, ctx);
}

function listRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Querystring: AuditQuery }>(
    '/audit',
    {
      config: {
        permission: needsFlag(AUDIT_FLAG),
        errors: {
          codes: { 400: ['VALIDATION_FAILED'] },
          notes: {
            400: 'A limit outside 1 to 200, a before that is no next of a page, a from or to that is no date, or a to before from (VALIDATION_FAILED naming it)',
          },
        },
      },
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
}

function oneRoute(app: FastifyInstance, ctx: AppContext): void {
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
      const seq = BigInt(request.params.seq);
      const change = seq > MAX_SEQ ? undefined : await auditEntry(ctx.db, seq);
      if (!change) throw problems.notFound('Change');
      return change;
    },
  );
}

function verifyRoute(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/audit/verify',
    {
      config: { permission: needsFlag(AUDIT_FLAG) },
      schema: {
        tags,
        summary:
          'Walk the hash chain (AUDIT_HASH_CHAIN=on) oldest first and name the first row whose hash does not follow from the row before it',
        response: { 200: chainReport },
      },
    },
    async () => verifyChain(ctx.db),
  );
}
