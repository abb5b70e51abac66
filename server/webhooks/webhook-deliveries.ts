/**
 * Webhook deliveries, from the change log to the receiver.
 *
 * Feed: each webhook reads the change log after its cursor (`webhook_cursors`, started at the
 * webhook's own creation) and turns each change it asks for into a delivery row. The change log
 * commits in `seq` order (change-log.ts), so a cursor never passes a change that shows up later.
 * A paused webhook keeps reading: its deliveries wait, and go out in order when it is active again.
 *
 * Kick: a delivery that is due, whose webhook is active, and that has no earlier delivery of the
 * same record still pending (each record's events arrive in order) is claimed (a fresh `claim`,
 * and a lease on `next_attempt_at`) and a pg-boss job is sent for it.
 *
 * Deliver: the job's claim must still be the delivery's; the POST is logged in
 * `webhook_attempts`; a 2xx answer ends the delivery, anything else sets the next attempt after
 * a pause that doubles each time (30 s, 1 min, 2 min… at most an hour) until MAX_ATTEMPTS, when
 * it is marked failed (the console can send it again). A process that dies mid-delivery leaves
 * the claim to lapse with its lease, and the next kick sends it again.
 */
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { askedFor, eventOf, type ChangeRow as EventSource, type WebhookEvent } from './webhook-events.ts';
import { postEvent, type PostOutcome } from './webhook-post.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';
export const WEBHOOK_TASK = 'webhook-feed';
export const MAX_ATTEMPTS = 12;
const MAX_PAUSE_MS = 3600_000;
/** Changes read at a time; a feed reads on until it has caught up. */
const FEED_BATCH = 500;
/** Deliveries claimed by one kick. */
const KICK_BATCH = 100;
/** How long a claimed delivery is left to its job before another kick may send it again (well above a POST's 10 s). */
const LEASE_SECONDS = 120;
const FEED_EVERY_SECONDS = 2;

/** A change-log row as the feed reads it: what names its event, and what the payload carries. */
interface ChangeRow extends EventSource {
  seq: number;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  program_id: string | null;
  fields: unknown;
}

export const pauseBefore = (attempt: number, firstMs: number) => Math.min(firstMs * 2 ** (attempt - 1), MAX_PAUSE_MS);

export function defineWebhookJobs(ctx: AppContext): void {
  ctx.jobs.define<{ deliveryId: string; claim: string }>({
    name: WEBHOOK_QUEUE,
    concurrency: 4,
    // A delivery's retries are its own (next_attempt_at); a job that fails is sent again by the next kick.
    retryLimit: 0,
    expireInSeconds: 60,
    handle: (data) => deliver(ctx, data.deliveryId, data.claim),
  });
  ctx.jobs.every({ name: WEBHOOK_TASK, everySeconds: FEED_EVERY_SECONDS, run: () => feedAndKick(ctx) });
}

export async function feedAndKick(ctx: AppContext): Promise<void> {
  await startCursors(ctx.db);
  const webhooks = await sql<{ id: string }>`select webhook_id as id from webhook_cursors`.execute(ctx.db);
  for (const { id } of webhooks.rows) await feed(ctx.db, id);
  await kick(ctx);
}

/** A new webhook reads the changes after its own creation. */
async function startCursors(db: Db): Promise<void> {
  await sql`
    insert into webhook_cursors (webhook_id, after_seq)
    select w.id, coalesce(
      (select min(c.seq) from changes c where c.resource = 'webhook' and c.record_id = w.id),
      (select coalesce(max(seq), 0) from changes))
    from webhook w
    where not exists (select 1 from webhook_cursors k where k.webhook_id = w.id)
    on conflict do nothing`.execute(db);
}

