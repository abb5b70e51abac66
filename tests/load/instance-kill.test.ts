/**
 * One instance killed outright under load, as a machine behind a load balancer dies: two
 * `npm start` instances on one PostgreSQL (demo data loaded as an operator would,
 * `npm run demo-data`), 20 clients writing through both for 60 s (designations on the auth
 * servers, webhooks on the api servers), a document export asked for meanwhile. The instance
 * that runs the export is killed with kill -9 (its supervisor and workers at once). Then: the
 * surviving instance answered no 5xx and never dropped a connection, every write either instance
 * acknowledged is in the database, and the export finishes on the survivor (its recovery task
 * takes it over once the dead one's heartbeat is stale) and downloads from it, every row there.
 *
 * Not part of `npm test` (it takes about three minutes): `npm run test:load`.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { projectRoot } from '../../server/config.ts';
import { buildConsoleIfStale } from '../../server/cli/console-build.ts';
import { MODULE_KINDS, type DocumentModule } from '../../model/documents/modules.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';
import { killLeftovers, poll, startApp, type App, type Started } from '../support/npm-start.ts';
import { gone, killHard } from '../support/processes.ts';
import { parseCsv } from '../support/parse-csv.ts';

const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);
const ADMIN = { email: 'admin@fieldbase.local', password: 'Instance-kill-admin-1' };
const DOCUMENTS = 100_000;
const CLIENTS = 20;
const LOAD_MS = 60_000;
const EXPORT_AFTER_MS = 10_000;

interface Instance {
  name: 'A' | 'B';
  app: App;
  auth: string;
  api: string;
}

let database: TestDatabase;
const dirs: string[] = [];
const started: Started[] = [];
let instances: Instance[] = [];
let db: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase(inject('pgAdminUrl'));
  const dir = async () => {
    const made = await mkdtemp(path.join(os.tmpdir(), 'fieldbase-instance-'));
    dirs.push(made);
    return made;
  };
  const env = { DATABASE_URL: database.url, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' };
  // The demo data set, written as an operator would before starting the instances.
  const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo-data.ts', '--documents', String(DOCUMENTS)], {
    cwd: projectRoot,
    env: { ...process.env, ...env, DATA_DIR: await dir() },
    encoding: 'utf8',
  });
  expect(demo.status, demo.stderr + demo.stdout).toBe(0);
  // Built once here: two instances of one checkout would each build it into the same folder.
  buildConsoleIfStale(() => undefined);
  // Both at once, as a deployment starts them.
  const ports = (n: number) => ({ console: 18400 + offset + n * 10, auth: 18401 + offset + n * 10, api: 18402 + offset + n * 10, pg: 0 });
  const [a, b] = await Promise.all(
    [0, 1].map(async (n) => startApp({ ports: ports(n), dataDir: await dir(), started, env: { ...env, LOGIN_RATE_LIMIT: '1000000' } })),
  );
  instances = [a!, b!].map((app, n) => ({
    name: n === 0 ? 'A' : 'B',
    app,
    auth: `http://127.0.0.1:${ports(n).auth}`,
    api: `http://127.0.0.1:${ports(n).api}`,
  }));
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, 600_000);

afterAll(async () => {
  killLeftovers(started);
  await db?.end();
  await database?.drop().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function signIn(instance: Instance): Promise<string> {
  const res = await fetch(`${instance.auth}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** The process whose socket is this local TCP port (the client side of a PostgreSQL connection). */
async function pidWithPort(pids: number[], port: number): Promise<number | undefined> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && parseInt(cols[1]!.split(':')[1]!, 16) === port) inodes.add(cols[9]!);
    }
  }
  for (const pid of pids) {
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return pid;
    }
  }
  return undefined;
}

/** The instance whose api worker holds the export's COPY connection, once it is running. */
async function instanceRunning(exportId: string): Promise<Instance> {
  let found: Instance | undefined;
  await poll(
    'the export to run',
    async () => {
      const { rows } = await db.query<{ client_port: number }>(`select client_port from pg_stat_activity where application_name = $1`, [
        `fieldbase-export:${exportId}`,
      ]);
      if (!rows[0]) return false;
      for (const instance of instances) {
        const worker = instance.app.workers().api;
        if (worker && (await pidWithPort([worker], rows[0].client_port))) found = instance;
      }
      return found !== undefined;
    },
    6_000,
    20,
  );
  return found!;
}

interface Tally {
  acknowledged: { designation: string[]; webhook: string[] };
  /** Per instance: answers by status, and requests that got no answer. */
  statuses: Record<string, Record<number, number>>;
  failures: Record<string, string[]>;
}

