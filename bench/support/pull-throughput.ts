/**
 * Pull throughput, documents per second: fresh PouchDB devices pull the same documents (same ids,
 * revisions and bodies) from Fieldbase's api server and from express-pouchdb (PouchDB's own
 * CouchDB-compatible server, in memory, uncompressed as Fieldbase answers), in a shuffled order
 * round after round; each device's contents are compared, so both answered the same. The ratio
 * is the median of the rounds' ratios.
 */
import { createHash } from 'node:crypto';
import { writeRevisions } from '../../server/sync/sync-store.ts';
import type { ReplicatedDoc } from '../../server/sync/rev-tree.ts';
import type { Db } from '../../server/db/database.ts';
import type { PouchDB } from '../../scripts/field-client/pouchdb.ts';
import { startReferenceCouch } from '../../tests/support/reference-couch.ts';
import { newDevice, openRemote } from '../../tests/support/sync-devices.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const hash = (s: string) => createHash('md5').update(s).digest('hex');

/** A submitted document as the store keeps it, with a history of two revisions. */
function submission(i: number): ReplicatedDoc {
  const [first, second] = [hash(`first ${i}`), hash(`second ${i}`)];
  return {
    _id: `throughput-${String(i).padStart(6, '0')}`,
    _rev: `2-${second}`,
    _revisions: { start: 2, ids: [second, first] },
    program_id: 'bench-program',
    module: 'beneficiaries',
    type_id: 'bench-type',
    form_revision_id: 'bench-revision',
    form_data: {
      place: `Place ${i % 997}`,
      household: `Household ${i}`,
      members: 1 + (i % 9),
      notes: 'Visited twice; water point 200 m away.',
    },
  };
}

/** What a device holds, in one string: every document with its winner's body and its conflicts. */
async function contents(phone: PouchDB): Promise<string> {
  const { rows } = await phone.allDocs({ include_docs: true, conflicts: true });
  return JSON.stringify(rows.map((r) => r.doc));
}

export interface Contender {
  name: string;
  open(): PouchDB;
}

export async function measurePullThroughput(options: {
  db: Db;
  apiUrl: string;
  token: string;
  database: string;
  documents: number;
  rounds: number;
}) {
  const { db, apiUrl, token, database, documents, rounds } = options;
  const docs = Array.from({ length: documents }, (_, i) => submission(i));
  for (let i = 0; i < docs.length; i += 1000) await writeRevisions(db, database, docs.slice(i, i + 1000));
  const fieldbase: Contender = { name: 'Fieldbase', open: () => openRemote(`${apiUrl}/sync/db/${database}`, { token }) };
  // The reference gets exactly what Fieldbase serves (its own documents of the program too), replicated.
  const couch = await startReferenceCouch();
  try {
    const seeded = newDevice();
    await seeded.replicate.from(fieldbase.open());
    const expected = await contents(seeded);
    await seeded.replicate.to(couch.database('throughput'));
    await seeded.destroy();
    const reference: Contender = { name: 'express-pouchdb', open: () => openRemote(`${couch.url}/throughput`) };

    const rates = new Map<string, number[]>([
      [fieldbase.name, []],
      [reference.name, []],
    ]);
    let same = true;
    for (let round = 0; round < rounds; round++) {
      const order = Math.random() < 0.5 ? [fieldbase, reference] : [reference, fieldbase];
      for (const contender of order) {
        const phone = newDevice();
        const started = performance.now();
        const pulled = await phone.replicate.from(contender.open());
        const seconds = (performance.now() - started) / 1000;
        rates.get(contender.name)!.push(pulled.docs_written / seconds);
        same &&= (await contents(phone)) === expected;
        await phone.destroy();
      }
    }
    const ours = median(rates.get(fieldbase.name)!);
    const theirs = median(rates.get(reference.name)!);
    // Each round's two pulls run back to back, at the machine's pace of that moment: the ratio is
    // the median of the rounds' ratios, so a slow moment weighs on one round, not on one side.
    const ratio = median(rates.get(fieldbase.name)!.map((rate, i) => rate / rates.get(reference.name)![i]!));
    return { ours, theirs, ratio, same, rates };
  } finally {
    await couch.close();
  }
}
