/**
 * Live replication across instances: a device waiting on one api server's longpoll is woken by
 * a push through another on the same database, by PostgreSQL's notification (migration 027,
 * server/db/change-signal.ts), and listening comes back after its connection is cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { PouchDB } from '../support/pouchdb-device.ts';
import { newDevice, openRemote } from '../support/sync-devices.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { answersFor, fieldWorker, joinTeam, makeDocumentWorld, type DocumentWorld, type SignedIn } from '../support/documents.ts';
import { userDatabase } from '../../server/sync/database-names.ts';
import { listenForChanges, SYNC_CHANNEL, type ChangeSignal } from '../../server/db/change-signal.ts';

let a: TestServer;
let b: TestServer;
let baseA: string;
let baseB: string;
let world: DocumentWorld;
let worker: SignedIn;

const listen = async (t: TestServer) => (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');

beforeAll(async () => {
  a = await startTestServer();
  b = await startTestServer({ sameDatabaseAs: a });
  [baseA, baseB] = [await listen(a), await listen(b)];
  world = await makeDocumentWorld(a);
  worker = await fieldWorker(a, 'Two Instances');
  await joinTeam(a, world.program.id, worker.id);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const household = (localId: string, i: number) => ({
  _id: localId,
  program_id: world.program.id,
  module: 'beneficiaries',
  type_id: world.types.beneficiary,
  form_revision_id: world.revisions.household[1],
  form_data: answersFor('beneficiaries', 2, i),
});
const workerDatabase = (base: string) => openRemote(`${base}/sync/db/${userDatabase(worker.id)}`, { token: worker.token });

/** Pushes a new document from a second phone of the worker through instance B. */
async function pushThroughB(localId: string, i: number): Promise<void> {
  const phone = newDevice();
  await phone.put(household(localId, i));
  expect(await phone.replicate.to(workerDatabase(baseB))).toMatchObject({ ok: true, docs_written: 1 });
}

describe('two api servers on one database', () => {
  it("wakes a device waiting on A's longpoll when a document is pushed through B", async () => {
    const waiting = newDevice();
    const arrived: string[] = [];
    const live = PouchDB.replicate(workerDatabase(baseA), waiting, { live: true, heartbeat: 20_000 });
    live.on('change', (info) => arrived.push(...info.docs.map((d) => d._id)));
    try {
      await expect.poll(() => arrived.includes('fieldbase-profile'), { timeout: 20_000 }).toBe(true);
      await pushThroughB('two-instances-1', 1);
      await expect.poll(() => arrived.includes('two-instances-1'), { timeout: 20_000 }).toBe(true);
    } finally {
      // Stopped before the server closes: a request of it still in flight then would fail unhandled.
      live.cancel();
      await live;
    }
  });
});

describe('the change signal', () => {
  let signal: ChangeSignal;
  const logged: string[] = [];
  beforeAll(() => {
    signal = listenForChanges(a.ctx.jobs.databaseUrl, SYNC_CHANNEL, (line) => logged.push(line));
  });
  afterAll(() => signal?.close());

  // No timer stands in for the notification here: without it the wait lasts ten minutes and the test fails on its limit.
  const heardAfter = async (write: () => Promise<void>) => {
    await expect.poll(() => signal.listening, { timeout: 20_000 }).toBe(true);
    const before = signal.heard;
    const woken = signal.after(before, 600_000);
    await write();
    await woken;
    return signal.heard - before;
  };

  it('hears a write to the offline databases committed by another instance', async () => {
    expect(await heardAfter(() => pushThroughB('two-instances-2', 2))).toBeGreaterThanOrEqual(1);
  });

  it('listens again after its connection is cut, saying so in the log', async () => {
    await expect.poll(() => signal.listening, { timeout: 20_000 }).toBe(true);
    // Every listening connection to this test's database: the signal's and both servers'.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${`fieldbase listen ${SYNC_CHANNEL}`} and datname = current_database()`.execute(b.ctx.db);
    await expect.poll(() => logged.some((line) => line.includes('listening again in 1 s')), { timeout: 20_000 }).toBe(true);
    expect(await heardAfter(() => pushThroughB('two-instances-3', 3))).toBeGreaterThanOrEqual(1);
  });
});
