/**
 * 014-listview-imports: the progress of view-list imports, which run in a worker thread while the
 * upload's request waits. The console polls an import by the id it sent with the file; only the
 * user who started it sees it. `heartbeat_at` moves while the import's process is alive, so an
 * import whose process died (and the file it stored) is cleared by a sweep from any process.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists listview_imports (
      id text primary key,
      user_id text not null references users (id) on delete cascade,
      listview_id text,
      status text not null check (status in ('queued', 'reading', 'done', 'failed')),
      rows_read integer not null default 0,
      fraction real not null default 0,
      message text,
      file_path text,
      started_at timestamptz not null,
      heartbeat_at timestamptz not null,
      finished_at timestamptz
    )`.execute(db);
  await sql`create index if not exists listview_imports_live on listview_imports (heartbeat_at) where status in ('queued', 'reading')`.execute(
    db,
  );
  await sql`create index if not exists listview_imports_finished on listview_imports (finished_at) where finished_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists listview_imports`.execute(db);
}