/** Reads one webhook's changes up to the newest, making its deliveries; one instance at a time per webhook. */
async function feed(db: Db, webhookId: string): Promise<void> {
  let more = true;
  while (more) {
    more = await db.transaction().execute(async (trx) => {
      const cursor = await sql<{ after_seq: number; events: Record<string, boolean> | null }>`
        select k.after_seq, w.events from webhook_cursors k join webhook w on w.id = k.webhook_id
        where k.webhook_id = ${webhookId} for update of k skip locked`.execute(trx);
      const found = cursor.rows[0];
      if (!found) return false;
      // Every change up to the newest seen now is already visible (the log commits in order).
      const newest = await sql<{ seq: number | null }>`select max(seq) as seq from changes`.execute(trx);
      const upTo = Number(newest.rows[0]?.seq ?? 0);
      if (upTo <= found.after_seq) return false;
      const asked = askedFor(found.events as never);
      const subjects = [...new Set(asked.map((event) => RESOURCE_OF[event.split('.')[0]!]))];
      const changes = await sql<ChangeRow>`
        select seq, at, resource, record_id, revision, action, actor_id, actor_email, program_id, fields from changes
        where seq > ${found.after_seq} and seq <= ${upTo} and resource = any(${subjects}::text[])
          -- A refused attempt (refusal-log.ts) names a record but changed nothing: no event.
          and revision is not null
        order by seq limit ${FEED_BATCH}`.execute(trx);
      const full = changes.rows.length === FEED_BATCH;
      const reached = full ? Number(changes.rows[changes.rows.length - 1]!.seq) : upTo;
      const deliveries = changes.rows.flatMap((change) => {
        const event = eventOf(change);
        return event && asked.includes(event) ? [deliveryOf(webhookId, event, change)] : [];
      });
      if (deliveries.length) {
        await sql`
          insert into webhook_deliveries (webhook_id, seq, event, record_key, payload)
          select * from unnest(${deliveries.map((d) => d.webhook_id)}::text[], ${deliveries.map((d) => d.seq)}::bigint[],
            ${deliveries.map((d) => d.event)}::text[], ${deliveries.map((d) => d.record_key)}::text[], ${deliveries.map((d) => d.payload)}::jsonb[])
          on conflict (webhook_id, seq) do nothing`.execute(trx);
      }
      await sql`update webhook_cursors set after_seq = ${reached} where webhook_id = ${webhookId}`.execute(trx);
      return full;
    });
  }
}

/** The change log's resource of each event subject (the reverse of webhook-events.ts's names). */
const RESOURCE_OF: Record<string, string> = { document: 'document', form: 'custom-form', program: 'program', user: 'user' };

function deliveryOf(webhookId: string, event: WebhookEvent, change: ChangeRow) {
  const payload = {
    event,
    seq: Number(change.seq),
    at: new Date(change.at).toISOString(),
    resource: event.split('.')[0],
    record_id: change.record_id,
    revision: change.revision,
    program_id: change.program_id,
    actor: change.actor_id ? { id: change.actor_id, email: change.actor_email } : null,
    changes: change.fields,
  };
  return {
    webhook_id: webhookId,
    seq: Number(change.seq),
    event,
    record_key: `${change.resource}:${change.record_id}`,
    payload: JSON.stringify(payload),
  };
}

/** Claims the deliveries that may go now and sends a job for each. */
export async function kick(ctx: AppContext): Promise<void> {
  const claimed = await sql<{ id: string; claim: string }>`
    update webhook_deliveries d set claim = gen_random_uuid(), next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS})
    where d.id in (
      select d2.id from webhook_deliveries d2 join webhook w on w.id = d2.webhook_id and w.status
      where d2.status = 'pending' and d2.next_attempt_at <= now()
        and not exists (
          select 1 from webhook_deliveries e
          where e.webhook_id = d2.webhook_id and e.record_key = d2.record_key and e.status = 'pending' and e.seq < d2.seq)
      order by d2.seq limit ${KICK_BATCH}
      for update of d2 skip locked)
    returning d.id, d.claim`.execute(ctx.db);
  for (const { id, claim } of claimed.rows) await ctx.jobs.send(WEBHOOK_QUEUE, { deliveryId: id, claim });
}

interface Claimed {
  id: string;
  attempts: number;
  event: string;
  payload: Record<string, unknown>;
  url: string;
  secret: string;
}

