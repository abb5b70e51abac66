/**
 * On every start, DATA_DIR and the folders in it that hold users' files (UPLOADS_DIR, the mail
 * outbox, exports) are made private: folders 0700, files 0600, also those an older version
 * wrote 0755/0644. The embedded PostgreSQL's own folder is left alone (PostgreSQL keeps it 0700
 * itself, owned by whoever runs it).
 *
 * As root, PostgreSQL runs as `postgres`, who must pass through DATA_DIR to reach a cluster
 * kept in DATA_DIR/postgres: DATA_DIR is then 0711 (others may pass through it, not list it;
 * every private folder inside is 0700). Closing it to 0700 would make the next start keep the
 * cluster elsewhere (embeddedDataDir) and lose sight of the existing one.
 */
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { embeddedDataDir } from '../db/embedded.ts';
import { EXPORTS_FOLDER } from '../files/file-stores.ts';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from './private-files.ts';

/** DATA_DIR closed to others, but passable for `postgres` when it holds the embedded cluster. */
export const DATA_DIR_PASSABLE_MODE = 0o711;

/** The mode DATA_DIR gets: 0711 when a root-run PostgreSQL keeps (or will keep) its cluster inside it, 0700 otherwise. */
export function dataDirMode(config: Pick<Config, 'dataDir' | 'databaseUrl'>): number {
  if (process.getuid?.() !== 0) return PRIVATE_FOLDER_MODE;
  const inside = path.join(config.dataDir, 'postgres');
  const clusterInside = embeddedDataDir(config.dataDir) === inside && (!config.databaseUrl || existsSync(inside));
  return clusterInside ? DATA_DIR_PASSABLE_MODE : PRIVATE_FOLDER_MODE;
}

/** The folders of users' files: uploads (wherever UPLOADS_DIR points), the outbox, exports. */
export function privateFolders(config: Pick<Config, 'dataDir' | 'uploadsDir' | 'outboxDir'>): string[] {
  return [config.uploadsDir, config.outboxDir, path.join(config.dataDir, EXPORTS_FOLDER)];
}

async function setMode(target: string, mode: number, failures: string[]): Promise<void> {
  try {
    const stat = await lstat(target);
    // A symbolic link is never followed: chmod would change whatever it points at.
    if (stat.isSymbolicLink() || (stat.mode & 0o777) === mode) return;
    await chmod(target, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') failures.push(`${target}: ${code ?? (err as Error).message}`);
  }
}

/** The folder and everything below it: folders 0700, files 0600. A missing folder is no error. */
async function makeTreePrivate(dir: string, failures: string[]): Promise<void> {
  if (!existsSync(dir)) return;
  await setMode(dir, PRIVATE_FOLDER_MODE, failures);
  // A recursive listing does not descend into symbolic links to folders.
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((err: NodeJS.ErrnoException) => {
    failures.push(`${dir}: ${err.code ?? err.message}`);
    return [];
  });
  for (const entry of entries) {
    const target = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await setMode(target, PRIVATE_FOLDER_MODE, failures);
    else if (entry.isFile()) await setMode(target, PRIVATE_FILE_MODE, failures);
  }
}

/**
 * Creates DATA_DIR if needed and makes it and its private folders readable by this user only;
 * what cannot be changed (a file of another owner) is said in the log, and the start goes on.
 */
export async function makeDataDirPrivate(
  config: Pick<Config, 'dataDir' | 'uploadsDir' | 'outboxDir' | 'databaseUrl'>,
  log: (line: string) => void,
): Promise<void> {
  // Decided before DATA_DIR changes: where the cluster is depends on who may pass through it now.
  const mode = dataDirMode(config);
  await mkdir(config.dataDir, { recursive: true, mode });
  const failures: string[] = [];
  await setMode(config.dataDir, mode, failures);
  for (const folder of privateFolders(config)) {
    // UPLOADS_DIR set to DATA_DIR or above it: the walk would reach the cluster and DATA_DIR's own mode.
    const holdsDataDir = !path.relative(folder, config.dataDir).startsWith('..');
    if (!holdsDataDir) await makeTreePrivate(folder, failures);
  }
  if (failures.length) {
    log(
      `[files] ${failures.length} file(s) or folder(s) could not be made readable by this user only, e.g. ${failures[0]}; ` +
        `fix them by hand (chmod 700 for folders, 600 for files)`,
    );
  }
}
