/**
 * Webhooks are a generic resource (schemas/webhook.schema.json, its map entry and the Webhooks
 * flags); this override adds what plain CRUD does not:
 * - a URL is refused when it points at this machine or its link (webhook-address.ts), and a
 *   new webhook needs a secret; an edit that sends none keeps the one it has;
 * - the secret is never answered;
 * - deleting a webhook deletes its deliveries and its place in the change log;
 * - POST /webhook/{id}/test sends a `ping` now and answers what came back (not logged);
 * - GET /webhook/{id}/deliveries lists its newest deliveries, each with its attempts;
 * - POST /webhook/delivery/{id}/resend sends a delivery again.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Row } from '../crud/crud-store.ts';
import type { ResourceOverride } from '../crud/overrides.ts';
import type { WriteEvent } from '../crud/crud-plugin.ts';
import { mapFlag } from '../crud/crud-plugin.ts';
import { GenericStore } from '../crud/generic-store.ts';
import { idParams } from '../http/body-schemas.ts';
import { problems } from '../http/errors.ts';
import { needsFlag } from '../http/permissions.ts';
import { notAudited } from '../changes/audit-declaration.ts';
import { routeKit } from '../http/route-kit.ts';
import { hostOf, refusedAddressOf } from './webhook-address.ts';
import { defineWebhookJobs, forgetWebhook, sendAgain } from './webhook-deliveries.ts';
import { deliveriesOf, DELIVERY_LIST } from './webhook-log.ts';
import { postEvent } from './webhook-post.ts';

const RESOURCE = 'webhook';

/** Why this URL may not be a webhook's, if it may not (a host that is not found is refused too: nothing could be sent). */
async function urlProblem(url: string, allowPrivate: boolean): Promise<string | undefined> {
  let host: string;
  try {
    host = hostOf(new URL(url));
  } catch {
    return 'URL must start with http:// or https:// and name a host';
  }
  try {
    const refused = await refusedAddressOf(host);
    if (refused && !allowPrivate)
      return `URL points at ${refused}, an address of this server or its link: webhooks may not call it (WEBHOOK_ALLOW_PRIVATE=on allows it)`;
  } catch {
    return `URL's host ${host} cannot be found`;
  }
  return undefined;
}

async function checkWrite({ action, body, request }: WriteEvent): Promise<Row | void> {
  const ctx = request.server.appContext;
  const next: Row = { ...body };
  if (typeof next.url === 'string') {
    const problem = await urlProblem(next.url, ctx.config.webhooks.allowPrivate);
    if (problem) throw problems.validation({ url: problem });
  }
  if (action === 'create' && typeof next.secret !== 'string') throw problems.validation({ secret: 'Secret is required' });
  return next;
}

function withoutSecret(record: Row): Row {
  const { secret: _secret, ...shown } = record;
  return shown;
}

type Kit = ReturnType<typeof webhookKit>;

function webhookKit(ctx: AppContext) {
  const { base, tags } = routeKit(ctx, RESOURCE);
  return {
    ctx,
    base,
    tags,
    store: new GenericStore(RESOURCE),
    manage: needsFlag(mapFlag(RESOURCE, 'edit')),
    read: needsFlag(mapFlag(RESOURCE, 'show')),
  };
}

async function webhookRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The feed from the change log and the deliveries run beside the api server's other jobs.
  defineWebhookJobs(ctx);
  const kit = webhookKit(ctx);
  testRoute(app, kit);
  deliveriesRoute(app, kit);
  resendRoute(app, kit);
}

const TEST_ANSWER = {
  type: 'object',
  required: ['ok', 'answer', 'ms'],
  properties: { ok: { type: 'boolean' }, status: { type: 'integer' }, answer: { type: 'string' }, ms: { type: 'integer' } },
} as const;

function testRoute(app: FastifyInstance, { ctx, base, tags, store, manage }: Kit): void {
  app.post<{ Params: { id: string } }>(
    `${base}/:id/test`,
    {
      config: { permission: manage, audit: notAudited('a test sends a ping and changes nothing') },
      schema: {
        tags,
        summary: 'Send the webhook a `ping` event now, signed as every event is, and answer what came back',
        params: idParams,
        response: { 200: TEST_ANSWER },
      },
    },
    async (request) => {
      const webhook = await store.get(ctx.db, request.params.id);
      const secret = await secretOf(ctx, request.params.id);
      const body = JSON.stringify({
        event: 'ping',
        at: ctx.config.clock.now().toISOString(),
        webhook: { id: webhook._id, name: webhook.name },
      });
      return postEvent({
        url: String(webhook.url),
        secret,
        event: 'ping',
        deliveryId: 'ping',
        body,
        allowPrivate: ctx.config.webhooks.allowPrivate,
      });
    },
  );
}

function deliveriesRoute(app: FastifyInstance, { ctx, base, tags, store, read }: Kit): void {
  app.get<{ Params: { id: string } }>(
    `${base}/:id/deliveries`,
    {
      config: { permission: read },
      schema: {
        tags,
        summary: "The webhook's 50 newest deliveries, newest first, each with its attempts",
        params: idParams,
        response: { 200: DELIVERY_LIST },
      },
    },
    async (request) => {
      await store.get(ctx.db, request.params.id);
      return deliveriesOf(ctx.db, request.params.id);
    },
  );
}

function resendRoute(app: FastifyInstance, { ctx, base, tags, manage }: Kit): void {
  app.post<{ Params: { id: string } }>(
    `${base}/delivery/:id/resend`,
    {
      config: {
        permission: manage,
        audit: notAudited('a delivery sent again changes no record; its attempts are in the delivery log'),
        errors: { codes: { 409: ['ALREADY_PENDING'] }, notes: { 409: 'ALREADY_PENDING: the delivery is still waiting to be sent' } },
      },
      schema: {
        tags,
        summary: 'Send a delivery (delivered or failed) once more, after any earlier pending event of its record',
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } },
        response: { 204: { type: 'null' } },
      },
    },
    async (request, reply) => {
      const outcome = await sendAgain(ctx, request.params.id);
      if (outcome === 'missing') throw problems.notFound('Delivery');
      if (outcome === 'pending') throw problems.alreadyPending();
      return reply.status(204).send();
    },
  );
}

async function secretOf(ctx: AppContext, id: string): Promise<string> {
  const row = await ctx.db
    .withTables<{ webhook: { id: string; secret: string } }>()
    .selectFrom('webhook')
    .select('secret')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw problems.notFound('Webhook');
  return row.secret;
}

export const webhookOverride: ResourceOverride = {
  routes: webhookRoutes,
  hooks: {
    beforeWrite: async (event) => {
      if (event.action === 'delete') {
        await forgetWebhook(event.trx, event.id!);
        return;
      }
      return checkWrite(event);
    },
    afterRead: (record: Row, _request: FastifyRequest) => withoutSecret(record),
  },
};