async function deliver(ctx: AppContext, deliveryId: string, claim: string): Promise<void> {
  const { db, config } = ctx;
  // Still this job's (no later kick took it over), and its lease runs from now.
  const found = await sql<Claimed>`
    update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = d.attempts + 1
    from webhook w
    where d.id = ${deliveryId} and d.claim = ${claim} and d.status = 'pending' and w.id = d.webhook_id and w.status
    returning d.id, d.attempts, d.event, d.payload, w.url, w.secret`.execute(db);
  const delivery = found.rows[0];
  if (!delivery) {
    // Paused since it was claimed: let it go at once when the webhook is active again.
    await sql`update webhook_deliveries set claim = null, next_attempt_at = now() where id = ${deliveryId} and claim = ${claim}`.execute(
      db,
    );
    return;
  }
  const body = JSON.stringify({ id: delivery.id, ...delivery.payload });
  const outcome = await postEvent({
    url: delivery.url,
    secret: delivery.secret,
    event: delivery.event,
    deliveryId: delivery.id,
    body,
    allowPrivate: config.webhooks.allowPrivate,
  });
  await recordAttempt(db, delivery, claim, outcome, config.webhooks.retryFirstMs);
  // The record's next event may go now; a refused one is tried again after its pause.
  if (outcome.ok || delivery.attempts >= MAX_ATTEMPTS) await kick(ctx);
  else setTimeout(() => void kick(ctx).catch(() => undefined), pauseBefore(delivery.attempts, config.webhooks.retryFirstMs) + 50).unref();
}

async function recordAttempt(db: Db, delivery: Claimed, claim: string, outcome: PostOutcome, retryFirstMs: number): Promise<void> {
  const status = outcome.ok ? 'delivered' : delivery.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
  const pauseMs = pauseBefore(delivery.attempts, retryFirstMs);
  await db.transaction().execute(async (trx) => {
    // Not when the webhook (and so the delivery) was deleted while the POST was out.
    await sql`
      insert into webhook_attempts (delivery_id, attempt, status, answer, ms)
      select ${delivery.id}, ${delivery.attempts}, ${outcome.status ?? null}, ${outcome.answer}, ${outcome.ms}
      where exists (select 1 from webhook_deliveries where id = ${delivery.id} and claim = ${claim})
      on conflict do nothing`.execute(trx);
    await sql`
      update webhook_deliveries set status = ${status}, claim = null, last_status = ${outcome.status ?? null},
        last_answer = ${outcome.answer}, delivered_at = ${outcome.ok ? sql`now()` : null},
        next_attempt_at = now() + make_interval(secs => ${pauseMs / 1000})
      where id = ${delivery.id} and claim = ${claim}`.execute(trx);
  });
}

/** "Send again": a delivery (delivered or failed) goes out once more, as soon as its record's earlier ones are done. */
export async function sendAgain(ctx: AppContext, deliveryId: string): Promise<'sent' | 'pending' | 'missing'> {
  const found = await sql<{ status: string }>`select status from webhook_deliveries where id = ${deliveryId}`.execute(ctx.db);
  const status = found.rows[0]?.status;
  if (!status) return 'missing';
  const updated = await sql`
    update webhook_deliveries set status = 'pending', claim = null, next_attempt_at = now(), delivered_at = null
    where id = ${deliveryId} and status <> 'pending'`.execute(ctx.db);
  if (!Number(updated.numAffectedRows ?? 0)) return 'pending';
  await kick(ctx);
  return 'sent';
}

/**
 * A webhook's deliveries and cursor go with it, in the transaction that deletes it. The cursor
 * first: that waits for a feed of this webhook under way, whose deliveries the next statement
 * then sees and deletes too.
 */
export async function forgetWebhook(trx: Db, webhookId: string): Promise<void> {
  await sql`delete from webhook_cursors where webhook_id = ${webhookId}`.execute(trx);
  await sql`delete from webhook_deliveries where webhook_id = ${webhookId}`.execute(trx);
}
