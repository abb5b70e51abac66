/**
 * 018-audit-exports: the exports table also carries exports of the audit log. A document export
 * names a program and a module; an audit export names neither, only the filter of the list it
 * was asked from (`audit_filter`), and follows the same job, progress, expiry and download.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table exports add column if not exists kind text not null default 'documents' check (kind in ('documents', 'audit'))`.execute(
    db,
  );
  await sql`alter table exports add column if not exists audit_filter jsonb`.execute(db);
  await sql`alter table exports alter column program_id drop not null`.execute(db);
  await sql`alter table exports alter column module drop not null`.execute(db);
  await sql`
    alter table exports add constraint exports_kind_fields check (
      (kind = 'documents' and program_id is not null and module is not null and audit_filter is null)
      or (kind = 'audit' and program_id is null and module is null and audit_filter is not null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from exports where kind = 'audit'`.execute(db);
  await sql`alter table exports drop constraint if exists exports_kind_fields`.execute(db);
  await sql`alter table exports alter column module set not null`.execute(db);
  await sql`alter table exports alter column program_id set not null`.execute(db);
  await sql`alter table exports drop column if exists audit_filter`.execute(db);
  await sql`alter table exports drop column if exists kind`.execute(db);
}
