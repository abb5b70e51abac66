/** The Kysely handle and the row types of the hand-written tables. */
import { Kysely, PostgresDialect, type Generated, type GeneratedAlways, type ColumnType } from 'kysely';
import pg from 'pg';
import { PreparingClient, rememberPool } from './prepared.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface RoleTable {
  id: string;
  role: string;
  /** roleNameKey(role): unique, so lookalike names cannot coexist. */
  name_key: string;
  role_slug: string;
  status: Generated<boolean>;
  permission: Json<Record<string, boolean>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserTable {
  id: string;
  employeeId: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  /** Null only for deleted users whose designation was deleted afterwards. */
  designation_id: string | null;
  /** Null only for deleted users whose role was deleted afterwards. */
  role_id: string | null;
  photo: string | null;
  status: Generated<boolean>;
  password_hash: string;
  deleted_at: Timestamp | null;
  /** The account the first start created (migration 012): kept out of the program head picker. */
  builtin: Generated<boolean>;
  /** The console's language the user chose (migration 029); null until they choose. */
  language: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionTable {
  id: string;
  user_id: string;
  keep_login: boolean;
  user_agent: string | null;
  created_at: Timestamp;
  refresh_until: Timestamp;
  revoked_at: Timestamp | null;
  /** Which client opened it: the console, or the mobile app (migration 013). */
  client: Generated<'console' | 'mobile'>;
}

export interface PasswordResetTable {
  id: string;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** Failures of one client address on one account (the e-mail as typed, known or not). */
export interface LoginFailureTable {
  email: string;
  address: string;
  failures: Generated<number>;
  last_failure_at: Timestamp | null;
  /** Password checks reserved and not yet answered (parallel guesses cannot exceed the limit). */
  in_flight: Generated<number>;
  in_flight_at: Timestamp | null;
}

/** Failures on one account from every address, and when its owner was last told. */
export interface LoginAccountFailureTable {
  email: string;
  failures: number;
  last_failure_at: Timestamp;
  notified_at: Timestamp | null;
  /** The failure count the last notice was sent at: tells the one failure that sends it. */
  notified_at_failures: number | null;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

/**
 * Designations live in a generic table (made from schemas/designation.schema.json, like
 * every schema-driven resource), listed here because users point at it and user queries join it.
 */
export interface DesignationTable {
  id: string;
  name: string;
  status: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Lists of ids (jsonb arrays: attach and detach are single statements, migration 012). */
type IdList = Generated<string[]>;

export interface ProgramTable {
  id: string;
  name: string;
  name_slug: string;
  description: Generated<string>;
  photo: string | null;
  status: Generated<boolean>;
  program_head: IdList;
  teams: IdList;
  no_of_days_for_edit_program: Generated<number>;
  document_visible: Generated<'ALL' | 'OWN'>;
  lock_program: Generated<0 | 1>;
  beneficiary_types: IdList;
  location_types: IdList;
  event_types: IdList;
  survey_types: IdList;
  case_types: IdList;
  permission_files: IdList;
  active_module: Generated<Record<'beneficiaries' | 'locations' | 'events' | 'cases' | 'surveys' | 'permission', boolean>>;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface GoalTable {
  id: string;
  program_id: string;
  document_type: 'BENEFICIARY' | 'LOCATION' | 'EVENT' | 'SURVEY' | 'CASE';
  goal_type: string;
  target: number;
  is_pinned: Generated<boolean>;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface NotificationTable {
  id: string;
  program_id: string;
  title: string;
  body: string;
  created_by: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface NotificationReadTable {
  notification_id: string;
  user_id: string;
  read_at: Generated<Timestamp>;
}

export interface DocumentTable {
  id: string;
  /** The keyset key of every document list: unique, increasing, never reused. */
  seq: GeneratedAlways<number>;
  local_id: string;
  program_id: string;
  module: 'beneficiaries' | 'locations' | 'events' | 'cases' | 'surveys';
  type_id: string;
  form_revision_id: string;
  /** The answers, keyed by field_name. */
  form_data: Record<string, unknown>;
  created_by: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  processed_at: Timestamp | null;
  processed_by: string | null;
  /** The first geo-location answer's place, set by a trigger (migration 015); null without one. */
  geo_lat: Generated<number | null>;
  geo_lng: Generated<number | null>;
}

export interface DocumentAttachmentTable {
  /** "<uuid>.<ext>": what the answer holds, and the file's name under uploads/documents/. */
  name: string;
  document_id: string | null;
  uploaded_by: string;
  content_type: string;
  size: number;
  created_at: Generated<Timestamp>;
}

export interface DocumentCountTable {
  program_id: string;
  module: string;
  type_id: string;
  created_by: string;
  n: number;
}

export interface DocumentDayTable {
  day: string;
  program_id: string;
  created_by: string;
  n: number;
}

export interface DocumentSeqCountTable {
  program_id: string;
  module: string;
  type_id: string;
  /** seq >> STRETCH_BITS (document-counters.ts): its stretch of seq numbers. */
  stretch: string;
  n: number;
}

export type ExportStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';

export interface ExportTable {
  id: string;
  requested_by: string;
  /** The requester's sight of the program's documents when they asked: all, or their own. */
  scope: 'all' | 'own';
  /** A document export's; an audit export names no program or module (its `audit_filter` instead). */
  kind: Generated<'documents' | 'audit'>;
  program_id: string | null;
  module: string | null;
  audit_filter: Json<Record<string, string>> | null;
  type_id: string | null;
  /** Set for a one-document export. */
  document_id: string | null;
  status: Generated<ExportStatus>;
  rows_total: Generated<number>;
  rows_done: Generated<number>;
  file_name: string | null;
  file_size: number | null;
  error: string | null;
  created_at: Generated<Timestamp>;
  started_at: Timestamp | null;
  heartbeat_at: Timestamp | null;
  finished_at: Timestamp | null;
  expires_at: Timestamp | null;
}

/** The one row of what an organisation sets once (migration 015). */
export interface OrganisationSettingsTable {
  id: Generated<boolean>;
  organisation_name: Generated<string>;
  default_language: Generated<string>;
  time_zone: Generated<string>;
  map_tiles_url: string | null;
  logo: Buffer | null;
  logo_type: string | null;
  /** Raised at each new logo, so its address changes and no cache shows the old one. */
  logo_version: Generated<number>;
  updated_by: string | null;
  updated_at: Timestamp | null;
}

export interface Database {
  roles: RoleTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  login_failures: LoginFailureTable;
  login_account_failures: LoginAccountFailureTable;
  app_secrets: AppSecretTable;
  designation: DesignationTable;
  programs: ProgramTable;
  goals: GoalTable;
  notifications: NotificationTable;
  notification_reads: NotificationReadTable;
  documents: DocumentTable;
  document_attachments: DocumentAttachmentTable;
  document_counts: DocumentCountTable;
  document_days: DocumentDayTable;
  document_seq_counts: DocumentSeqCountTable;
  exports: ExportTable;
  organisation_settings: OrganisationSettingsTable;
}

export type Db = Kysely<Database>;

/**
 * The generic (schema-driven) tables by name: which exist, and their columns, are known only at
 * run time (the resource map and the schemas), so a value read from one is `unknown` until narrowed.
 */
export type GenericTables = Record<string, Record<string, unknown>>;
export type GenericDatabase = Database & GenericTables;
export type GenericDb = Kysely<GenericDatabase>;

/** The same connection or transaction (Kysely's withTables), typed to name a generic table too. */
export const withGenericTables = (db: Db): GenericDb => db.withTables<GenericTables>();

/**
 * bigint (int8) read as a number, not pg's default string: integer properties are bigint columns
 * and must answer as JSON numbers, and writes keep them within Number.MAX_SAFE_INTEGER, so the
 * number is exact. Counts (`count(*)` is bigint) come back as numbers too.
 */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** `poolSize`: connections kept at most (DATABASE_POOL_SIZE for the servers; docs/several-machines.md adds up the budget). */
export function createDb(connectionString: string, poolSize = 10): Db {
  const pool = new pg.Pool({ connectionString, max: poolSize, Client: PreparingClient, types });
  // An idle connection dropped by the server (restart, shutdown) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (err) => {
    // 57P01: the server is shutting down (e.g. embedded PostgreSQL stopping with us on Ctrl-C).
    if ((err as { code?: string }).code !== '57P01') console.warn(`[db] idle connection lost: ${err.message}`);
  });
  // A connection in use can be dropped too (a restart; an export whose reader stalled past its
  // limit): the query in flight fails and the pool discards the connection, but the client's own
  // 'error' event has no listener then, and an unheard 'error' would end the process.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01') console.warn(`[db] connection lost: ${err.message}`);
    });
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  rememberPool(db, pool);
  return db;
}

/** Creates the database named in the URL when the server has only `postgres` (first embedded start). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!found.rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
