/** Every setting the servers read from the environment, in one place, with its default. */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapTilesFromEnv, type MapTiles } from '@model/map-tiles.ts';
import { parseS3Url } from './files/s3-url.ts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Clock {
  now(): Date;
  /** Waits (sign-in slow-down); the tests' clock records the wait and moves on instead. */
  sleep(ms: number): Promise<void>;
}
export const systemClock: Clock = { now: () => new Date(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

export interface Config {
  host: string;
  authPort: number;
  apiPort: number;
  consolePort: number;
  /** Addresses the browser uses; undefined = same host as the console page, on the port above. */
  authUrl?: string;
  apiUrl?: string;
  /** Google Maps JavaScript API key for the document drawer's map; none: no map, nothing loaded from Google. */
  googleMapsApiKey?: string;
  /** Tiles every map draws (MAP_TILES_URL, MAP_TILES_ATTRIBUTION); null: MAP_TILES_URL=none, no map anywhere. */
  mapTiles: MapTiles | null;
  /** Where the console is reached; reset links in e-mails point here. */
  consoleUrl: string;
  dataDir: string;
  uploadsDir: string;
  /**
   * S3_URL: an S3-compatible object store that every instance shares, for uploads and exports
   * (server/files/s3-file-store.ts); without it they stay on this machine's disk.
   */
  s3Url?: string;
  outboxDir: string;
  databaseUrl?: string;
  /** Connections each server process keeps at most (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  embeddedPgPort: number;
  smtpUrl?: string;
  mailFrom: string;
  adminEmail: string;
  adminPassword?: string;
  /** Origins allowed to call the servers from a browser; true: any but `null`. */
  corsOrigins: string[] | true;
  accessTokenTtlSeconds: number;
  /** How long an expired token can still be refreshed through POST /user/verify. */
  refreshWindowSeconds: { keepLogin: number; session: number };
  resetTokenTtlSeconds: number;
  /** While a user's live reset link is younger than this, asking again sends nothing. */
  resetLinkCooldownSeconds: number;
  lockout: { maxFailures: number; lockSeconds: number };
  loginRateLimit: { max: number; windowMs: number };
  /**
   * Where the rate limits count (RATE_LIMIT_STORE): `postgres`, shared by every instance on the
   * database; `memory`, in each process (one instance only: saves a write per counted request).
   */
  rateLimitStore: 'postgres' | 'memory';
  /** The largest file a document may carry (an image, a signature, a PDF). */
  documentAttachmentMaxBytes: number;
  /** Hours an upload no document claimed is kept before a sweep deletes it (DOCUMENT_UPLOAD_TTL_HOURS). */
  documentUploadTtlHours: number;
  /** Bytes (as stored) one user's unclaimed uploads may take together (DOCUMENT_UPLOAD_QUOTA_BYTES). */
  documentUploadQuotaBytes: number;
  logLevel: string;
  /** Heap limit of each server's worker process under `npm start` (WORKER_MAX_HEAP_MB): a runaway one dies alone and is restarted. */
  workerMaxHeapMb: number;
  /** Days the change log keeps a month after it ends (AUDIT_RETENTION_DAYS; 0 keeps every month). */
  auditRetentionDays: number;
  /** Whether each change row carries a hash of the row before it (AUDIT_HASH_CHAIN=on|off): tamper evidence, at a small cost per write. */
  auditHashChain: boolean;
  /** Hours a finished document export's file is kept for download (EXPORT_TTL_HOURS). */
  exportTtlHours: number;
  /** View-list imports: seconds one may read before it is stopped, and its worker thread's heap cap in MB. */
  viewListImport: { timeoutSeconds: number; heapMb: number; warmWorker: boolean };
  /**
   * Webhooks: whether they may call this machine's own and link-local addresses
   * (WEBHOOK_ALLOW_PRIVATE=on|off, off by default), and the pause before the first retry of a
   * refused delivery (WEBHOOK_RETRY_FIRST_SECONDS, 30), which doubles at each retry.
   */
  webhooks: { allowPrivate: boolean; retryFirstMs: number };
  /**
   * Reverse proxies (addresses, CIDRs) whose X-Forwarded-For entries are believed, as Fastify's
   * `trustProxy` takes them; false: none (the client is the connection's address).
   */
  trustProxy: false | string[];
  clock: Clock;
}

function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'on' || value === 'off') return value === 'on';
  throw new Error(`${name} must be on or off, got "${value}"`);
}

function positive(name: string, value: string | undefined, fallback: number): number {
  const n = int(value, fallback);
  if (n < 1) throw new Error(`${name} must be 1 or more, got "${value}"`);
  return n;
}

/** S3_URL, checked at start so that a wrong address stops the start with a sentence, not the first upload. */
function s3Url(value: string | undefined): string | undefined {
  const setting = value?.trim();
  if (!setting) return undefined;
  parseS3Url(setting);
  return setting;
}

