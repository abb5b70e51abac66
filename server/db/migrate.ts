/**
 * Brings the database up to date at start: the generic tables from the schemas, the migrations,
 * then the generic tables' new columns and their comparison with the schemas (a table that no
 * longer matches stops the start, naming the difference).
 */
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database.ts';
import * as core from './migrations/001-core.ts';
import * as userDeletedAt from './migrations/002-user-deleted-at.ts';
import * as deletedUsersRelease from './migrations/003-deleted-users-release.ts';
import * as loginThrottle from './migrations/004-login-throttle.ts';
import * as oneLiveResetLink from './migrations/005-one-live-reset-link.ts';
import * as trimmedNames from './migrations/006-trimmed-names.ts';
import * as roleNameKey from './migrations/007-role-name-key.ts';
import * as noCreateDeletePermissionFlags from './migrations/008-no-create-delete-permission-flags.ts';
import * as deletedUsersReleaseDesignation from './migrations/009-deleted-users-release-designation.ts';
import * as viewLists from './migrations/010-view-lists.ts';
import * as forms from './migrations/011-forms.ts';
import * as programs from './migrations/012-programs.ts';
import * as documents from './migrations/013-documents.ts';
import * as viewListImports from './migrations/014-listview-imports.ts';
import * as documentGeo from './migrations/015-document-geo.ts';
import * as organisationSettings from './migrations/016-organisation-settings.ts';
import * as changes from './migrations/017-changes.ts';
import * as auditExports from './migrations/018-audit-exports.ts';
import * as changeHashChain from './migrations/019-change-hash-chain.ts';
import * as viewListNames from './migrations/020-view-list-names.ts';
import * as syncStore from './migrations/021-sync-store.ts';
import * as syncBuilds from './migrations/022-sync-builds.ts';
import * as syncDocuments from './migrations/023-sync-documents.ts';
import * as syncConflicts from './migrations/024-sync-conflicts.ts';
import * as syncReadShapes from './migrations/025-sync-read-shapes.ts';
import * as rateLimits from './migrations/026-rate-limits.ts';
import * as syncNotify from './migrations/027-sync-notify.ts';
import * as webhookDeliveries from './migrations/028-webhook-deliveries.ts';
import * as userLanguage from './migrations/029-user-language.ts';
import * as documentSeqCounts from './migrations/030-document-seq-counts.ts';
import * as viewListRowPartitions from './migrations/031-view-list-row-partitions.ts';
import { createGenericTables, syncGenericTables } from './generic-tables.ts';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import { assertModelValid } from '@model/resource-map.ts';
import { makeChangeMonths } from '../changes/change-months.ts';
import { applyHashChain } from '../changes/hash-chain.ts';

// Listed here rather than read from a folder, so the bundle/tsx resolution never guesses.
const migrations: Record<string, Migration> = {
  '001-core': core,
  '002-user-deleted-at': userDeletedAt,
  '003-deleted-users-release': deletedUsersRelease,
  '004-login-throttle': loginThrottle,
  '005-one-live-reset-link': oneLiveResetLink,
  '006-trimmed-names': trimmedNames,
  '007-role-name-key': roleNameKey,
  '008-no-create-delete-permission-flags': noCreateDeletePermissionFlags,
  '009-deleted-users-release-designation': deletedUsersReleaseDesignation,
  '010-view-lists': viewLists,
  '011-forms': forms,
  '012-programs': programs,
  '013-documents': documents,
  '014-listview-imports': viewListImports,
  '015-document-geo': documentGeo,
  '016-organisation-settings': organisationSettings,
  '017-changes': changes,
  '018-audit-exports': auditExports,
  '019-change-hash-chain': changeHashChain,
  '020-view-list-names': viewListNames,
  '021-sync-store': syncStore,
  '022-sync-builds': syncBuilds,
  '023-sync-documents': syncDocuments,
  '024-sync-conflicts': syncConflicts,
  '025-sync-read-shapes': syncReadShapes,
  '026-rate-limits': rateLimits,
  '027-sync-notify': syncNotify,
  '028-webhook-deliveries': webhookDeliveries,
  '029-user-language': userLanguage,
  '030-document-seq-counts': documentSeqCounts,
  '031-view-list-row-partitions': viewListRowPartitions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Whether every migration this code knows has run on the database (a newer instance may have run more). */
export async function migrationsDone(db: Db): Promise<boolean> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  const done = new Set(rows.map((r) => r.name));
  return Object.keys(migrations).every((name) => done.has(name));
}

const LOCK_KEY = ADVISORY_LOCKS.startup;

/** Runs `work` while holding the start-up lock: one process at a time migrates and seeds. */
export async function withStartupLock<T>(db: Db, work: () => Promise<T>): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${LOCK_KEY})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${LOCK_KEY})`.execute(conn);
    }
  });
}

/** `hashChain`: switch the change log's hash chain on or off (AUDIT_HASH_CHAIN); left as it is when not given. */
export async function migrate(db: Db, options: { hashChain?: boolean } = {}): Promise<void> {
  // Tables are built from the map and the schemas: never from ones that do not check.
  assertModelValid();
  await withStartupLock(db, async () => {
    // Before the migrations, which may point at generic tables; after them, the comparison, so
    // that a migration written for a schema change runs before its table is compared.
    await createGenericTables(db);
    const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error) throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String((error as Error).message ?? error)}`);
    await syncGenericTables(db);
    // Before any server writes a change: this month's partition, and the next ones.
    await makeChangeMonths(db);
    if (options.hashChain !== undefined) await applyHashChain(db, options.hashChain);
  });
}
