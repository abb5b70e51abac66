/**
 * The two servers the sync protocol suite runs against: Fieldbase's api server, and
 * express-pouchdb as the reference implementation. Each offers a database its server writes
 * and devices pull, and one devices push their documents to — on Fieldbase a program's
 * database and a field worker's documents database, so pushed documents pass its checks.
 */
import { expect } from 'vitest';
import { startTestServer } from './test-server.ts';
import { makeDocumentWorld, answersFor } from './documents.ts';
import { startReferenceCouch } from './reference-couch.ts';
import { openRemote } from './sync-devices.ts';
import type { PouchDB } from './pouchdb-device.ts';
import { writeRevisions } from '../../server/sync/sync-store.ts';
import { followChanges } from '../../server/sync/sync-follower.ts';
import { userDatabase } from '../../server/sync/database-names.ts';
import { programDatabase } from '../../server/sync/program-database.ts';
import type { ReplicatedDoc } from '../../server/sync/rev-tree.ts';

export interface SyncTarget {
  /** The database the server writes and devices pull. */
  pullName: string;
  /** The database devices push their documents to (and pull them back from). */
  pushName: string;
  /** A database as a device opens it, each request noted in `requests`. */
  remote(name: string, requests?: string[]): PouchDB;
  /** A request as the device sends it, to a path under the server's root (`/{db}/_changes`…). */
  call(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  /** The server writes replicated revisions into the pull database. */
  write(docs: ReplicatedDoc[]): Promise<void>;
  /** A new document a device may push: `name` is the one answer the suite edits. */
  newDocument(id: string, name: string): Record<string, unknown> & { _id: string };
  close(): Promise<void>;
}

function targetOn(
  root: string,
  token: string | undefined,
  rest: Pick<SyncTarget, 'pullName' | 'pushName' | 'write' | 'newDocument' | 'close'>,
) {
  return {
    ...rest,
    remote: (name: string, requests?: string[]) => openRemote(`${root}/${name}`, { token, requests }),
    call: (path: string, init: { method?: string; body?: unknown } = {}) =>
      fetch(`${root}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
  } satisfies SyncTarget;
}

export async function fieldbaseTarget(): Promise<SyncTarget> {
  const t = await startTestServer();
  const base = (await t.api.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
  const world = await makeDocumentWorld(t);
  // The program's database built from its configuration first: what the suite writes beside it is then left alone.
  await followChanges(t.ctx.db, { wait: true });
  const pullName = programDatabase(world.program.id);
  return targetOn(`${base}/sync/db`, world.member.token, {
    pullName,
    pushName: userDatabase(world.member.id),
    write: async (docs) => expect(await writeRevisions(t.ctx.db, pullName, docs)).toEqual([]),
    newDocument: (id, name) => ({
      _id: id,
      program_id: world.program.id,
      module: 'beneficiaries',
      type_id: world.types.beneficiary,
      form_revision_id: world.revisions.household[1],
      form_data: { ...answersFor('beneficiaries', 2, 0), name },
    }),
    close: () => t.close(),
  });
}

let references = 0;
export async function referenceTarget(): Promise<SyncTarget> {
  const couch = await startReferenceCouch();
  const n = ++references;
  const [pullName, pushName] = [`pull-${n}`, `push-${n}`];
  const pull = couch.database(pullName);
  couch.database(pushName);
  return targetOn(couch.url, undefined, {
    pullName,
    pushName,
    write: async (docs) => {
      const answers = (await pull.bulkDocs(docs, { new_edits: false })) as { error?: string }[];
      expect(answers.filter((a) => a.error)).toEqual([]);
    },
    newDocument: (id, name) => ({ _id: id, form_data: { name, age: 40 } }),
    close: () => couch.close(),
  });
}