it('kill -9 of the instance running an export, under 20 clients of writes: the other answers every request, keeps every acknowledged write and finishes the export', async () => {
  const token = await signIn(instances[0]!);
  const tally: Tally = { acknowledged: { designation: [], webhook: [] }, statuses: { A: {}, B: {} }, failures: { A: [], B: [] } };
  let killed: Instance | undefined;
  let killedAt = 0;
  const started = Date.now();
  let sent = 0;

  const client = async (n: number) => {
    for (let i = 0; Date.now() - started < LOAD_MS; i++) {
      const instance = instances[(n + i) % 2]!;
      const name = `Load ${n}-${i}-${sent++}`;
      const [url, body, kind] =
        i % 2 === 0
          ? [`${instance.auth}/designation`, { name }, 'designation' as const]
          : [
              `${instance.api}/webhook`,
              { name, url: 'https://192.0.2.1/load', secret: 'instance-kill-secret', events: {} },
              'webhook' as const,
            ];
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        await res.arrayBuffer();
        const counts = tally.statuses[instance.name]!;
        counts[res.status] = (counts[res.status] ?? 0) + 1;
        if (res.status === 201) tally.acknowledged[kind].push(name);
      } catch (err) {
        // Refused or cut off: expected of the killed instance from the kill on, never of the other.
        tally.failures[instance.name]!.push(`${Date.now() - started} ms: ${(err as Error).message}`);
      }
    }
  };

  const exporter = async () => {
    await new Promise((resolve) => setTimeout(resolve, EXPORT_AFTER_MS));
    const { rows } = await db.query<{ name_slug: string; module: DocumentModule; n: string }>(
      `select p.name_slug, d.module, count(*) as n from documents d join programs p on p.id = d.program_id
       group by 1, 2 order by 3 desc limit 1`,
    );
    const biggest = rows[0]!;
    const res = await fetch(`${instances[0]!.api}/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ program_slug: biggest.name_slug, doc_type: MODULE_KINDS[biggest.module].docType }),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const exportId = ((await res.json()) as { _id: string })._id;
    killed = await instanceRunning(exportId);
    const workers = Object.values(killed.app.workers());
    killedAt = Date.now() - started;
    killHard(killed.app.pid, ...workers);
    await poll('the killed instance to be gone', () => [killed!.app.pid, ...workers].every(gone));
    return { exportId, rows: Number(biggest.n) };
  };

  const [, asked] = await Promise.all([Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n))), exporter()]);
  const survivor = instances.find((i) => i !== killed)!;
  console.log(
    `[instance kill] ${killed!.name} killed at ${killedAt} ms running export ${asked.exportId}; answers: A ${JSON.stringify(tally.statuses.A)}, ` +
      `B ${JSON.stringify(tally.statuses.B)}; unanswered: A ${tally.failures.A!.length}, B ${tally.failures.B!.length}`,
  );

  // The survivor: no 5xx, nothing refused or cut off, and it kept answering writes after the kill.
  expect(Object.keys(tally.statuses[survivor.name]!).filter((status) => Number(status) >= 500)).toEqual([]);
  expect(tally.failures[survivor.name]).toEqual([]);
  expect(Object.keys(tally.statuses[survivor.name]!)).toEqual(['201']);

  // Every acknowledged write, by either instance, is there.
  const stored = async (table: string, names: string[]) => {
    const { rows } = await db.query<{ name: string }>(`select name from ${table} where name = any($1::text[])`, [names]);
    return new Set(rows.map((r) => r.name));
  };
  const designations = await stored('designation', tally.acknowledged.designation);
  const webhooks = await stored('webhook', tally.acknowledged.webhook);
  expect(tally.acknowledged.designation.filter((n) => !designations.has(n))).toEqual([]);
  expect(tally.acknowledged.webhook.filter((n) => !webhooks.has(n))).toEqual([]);
  expect(tally.acknowledged.designation.length + tally.acknowledged.webhook.length).toBeGreaterThan(CLIENTS * 10);

  // The export finishes on the survivor and downloads from it, every document in it.
  const survivorToken = await signIn(survivor);
  let status = '';
  await poll(
    'the export to finish on the survivor',
    async () => {
      const res = await fetch(`${survivor.api}/export/${asked.exportId}`, { headers: { authorization: `Bearer ${survivorToken}` } });
      status = ((await res.json()) as { status: string }).status;
      if (status === 'failed') throw new Error('the export failed');
      return status === 'done';
    },
    1_200,
    250,
  );
  const file = await fetch(`${survivor.api}/export/${asked.exportId}/file`, { headers: { authorization: `Bearer ${survivorToken}` } });
  expect(file.status).toBe(200);
  const csv = await parseCsv(await file.text());
  expect(csv.length - 1).toBe(asked.rows);
}, 900_000);
