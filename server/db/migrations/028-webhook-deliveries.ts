/**
 * 028-webhook-deliveries: what the webhooks (a generic resource: its table comes from its
 * schema) have been sent. The change log is their outbox: `webhook_cursors` says how far each
 * webhook has read it, and each change it asks for becomes one `webhook_deliveries` row (one
 * per webhook and `seq`, so reading the same changes twice adds nothing). A delivery is sent
 * only after every earlier delivery of the same record to the same webhook is done, which keeps
 * each record's events in order. `webhook_attempts` is the log of every POST: when, what came
 * back, how long it took.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists webhook_cursors (
      webhook_id text primary key,
      after_seq bigint not null
    )`.execute(db);
  await sql`
    create table if not exists webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      webhook_id text not null,
      seq bigint not null,
      event text not null,
      record_key text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      -- Set when a job is sent for the delivery; a job whose claim is no longer there does nothing.
      claim uuid,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      last_status integer,
      last_answer text,
      delivered_at timestamptz,
      created_at timestamptz not null default now(),
      unique (webhook_id, seq)
    )`.execute(db);
  // A record's earlier deliveries still to send, and a webhook's log newest first.
  await sql`create index if not exists webhook_deliveries_chain on webhook_deliveries (webhook_id, record_key, seq) where status = 'pending'`.execute(
    db,
  );
  await sql`create index if not exists webhook_deliveries_log on webhook_deliveries (webhook_id, seq desc)`.execute(db);
  await sql`create index if not exists webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`
    create table if not exists webhook_attempts (
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      attempt integer not null,
      at timestamptz not null default now(),
      status integer,
      answer text not null,
      ms integer not null,
      primary key (delivery_id, attempt)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists webhook_attempts`.execute(db);
  await sql`drop table if exists webhook_deliveries`.execute(db);
  await sql`drop table if exists webhook_cursors`.execute(db);
}
