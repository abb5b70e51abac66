/**
 * The organisation's settings: one row (migration 015), read and changed here. The logo's bytes
 * are kept in the row, re-encoded, and answered by address (`settings/logo?v=<n>` on the auth
 * server), the number raised with each new logo so that no cache shows an old one.
 */
import { sql } from 'kysely';
import type { Settings } from '@model/generated';
import type { Db } from '../db/database.ts';

export type SettingsChange = Partial<Pick<Settings, 'organisation_name' | 'default_language' | 'time_zone' | 'map_tiles_url'>>;

/** What the login page shows before anyone signs in. */
export type PublicSettings = Pick<Settings, 'organisation_name' | 'default_language' | 'logo'>;

export const LOGO_PATH = 'settings/logo';

const columns = ['organisation_name', 'default_language', 'time_zone', 'map_tiles_url', 'logo_type', 'logo_version', 'updated_at'] as const;

type Row = {
  organisation_name: string;
  default_language: string;
  time_zone: string;
  map_tiles_url: string | null;
  logo_type: string | null;
  logo_version: number;
  updated_at: Date | null;
};

const toWire = (row: Row): Settings => ({
  organisation_name: row.organisation_name,
  default_language: row.default_language as Settings['default_language'],
  time_zone: row.time_zone,
  map_tiles_url: row.map_tiles_url,
  logo: row.logo_type ? `${LOGO_PATH}?v=${row.logo_version}` : null,
  updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
});

export async function readSettings(db: Db): Promise<Settings> {
  const row = await db.selectFrom('organisation_settings').select(columns).executeTakeFirstOrThrow();
  return toWire(row);
}

export async function readPublicSettings(db: Db): Promise<PublicSettings> {
  const { organisation_name, default_language, logo } = await readSettings(db);
  return { organisation_name, default_language, logo };
}

export async function updateSettings(db: Db, change: SettingsChange, by: string, now: Date): Promise<Settings> {
  const row = await db
    .updateTable('organisation_settings')
    .set({ ...change, updated_by: by, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toWire(row);
}

/** A new logo (or none): its bytes and type, and a new address. */
export async function replaceLogo(db: Db, logo: { content: Buffer; contentType: string } | null, by: string, now: Date): Promise<Settings> {
  const row = await db
    .updateTable('organisation_settings')
    .set((eb) => ({
      logo: logo?.content ?? null,
      logo_type: logo?.contentType ?? null,
      logo_version: eb('logo_version', '+', 1),
      updated_by: by,
      updated_at: now,
    }))
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toWire(row);
}

export async function readLogo(db: Db): Promise<{ content: Buffer; contentType: string } | undefined> {
  const row = await db.selectFrom('organisation_settings').select(['logo', 'logo_type']).executeTakeFirst();
  return row?.logo && row.logo_type ? { content: row.logo, contentType: row.logo_type } : undefined;
}

/** The one settings row's id in the change log (the table's own key is the constant `true`). */
export const SETTINGS_RECORD = 'organisation';

/**
 * The settings as the change log keeps them, the row locked for the rest of the transaction: the
 * logo by type, version and size, never its bytes; who changed them is the change's actor.
 */
export async function settingsLogRow(trx: Db): Promise<Record<string, unknown>> {
  return trx
    .selectFrom('organisation_settings')
    .select([
      'organisation_name',
      'default_language',
      'time_zone',
      'map_tiles_url',
      'logo_type',
      'logo_version',
      sql<number | null>`octet_length(logo)`.as('logo_bytes'),
    ])
    .forUpdate()
    .executeTakeFirstOrThrow();
}
