/**
 * `npm start` after a hard kill starts again with no manual step, and no write it acknowledged
 * is lost. The app runs as package.json's `start` script runs it: a supervisor process (its pid
 * the one started: `node --import tsx`, as plain `tsx` would be two) with the auth, api and
 * console servers in three worker processes.
 *
 * 1. kill -9 of the supervisor while designations are being created: its workers end too;
 *    start again at once (under the parent of 2).
 * 2. kill -9 of the supervisor and PostgreSQL together, under a parent that leaves the dead
 *    PostgreSQL a zombie; start again at once, the zombie still there.
 *    Then a clean stop (SIGTERM) leaves nothing running.
 * 3. kill -9 of each worker in turn, under load: the supervisor says so and starts it again,
 *    while the other servers answer every request and PostgreSQL runs on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { processStatus } from '../../server/db/process-table.ts';
import type { ServerKind } from '../../server/one-server.ts';
import { gone, killHard } from '../support/processes.ts';
import { killLeftovers, poll, postmasterPid, startApp, type App, type Started } from '../support/npm-start.ts';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const ports = { console: 18083 + offset, auth: 18084 + offset, api: 18085 + offset, pg: 54379 + offset };
const authUrl = `http://127.0.0.1:${ports.auth}`;
const ADMIN = { email: 'admin@fieldbase.local', password: 'Restart-admin-pass-1' };

let dataDir: string;
let loadDataDir: string;
const started: Started[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-restart-'));
  loadDataDir = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-workers-'));
  await chmod(dataDir, 0o755);
  await chmod(loadDataDir, 0o755);
});
afterAll(async () => {
  killLeftovers(started);
  await rm(dataDir, { recursive: true, force: true });
  await rm(loadDataDir, { recursive: true, force: true });
});

const start = (opts: { under?: 'non-reaping subreaper'; dataDir?: string } = {}) =>
  startApp({
    ports,
    dataDir: opts.dataDir ?? dataDir,
    under: opts.under,
    started,
    // The load below signs in several times a second from one address.
    env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_RATE_LIMIT: '1000000' },
  });

/** The app's worker processes, while its supervisor lives (after, they are no longer its children). */
function workerPids(app: App): number[] {
  const workers = Object.values(app.workers());
  expect(workers).toHaveLength(3);
  return workers;
}

/** After a kill -9 of the supervisor: it ends, and its workers end on their own. */
async function endedWithWorkers(app: App, workers: number[]) {
  await poll('the supervisor to end', () => gone(app.pid));
  // Nobody tells them but their IPC channel, which closed with the supervisor.
  await poll('its workers to end', () => workers.every(gone));
  // Each stopped cleanly: none had to be ended by its deadline (a connection or the database holding it).
  expect(app.output()).not.toContain('still stopping');
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
  // The start after the first kill runs under the subreaper, ready for the second kill.
  let wrapped: App;

  it('starts again at once after kill -9 of the supervisor (its workers end with it), every acknowledged write kept', async () => {
    const first = await start();
    const postgres = postmasterPid(dataDir);
    const workers = workerPids(first);
    acknowledged.push(...(await writeUntilKilled(await signIn(), 'node-killed', 40, () => killHard(first.pid))));
    await endedWithWorkers(first, workers);

    wrapped = await start({ under: 'non-reaping subreaper' });
    // The first PostgreSQL ended with its Fieldbase (or the start stopped it): not left behind.
    expect(gone(postgres)).toBe(true);
    const names = await designationNames(await signIn());
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    console.log(`[restart] kill -9 of the supervisor: ${acknowledged.length} writes acknowledged, all found after the restart`);
  }, 600_000);

  it('starts again at once after kill -9 of the supervisor and PostgreSQL, with PostgreSQL still a zombie', async () => {
    const postgres = postmasterPid(dataDir);
    const workers = workerPids(wrapped);
    acknowledged.push(...(await writeUntilKilled(await signIn(), 'both-killed', 40, () => killHard(wrapped.pid, postgres))));
    await poll('PostgreSQL to be a zombie', () => processStatus(postgres)?.state === 'Z');
    await endedWithWorkers(wrapped, workers);

    const next = await start();
    expect(processStatus(postgres)?.state).toBe('Z');
    const names = await designationNames(await signIn());
    expect(acknowledged.filter((n) => !names.has(n))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(80);
    console.log(
      `[restart] then kill -9 of the supervisor and PostgreSQL (zombie): ${acknowledged.length} writes acknowledged in all, all found`,
    );

    // A clean stop: the app exits 0, and its workers and PostgreSQL are gone with it.
    const current = postmasterPid(dataDir);
    const nextWorkers = workerPids(next);
    const exit = new Promise<number | null>((resolve) => next.child.on('exit', (code) => resolve(code)));
    next.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(next.output()).toContain('stopped cleanly');
    expect(gone(current)).toBe(true);
    expect(nextWorkers.filter((pid) => !gone(pid))).toEqual([]);
    wrapped.child.kill('SIGKILL');
  }, 600_000);
});

