/**
 * What the Support page shows of the system's health: the database's size, the background jobs
 * (pg-boss) waiting and failed, the disk space left where DATA_DIR lives, each read when asked, and
 * where the files are kept.
 */
import { readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../config.ts';
import type { Db } from '../db/database.ts';

export const VERSION: string = (
  JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

export interface SystemHealth {
  version: string;
  database: { bytes: number };
  jobs: { waiting: number; running: number; failed: number };
  disk: { path: string; free_bytes: number; total_bytes: number };
  files: { where: string };
}

/**
 * Jobs by state in pg-boss's table: created and retry are waiting, active running, failed failed
 * (kept until pg-boss's maintenance archives them after a week). Before the api server first
 * started pg-boss its schema does not exist: no jobs.
 */
async function jobCounts(db: Db): Promise<SystemHealth['jobs']> {
  const exists = await sql<{
    found: boolean;
  }>`select to_regclass('pgboss.job') is not null as found`.execute(db);
  if (!exists.rows[0]?.found) return { waiting: 0, running: 0, failed: 0 };
  const { rows } = await sql<SystemHealth['jobs']>`
    select count(*) filter (where state in ('created', 'retry'))::int as waiting,
           count(*) filter (where state = 'active')::int as running,
           count(*) filter (where state = 'failed')::int as failed
      from pgboss.job`.execute(db);
  return rows[0]!;
}

export async function systemHealth(db: Db, dataDir: string, filesWhere: string): Promise<SystemHealth> {
  const [size, jobs, disk] = await Promise.all([
    sql<{
      bytes: number;
    }>`select pg_database_size(current_database())::bigint as bytes`.execute(db),
    jobCounts(db),
    statfs(dataDir),
  ]);
  return {
    version: VERSION,
    database: { bytes: Number(size.rows[0]!.bytes) },
    jobs,
    disk: {
      path: dataDir,
      free_bytes: disk.bavail * disk.bsize,
      total_bytes: disk.blocks * disk.bsize,
    },
    files: { where: filesWhere },
  };
}
