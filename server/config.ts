/** Every setting the servers read from the environment, in one place, with its default. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Where the console is reached; reset links in e-mails point here. */
  consoleUrl: string;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl?: string;
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
  lockout: { maxFailures: number; lockSeconds: number };
  loginRateLimit: { max: number; windowMs: number };
  logLevel: string;
  /** Behind a reverse proxy, trust X-Forwarded-For so rate limits count per real client. */
  trustProxy: boolean;
  clock: Clock;
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
  const origins = (listed ?? '').split(',').map((s) => s.trim().replace(/\/$/, '')).filter((s) => s && s !== 'null');
  if (origins.includes('*')) return true;
  return origins.length ? origins : consoleOrigins(consoleUrl);
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
    consoleUrl,
    dataDir,
    uploadsDir: path.resolve(dataDir, env.UPLOADS_DIR ?? 'uploads'),
    outboxDir: path.resolve(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL || undefined,
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
    lockout: { maxFailures: 5, lockSeconds: int(env.LOCKOUT_SECONDS, 15 * 60) },
    loginRateLimit: { max: int(env.LOGIN_RATE_LIMIT, 30), windowMs: 60_000 },
    logLevel: env.LOG_LEVEL ?? 'warn',
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    clock: systemClock,
    ...overrides,
  };
}