const WORKER_NAMES: Record<ServerKind, string> = { auth: 'auth server', api: 'api server', console: 'console server' };
const urls: Record<ServerKind, string> = {
  auth: authUrl,
  api: `http://127.0.0.1:${ports.api}`,
  console: `http://127.0.0.1:${ports.console}`,
};
// Generous: a request is a failure when it is refused or answered wrongly, not when the machine is slow.
const REQUEST_TIMEOUT_MS = 60_000;

async function expectStatus(res: Promise<Response>, status: number): Promise<Response> {
  const answer = await res;
  if (answer.status !== status) throw new Error(`answered ${answer.status}: ${await answer.text()}`);
  return answer;
}

/** The server's own check: /health for the auth and api servers, the page for the console. */
async function answers(kind: ServerKind): Promise<boolean> {
  try {
    const res = await fetch(`${urls[kind]}${kind === 'console' ? '/' : '/health'}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

type Phase = ServerKind | 'none';

/**
 * Steady traffic to every server: the api server's /health, sign-ins and designation writes on
 * the auth server, the console's page. Each answer is charged to its server and to the worker
 * being killed when it was sent or when it came back ('none' between kills).
 */
class Load {
  killing: Phase = 'none';
  readonly acknowledged: string[] = [];
  private readonly tallies = new Map<string, { ok: number; failures: string[] }>();
  private running = true;
  private readonly loops: Promise<void>[];

  constructor(token: string) {
    const json = { 'content-type': 'application/json' };
    const signal = () => AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    let written = 0;
    this.loops = [
      this.loop('api', () => expectStatus(fetch(`${urls.api}/health`, { signal: signal() }), 200)),
      this.loop('console', () => expectStatus(fetch(`${urls.console}/`, { signal: signal() }), 200)),
      // A sign-in costs an argon2 hash: paced, so that the load leaves the restarts some CPU.
      this.loop(
        'auth',
        () =>
          expectStatus(fetch(`${authUrl}/login`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN), signal: signal() }), 200),
        100,
      ),
      this.loop('auth', async () => {
        const name = `load-${String(written++).padStart(5, '0')}`;
        const headers = { ...json, authorization: `Bearer ${token}` };
        await expectStatus(
          fetch(`${authUrl}/designation`, { method: 'POST', headers, body: JSON.stringify({ name }), signal: signal() }),
          201,
        );
        this.acknowledged.push(name);
      }),
    ];
  }

  private async loop(server: ServerKind, request: () => Promise<unknown>, pauseMs = 20) {
    while (this.running) {
      const sentDuring = this.killing;
      let failure: string | undefined;
      try {
        const res = await request();
        if (res instanceof Response) await res.arrayBuffer();
      } catch (err) {
        const cause = (err as Error & { cause?: Error & { code?: string } }).cause;
        failure = `${(err as Error).message}${cause ? ` (${cause.code ?? ''} ${cause.message})` : ''} at ${new Date().toISOString()}`;
      }
      this.tally(sentDuring !== 'none' ? sentDuring : this.killing, server, failure);
      await sleep(pauseMs);
    }
  }

  private tally(phase: Phase, server: ServerKind, failure?: string) {
    const key = `${phase}/${server}`;
    const tally = this.tallies.get(key) ?? { ok: 0, failures: [] };
    if (failure) tally.failures.push(failure);
    else tally.ok++;
    this.tallies.set(key, tally);
  }

  of(phase: Phase, server: ServerKind) {
    return this.tallies.get(`${phase}/${server}`) ?? { ok: 0, failures: [] };
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops);
  }
}

describe('a worker killed under load', () => {
  it('is named in the log and started again; the other servers and PostgreSQL serve on, every acknowledged write kept', async () => {
    const app = await start({ dataDir: loadDataDir });
    const postgres = postmasterPid(loadDataDir);
    const load = new Load(await signIn());
    const kinds: ServerKind[] = ['auth', 'api', 'console'];
    const others = (kind: ServerKind) => kinds.filter((k) => k !== kind);
    const back: string[] = [];
    try {
      await poll('every server to be answering under load', () => kinds.every((k) => load.of('none', k).ok >= 3));
      for (const kind of kinds) {
        const killed = app.workers()[kind];
        if (!killed) throw new Error(`No worker process runs the ${kind} server (supervisor ${app.pid})`);
        load.killing = kind;
        const killedAt = performance.now();
        killHard(killed);
        await poll(`the supervisor to say the ${kind} worker died`, () =>
          app.output().includes(`[supervisor] ${WORKER_NAMES[kind]} (pid ${killed}) died: killed by signal SIGKILL`),
        );
        await poll(`the ${kind} server to answer again`, () => answers(kind));
        const answeredAfter = (performance.now() - killedAt) / 1000;
        const restarted = app.workers()[kind];
        expect(restarted).toBeDefined();
        expect(restarted).not.toBe(killed);
        await poll(`the supervisor to say the ${kind} server is back`, () =>
          app.output().includes(`[supervisor] ${WORKER_NAMES[kind]} is back (pid ${restarted})`),
        );
        // The window holds answers of the others, however slow the machine: it closes only after some.
        await poll(`the other servers to answer during the ${kind} kill`, () => others(kind).every((k) => load.of(kind, k).ok >= 3));
        load.killing = 'none';
        const missed = load.of(kind, kind).failures.length;
        back.push(`${kind} answering ${answeredAfter.toFixed(1)} s after kill -9 (${missed} of its requests failed meanwhile)`);
      }
    } finally {
      await load.stop();
      // What the supervisor said, and all else the app printed, to tell any failure below.
      console.log(app.output());
    }

    // Nothing failed on a server that was not the one killed, during any kill or between them.
    for (const kind of kinds)
      for (const other of others(kind)) expect(load.of(kind, other).failures, `${other} during the ${kind} kill`).toEqual([]);
    for (const kind of kinds) expect(load.of('none', kind).failures, `${kind} between kills`).toEqual([]);
    // PostgreSQL ran on throughout: the same postmaster.
    expect(postmasterPid(loadDataDir)).toBe(postgres);
    expect(gone(postgres)).toBe(false);
    const names = await designationNames(await signIn());
    expect(load.acknowledged.length).toBeGreaterThan(0);
    expect(load.acknowledged.filter((n) => !names.has(n))).toEqual([]);
    const answered = kinds.map((k) => `${k} ${kinds.reduce((n, phase) => n + load.of(phase, k).ok, load.of('none', k).ok)}`).join(', ');
    console.log(
      `[workers] ${back.join('; ')}; answers of the others meanwhile all ok (answered in all: ${answered}); ${load.acknowledged.length} writes acknowledged, all found`,
    );

    const exit = new Promise<number | null>((resolve) => app.child.on('exit', (code) => resolve(code)));
    app.child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(gone(postgres)).toBe(true);
  }, 600_000);
});
