/**
 * `npm start` after a hard kill starts again with no manual step, and no write it acknowledged
 * is lost. The app runs as `npm start` does, as one Node process (`node --import tsx`: plain
 * `tsx` would be two, and killing the outer one leaves the server running).
 *
 * 1. kill -9 of Node while designations are being created; start again at once.
 * 2. kill -9 of Node and PostgreSQL together, under a parent that leaves the dead PostgreSQL a
 *    zombie; start again at once, the zombie still there.
 * Then a clean stop (SIGTERM) leaves nothing running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../../server/config.ts';
import { embeddedDataDir } from '../../server/db/embedded.ts';
import { processStatus } from '../../server/db/process-table.ts';
import { gone, killHard, spawnUnderNonReapingSubreaper, waitFor } from '../support/processes.ts';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const ports = { console: 18083 + offset, auth: 18084 + offset, api: 18085 + offset, pg: 54379 + offset };
const authUrl = `http://127.0.0.1:${ports.auth}`;
const ADMIN = { email: 'admin@fieldbase.local', password: 'Restart-admin-pass-1' };

let dataDir: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-restart-'));
  await chmod(dataDir, 0o755);
});
afterAll(async () => {
  for (const child of running) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

interface App {
  child: ChildProcess;
  /** The Node process serving (under the subreaper, the wrapper's child). */
  nodePid: number;
  output: () => string;
}

/** Starts the app and resolves once it printed its banner (after a console build if one was due). */
async function startApp(under?: 'non-reaping subreaper'): Promise<App> {
  const command = [process.execPath, '--import', 'tsx', 'server/cli/start.ts'];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONSOLE_PORT: String(ports.console),
    AUTH_PORT: String(ports.auth),
    API_PORT: String(ports.api),
    EMBEDDED_PG_PORT: String(ports.pg),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SMTP_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
  };
  const options = { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'] };
  const child = under ? spawnUnderNonReapingSubreaper(command, options) : spawn(command[0], command.slice(1), options);
  running.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  child.on('exit', () => (exited = true));
  await waitFor(
    'the app to start',
    () => {
      if (exited) throw new Error(`The app did not start:\n${output}`);
      return output.includes('Fieldbase is running');
    },
    300_000,
  );
  const nodePid = under ? childPidOf(child.pid!) : child.pid!;
  return { child, nodePid, output: () => output };
}

function childPidOf(pid: number): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  return children[0];
}

function postmasterPid(): number {
  return Number(readFileSync(path.join(embeddedDataDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function signIn(): Promise<string> {
  const res = await fetch(`${authUrl}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Four clients create designations as fast as they are answered; once `killAfter` have been
 * acknowledged, `kill` runs while requests are in flight. Resolves with the acknowledged names.
 */
async function writeUntilKilled(token: string, prefix: string, killAfter: number, kill: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  let sent = 0;
  const client = async () => {
    while (true) {
      const name = `${prefix}-${String(sent++).padStart(5, '0')}`;
      try {
        const res = await fetch(`${authUrl}/designation`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name }),
        });
        if (res.status !== 201) throw new Error(`POST /designation answered ${res.status}: ${await res.text()}`);
        acknowledged.push(name);
      } catch (err) {
        if (killed) return;
        throw err;
      }
      if (acknowledged.length >= killAfter && !killed) {
        killed = true;
        kill();
      }
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  return acknowledged;
}

async function designationNames(token: string): Promise<Set<string>> {
  const res = await fetch(`${authUrl}/designation`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return new Set(((await res.json()) as Array<{ name: string }>).map((d) => d.name));
}

describe('npm start after a hard kill', () => {
  const acknowledged: string[] = [];

  it('starts again at once after kill -9 of Node, every acknowledged write kept', async () => {
    const first = await startApp();
    const postgres = postmasterPid();
    acknowledged.push(...(await writeUntilKilled(await signIn(), 'node-killed', 40, () => killHard(first.nodePid))));
    await waitFor('Node to end', () => gone(first.nodePid));

    const second = await startApp();
    // The first PostgreSQL ended with its Fieldbase (or the start stopped it): not left behind.
    expect(gone(postgres)).toBe(true);
    const names = await designationNames(await signIn());
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    console.log(`[restart] kill -9 of Node: ${acknowledged.length} writes acknowledged, all found after the restart`);
    killHard(second.nodePid);
    await waitFor('Node to end', () => gone(second.nodePid));
  }, 600_000);

  it('starts again at once after kill -9 of Node and PostgreSQL, with PostgreSQL still a zombie', async () => {
    const wrapped = await startApp('non-reaping subreaper');
    const postgres = postmasterPid();
    acknowledged.push(...(await writeUntilKilled(await signIn(), 'both-killed', 40, () => killHard(wrapped.nodePid, postgres))));
    await waitFor('PostgreSQL to be a zombie', () => processStatus(postgres)?.state === 'Z');

    const next = await startApp();
    expect(processStatus(postgres)?.state).toBe('Z');
    const names = await designationNames(await signIn());
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(80);
    console.log(`[restart] then kill -9 of Node and PostgreSQL (zombie): ${acknowledged.length} writes acknowledged in all, all found`);

    // A clean stop: the app exits 0 and its PostgreSQL is gone with it.
    const current = postmasterPid();
    const exit = new Promise<number | null>((resolve) => next.child.on('exit', (code) => resolve(code)));
    next.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(next.output()).toContain('stopped cleanly');
    expect(gone(current)).toBe(true);
    wrapped.child.kill('SIGKILL');
  }, 600_000);
});
