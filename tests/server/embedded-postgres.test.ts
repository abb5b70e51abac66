/**
 * The embedded PostgreSQL after a hard kill: it ends with the Fieldbase that started it; a
 * start recognises one left behind (orphaned, a zombie, a stale lock) and goes on without a
 * hand; one still in use by a running Fieldbase is refused with a clear message; and as root
 * it starts even from a checkout below a folder closed to others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readlink, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../server/config.ts';
import { embeddedDataDir, startEmbeddedPostgres, EmbeddedStartError, type EmbeddedDatabase } from '../../server/db/embedded.ts';
import { packagedNativeDir, reachableCopyDir } from '../../server/db/postgres-binaries.ts';
import { REACHABLE_ROOT } from '../../server/db/reachable-folder.ts';
import { processStatus } from '../../server/db/process-table.ts';
import { childrenOf, firstJsonLine, gone, killHard, spawnUnderNonReapingSubreaper, waitFor } from '../support/processes.ts';

const PORT = 54359 + Number(process.env.TEST_PORT_OFFSET ?? 0);
const quiet = () => undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-embedded-'));
  // Reachable by the postgres user, so that as root the cluster stays inside it.
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** A separate Fieldbase-like process holding the cluster, as `npm start` would. */
async function startHolder(wrap?: 'non-reaping subreaper'): Promise<{ child: ChildProcess; pid: number; url: string; nodePid: number }> {
  const command = [process.execPath, '--import', 'tsx', 'tests/fixtures/hold-embedded-postgres.ts', dataDir, String(PORT)];
  const options = { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = wrap ? spawnUnderNonReapingSubreaper(command, options) : spawn(command[0], command.slice(1), options);
  const { pid, url } = await firstJsonLine<{ pid: number; url: string }>(child);
  const nodePid = processStatus(pid)!.ppid;
  return { child, pid, url, nodePid };
}

async function writeRow(url: string, value: string) {
  await query(url, 'create table if not exists kept (value text primary key)');
  await query(url, 'insert into kept values ($1)', [value]);
}

async function restartAndRead(): Promise<{ db: EmbeddedDatabase; values: string[] }> {
  const db = await startEmbeddedPostgres({ dataDir, port: PORT, log: quiet });
  const rows = await query<{ value: string }>(db.url, 'select value from kept order by value');
  return { db, values: rows.map((r) => r.value) };
}

describe('embedded PostgreSQL after a hard kill', () => {
  it('ends with the process that started it: kill -9 of Node stops PostgreSQL', async () => {
    const holder = await startHolder();
    await writeRow(holder.url, 'before kill -9 of node');
    killHard(holder.nodePid);
    await waitFor('PostgreSQL to end with its Fieldbase', () => gone(holder.pid));
    const { db, values } = await restartAndRead();
    await db.stop();
    expect(values).toEqual(['before kill -9 of node']);
  });

  it('stops an orphaned PostgreSQL of its own cleanly and starts', async () => {
    const holder = await startHolder();
    await writeRow(holder.url, 'before orphaning');
    // Without its watchdog (killed first) PostgreSQL outlives Node: the case of a killed older Fieldbase.
    const [watchdog] = childrenOf(holder.nodePid, 'fieldbase-postgres-watchdog');
    expect(watchdog).toBeGreaterThan(0);
    killHard(watchdog);
    await waitFor('the watchdog to end', () => gone(watchdog));
    killHard(holder.nodePid);
    await waitFor('Node to end', () => gone(holder.nodePid));
    expect(gone(holder.pid)).toBe(false);
    const { db, values } = await restartAndRead();
    expect(gone(holder.pid)).toBe(true);
    expect(db.pid).not.toBe(holder.pid);
    await db.stop();
    expect(values).toEqual(['before kill -9 of node', 'before orphaning']);
  });

  it('treats a zombie PostgreSQL as dead: kill -9 of Node and PostgreSQL together, then start at once', async () => {
    const holder = await startHolder('non-reaping subreaper');
    try {
      await writeRow(holder.url, 'before killing both');
      killHard(holder.nodePid, holder.pid);
      await waitFor('PostgreSQL to be a zombie', () => processStatus(holder.pid)?.state === 'Z');
      const { db, values } = await restartAndRead();
      // Still a zombie: the start did not wait for it to be reaped.
      expect(processStatus(holder.pid)?.state).toBe('Z');
      await db.stop();
      expect(values).toEqual(['before kill -9 of node', 'before killing both', 'before orphaning']);
    } finally {
      holder.child.kill('SIGKILL');
      await waitFor('the zombie to be reaped', () => !processStatus(holder.pid));
    }
  });

  it('clears a stale lock whose pid now belongs to another program (after a reboot)', async () => {
    await writeFile(path.join(embeddedDataDir(dataDir), 'postmaster.pid'), `${process.pid}\n${embeddedDataDir(dataDir)}\n`);
    const { db, values } = await restartAndRead();
    await db.stop();
    expect(values).toHaveLength(3);
  });

  it('refuses a folder in use by a running Fieldbase, naming it and saying what to do', async () => {
    const holder = await startHolder();
    try {
      const second = startEmbeddedPostgres({ dataDir, port: PORT + 1, log: quiet });
      await expect(second).rejects.toBeInstanceOf(EmbeddedStartError);
      await expect(second).rejects.toThrow(
        `is held by a running PostgreSQL (pid ${holder.pid}), started by Fieldbase process ${holder.nodePid}, which is still running.`,
      );
      await expect(second).rejects.toThrow(`stop it (Ctrl-C in its terminal, or kill ${holder.nodePid}) and start again.`);
      // Refused without harm: the running one still answers.
      expect(await query(holder.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    } finally {
      holder.child.kill('SIGTERM');
      await waitFor('PostgreSQL to end with its Fieldbase', () => gone(holder.pid));
    }
  });
});

describe('embedded PostgreSQL from a checkout below a folder closed to others', () => {
  it('starts (as root: programs and cluster moved where the postgres user can reach them)', async () => {
    // mktemp -d makes a 0700 folder: the checkout, its node_modules and its data live below it.
    const closed = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-closed-'));
    const nativeDir = path.join(closed, 'checkout', 'node_modules', 'native');
    const closedData = path.join(closed, 'checkout', 'data');
    const copy = reachableCopyDir(REACHABLE_ROOT, nativeDir);
    try {
      expect(spawnSync('mkdir', ['-p', path.dirname(nativeDir)]).status).toBe(0);
      expect(spawnSync('cp', ['-al', packagedNativeDir(), nativeDir]).status).toBe(0);
      const db = await startEmbeddedPostgres({ dataDir: closedData, port: PORT, nativeDir, log: quiet });
      try {
        expect(await query(db.url, 'select 1 as one')).toEqual([{ one: 1 }]);
        if (process.getuid?.() === 0) {
          expect(db.dataDir.startsWith(`${REACHABLE_ROOT}/`)).toBe(true);
          expect(await readlink(`/proc/${db.pid}/exe`)).toBe(path.join(copy, 'bin', 'postgres'));
        }
      } finally {
        await db.stop();
        await rm(db.dataDir, { recursive: true, force: true });
        await rm(`${db.dataDir}.password`, { force: true });
      }
    } finally {
      await rm(closed, { recursive: true, force: true });
      if (existsSync(copy)) await rm(copy, { recursive: true, force: true });
    }
  });
});