function oneOf<T extends string>(name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((choices as readonly string[]).includes(value)) return value as T;
  throw new Error(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** The console's own origin; on this machine, under each name of the loopback address. */
export function consoleOrigins(consoleUrl: string): string[] {
  let url: URL;
  try {
    url = new URL(consoleUrl);
  } catch {
    throw new Error(`CONSOLE_URL must be a full address such as http://localhost:8080, got "${consoleUrl}"`);
  }
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}

/** CORS_ORIGINS (comma-separated; `*` for any) or, unset, the console's own origin. Never `null`. */
function corsOrigins(listed: string | undefined, consoleUrl: string): string[] | true {
  const origins = (listed ?? '')
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter((s) => s && s !== 'null');
  if (origins.includes('*')) return true;
  return origins.length ? origins : consoleOrigins(consoleUrl);
}

// proxy-addr's names for address ranges, accepted next to addresses and CIDRs.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const PROXY_EXAMPLES = 'e.g. TRUST_PROXY=127.0.0.1 for a proxy on this machine, or TRUST_PROXY=10.0.0.0/8,127.0.0.1';

/**
 * TRUST_PROXY: the reverse proxies' addresses or networks; X-Forwarded-For is believed only as
 * far as it was written by them. Never `true` (every address a client writes is believed, so it
 * picks the address its sign-in failures count under) nor a hop count (Fastify ignores those:
 * a client connecting directly could not be told from the proxy).
 */
function trustedProxies(value: string | undefined): false | string[] {
  const setting = (value ?? '').trim();
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true' || /^\d+$/.test(setting)) {
    const risk =
      setting === 'true'
        ? 'would believe any address a client writes in X-Forwarded-For'
        : 'is a number of proxies, which cannot tell a proxy from a client that connects directly and writes X-Forwarded-For itself';
    throw new Error(`TRUST_PROXY=${setting} ${risk}. Give the addresses or networks of your reverse proxies instead, ${PROXY_EXAMPLES}.`);
  }
  const proxies = setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = proxies.filter((p) => !isProxyAddress(p));
  if (wrong.length) {
    throw new Error(
      `TRUST_PROXY must list the addresses or networks of your reverse proxies (${PROXY_EXAMPLES}); "${wrong.join('", "')}" is neither.`,
    );
  }
  return proxies;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const consolePort = int(env.CONSOLE_PORT, 8080);
  const dataDir = path.resolve(projectRoot, env.DATA_DIR ?? 'data');
  const consoleUrl = (env.CONSOLE_URL || `http://localhost:${consolePort}`).replace(/\/$/, '');
  return {
    host: env.HOST ?? '127.0.0.1',
    authPort: int(env.AUTH_PORT, 8081),
    apiPort: int(env.API_PORT, 8082),
    consolePort,
    authUrl: env.AUTH_URL || undefined,
    apiUrl: env.API_URL || undefined,
    googleMapsApiKey: env.GOOGLE_MAPS_API_KEY?.trim() || undefined,
    mapTiles: mapTilesFromEnv(env),
    consoleUrl,
    dataDir,
    uploadsDir: path.resolve(dataDir, env.UPLOADS_DIR ?? 'uploads'),
    outboxDir: path.resolve(dataDir, 'outbox'),
    s3Url: s3Url(env.S3_URL),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positive('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10),
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 54329),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Fieldbase <no-reply@fieldbase.local>',
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@fieldbase.local').toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    // Bearer tokens, no cookies, so CORS is not what stops request forgery; but no other page
    // needs to read the answers, so by default only the console may.
    corsOrigins: corsOrigins(env.CORS_ORIGINS, consoleUrl),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshWindowSeconds: {
      keepLogin: int(env.KEEP_LOGIN_WINDOW, 30 * 24 * 3600),
      session: int(env.SESSION_WINDOW, 12 * 3600),
    },
    resetTokenTtlSeconds: int(env.RESET_TOKEN_TTL, 60 * 60),
    resetLinkCooldownSeconds: int(env.RESET_LINK_COOLDOWN, 60),
    lockout: { maxFailures: 5, lockSeconds: int(env.LOCKOUT_SECONDS, 15 * 60) },
    loginRateLimit: { max: int(env.LOGIN_RATE_LIMIT, 30), windowMs: 60_000 },
    rateLimitStore: oneOf('RATE_LIMIT_STORE', env.RATE_LIMIT_STORE, ['postgres', 'memory'] as const, 'postgres'),
    documentAttachmentMaxBytes: int(env.DOCUMENT_ATTACHMENT_MAX_BYTES, 10 * 1024 * 1024),
    documentUploadTtlHours: int(env.DOCUMENT_UPLOAD_TTL_HOURS, 24),
    documentUploadQuotaBytes: int(env.DOCUMENT_UPLOAD_QUOTA_BYTES, 100 * 1024 * 1024),
    logLevel: env.LOG_LEVEL ?? 'warn',
    workerMaxHeapMb: int(env.WORKER_MAX_HEAP_MB, 1024),
    exportTtlHours: int(env.EXPORT_TTL_HOURS, 72),
    auditRetentionDays: int(env.AUDIT_RETENTION_DAYS, 365),
    auditHashChain: onOff('AUDIT_HASH_CHAIN', env.AUDIT_HASH_CHAIN, false),
    viewListImport: {
      timeoutSeconds: int(env.VIEW_LIST_IMPORT_TIMEOUT_SECONDS, 120),
      heapMb: int(env.VIEW_LIST_IMPORT_HEAP_MB, 256),
      warmWorker: onOff('VIEW_LIST_IMPORT_WARM_WORKER', env.VIEW_LIST_IMPORT_WARM_WORKER, true),
    },
    webhooks: {
      allowPrivate: onOff('WEBHOOK_ALLOW_PRIVATE', env.WEBHOOK_ALLOW_PRIVATE, false),
      retryFirstMs: positive('WEBHOOK_RETRY_FIRST_SECONDS', env.WEBHOOK_RETRY_FIRST_SECONDS, 30) * 1000,
    },
    trustProxy: trustedProxies(env.TRUST_PROXY),
    clock: systemClock,
    ...overrides,
  };
}
