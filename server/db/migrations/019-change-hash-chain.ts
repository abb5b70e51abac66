/**
 * 019-change-hash-chain: tamper evidence for the change log, as an option (AUDIT_HASH_CHAIN=on).
 * Each row may carry `hash = sha256(previous row's hash || canonical row)`, so changing or
 * removing a row in the middle (which only someone past the app's append-only trigger can do)
 * breaks every hash after it; GET /audit/verify walks the chain and names the first broken row.
 *
 * - `change_canonical(...)` is the row as bytes: a JSON array of its columns (jsonb's text form is
 *   canonical; the time as microseconds since the epoch, so no time zone setting changes it).
 * - `changes_chain()` sets the hash before the row is written. It reads the previous row in a
 *   statement of its own (plpgsql takes a fresh snapshot per statement), after the writer took
 *   the change log's order lock: the previous row has committed, so it is the one seen.
 * - The trigger itself is created or dropped at every start, as AUDIT_HASH_CHAIN says
 *   (server/changes/hash-chain.ts); rows written while it is off have no hash.
 *
 * Also: `changes_seq_idx` goes. The primary key (seq, at) leads with seq and serves every read by
 * seq (pages, the chain's previous row), so the second index only cost each write an insert.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists changes_seq_idx`.execute(db);
  await sql`alter table changes add column if not exists hash bytea`.execute(db);
  await sql`
    create or replace function change_canonical(
      seq bigint, at timestamptz, resource text, record_id text, revision integer, action text, actor_id text,
      actor_email text, actor_role text, session_id text, client text, address text, request_id text, program_id text, fields jsonb
    ) returns bytea language sql immutable as $$
      select convert_to(jsonb_build_array(
        seq, (extract(epoch from at) * 1000000)::bigint, resource, record_id, revision, action, actor_id,
        actor_email, actor_role, session_id, client, address, request_id, program_id, fields)::text, 'UTF8')
    $$`.execute(db);
  await sql`
    create or replace function changes_chain() returns trigger language plpgsql as $$
    declare
      previous bytea;
    begin
      select c.hash into previous from changes c order by c.seq desc limit 1;
      new.hash := sha256(coalesce(previous, ''::bytea) || change_canonical(new.seq, new.at, new.resource, new.record_id,
        new.revision, new.action, new.actor_id, new.actor_email, new.actor_role, new.session_id, new.client, new.address,
        new.request_id, new.program_id, new.fields));
      return new;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists changes_hash_chain on changes`.execute(db);
  await sql`drop function if exists changes_chain()`.execute(db);
  await sql`drop function if exists change_canonical(bigint, timestamptz, text, text, integer, text, text, text, text, text, text, text, text, text, jsonb)`.execute(
    db,
  );
  await sql`alter table changes drop column if exists hash`.execute(db);
  await sql`create index if not exists changes_seq_idx on changes (seq)`.execute(db);
}
