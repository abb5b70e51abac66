/**
 * The change log filled for the demo and the audit benchmark (`npm run demo-data -- --changes N`):
 * N rows such as the app writes — the demo users as actors (with their e-mail and role kept),
 * their resources and actions, a third of them within the demo programs, a few fields each before
 * and after — spread over the last 30 days, oldest first, each record's revisions counting up.
 * Written set-based in batches, each under the change log's order lock as every writer takes it,
 * so `seq` still follows commit order and a running server's readers skip nothing.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { DemoCatalogue } from './demo-setup.ts';

const BATCH = 100_000;
/** Distinct records the rows are about: each gets about N / RECORDS revisions. */
const RECORDS = 20_000;
const RESOURCES = ['user', 'role', 'designation', 'custom-form', 'program', 'goal', 'notification', 'document', 'session'];
const ACTIONS = ['update', 'update', 'update', 'create', 'publish', 'lock', 'unlock', 'sign-in', 'delete'];
const DAY_MS = 24 * 3600 * 1000;

export async function generateDemoChanges(db: Db, catalogue: DemoCatalogue, total: number, now: Date): Promise<number> {
  const actors = [...catalogue.users.values()];
  if (!actors.length || total <= 0) return 0;
  const programIds = catalogue.programs.map((p) => p.id);
  // A stamp per run: each run's records are its own, so their revisions start at 1.
  const run = now.getTime().toString(36);
  const spanMs = 30 * DAY_MS;
  for (let start = 0; start < total; start += BATCH) {
    const end = Math.min(total, start + BATCH);
    await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.changeOrder})`.execute(trx);
      const { rows: last } = await sql<{ seq: string }>`select coalesce(max(seq), 0)::text as seq from changes`.execute(trx);
      await sql`
        with inserted as (
        insert into changes (at, resource, record_id, revision, action, actor_id, actor_email, actor_role, client, address, program_id, fields)
        select ${now}::timestamptz - make_interval(secs => (${spanMs}::float8 * (1 - n::float8 / ${total})) / 1000),
               (${RESOURCES}::text[])[1 + (n % ${RECORDS}) % ${RESOURCES.length}],
               ${`demo-${run}-`} || (n % ${RECORDS}),
               n / ${RECORDS} + 1,
               (${ACTIONS}::text[])[1 + (n / 7) % ${ACTIONS.length}],
               (${actors.map((a) => a.id)}::text[])[1 + n % ${actors.length}],
               (${actors.map((a) => a.email)}::text[])[1 + n % ${actors.length}],
               (${actors.map((a) => a.role)}::text[])[1 + n % ${actors.length}],
               case when n % 5 = 0 then 'mobile' else 'console' end,
               '10.0.' || (n % 250) || '.' || (n % 17),
               case when n % 3 = 0 and ${programIds.length} > 0 then (${programIds}::text[])[1 + n % greatest(${programIds.length}, 1)] end,
               jsonb_build_object('name', jsonb_build_array('Name ' || (n - 1), 'Name ' || n), 'status', jsonb_build_array(n % 2 = 0, n % 2 = 1))
        from generate_series(${start}::bigint, ${end - 1}::bigint) n
        order by n
        returning resource, record_id, revision)
        insert into change_revisions (resource, record_id, revision)
        select resource, record_id, max(revision) from inserted group by resource, record_id
        on conflict (resource, record_id) do update set revision = greatest(change_revisions.revision, excluded.revision)`.execute(trx);
      // The rows name made-up records, which no offline database reads: a follower that had read
      // the whole log has nothing to build from them (following a million would take minutes).
      await sql`update sync_follow set seq = (select max(seq) from changes)
        where name = 'programs' and seq >= ${last[0]!.seq}::bigint`.execute(trx);
    });
  }
  // Fresh statistics: the planner's row estimates for the log change a million rows at a time here.
  await sql`analyze changes`.execute(db);
  return total;
}
