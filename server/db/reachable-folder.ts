/**
 * As root, PostgreSQL runs as the `postgres` user, who must be able to enter every folder above
 * its data and its programs. Below a folder closed to others (/root, a `mktemp -d` folder) it
 * cannot: such things are kept in /var/tmp/fieldbase-postgres instead.
 */
import { existsSync, lstatSync, statSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { EmbeddedStartError } from './embedded-start-error.ts';

export const REACHABLE_ROOT = '/var/tmp/fieldbase-postgres';

/** Whether others may enter every folder above `target`. */
export function reachableByOthers(target: string): boolean {
  let current = path.dirname(target);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Creates REACHABLE_ROOT, or checks that the one there is root's own: programs run from it and
 * clusters live in it, so nobody else may have put it there or be able to write in it.
 */
export async function ensureReachableRoot(): Promise<string> {
  await mkdir(REACHABLE_ROOT, { recursive: true, mode: 0o755 });
  const stat = lstatSync(REACHABLE_ROOT);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new EmbeddedStartError(
      `${REACHABLE_ROOT} must be a folder owned by root that only root can write to, and it is not.\n` +
        `Remove it (rm -rf ${REACHABLE_ROOT}) and start again, or run Fieldbase from a folder others can enter, ` +
        `or as another user than root, or set DATABASE_URL.`,
    );
  }
  await chmod(REACHABLE_ROOT, 0o755);
  return REACHABLE_ROOT;
}
