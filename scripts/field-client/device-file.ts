/**
 * The device's databases kept in a file between runs, so the field client works offline as an app
 * does. Two local databases, as an app keeps them: `documents` (what it makes and pushes, paired
 * with the user's documents database) and `programs` (the program databases it pulls, never
 * pushed). Every revision of every document (conflicts included) is written out with its history
 * and read back with `new_edits: false`, so the next push or pull carries on where it stopped.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { PouchDB } from './pouchdb.ts';

type Doc = Record<string, unknown> & { _id: string; _rev: string };

export interface Device {
  documents: PouchDB;
  programs: PouchDB;
}

let opened = 0;
const fresh = (name: string) => new PouchDB(`field-client-${process.pid}-${++opened}-${name}`, { adapter: 'memory' });

export async function openDevice(file: string): Promise<Device> {
  const device = { documents: fresh('documents'), programs: fresh('programs') };
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<keyof Device, Doc[]>;
    for (const name of ['documents', 'programs'] as const) {
      if (saved[name]?.length) await device[name].bulkDocs(saved[name], { new_edits: false });
    }
  }
  return device;
}

/** Writes the device to its file; answers how many revisions it holds. */
export async function saveDevice(device: Device, file: string): Promise<number> {
  const saved = { documents: await everyLeaf(device.documents), programs: await everyLeaf(device.programs) };
  // Written whole, then moved into place: a crash mid-write leaves the last good file.
  writeFileSync(`${file}.tmp`, JSON.stringify(saved));
  renameSync(`${file}.tmp`, file);
  await device.documents.destroy();
  await device.programs.destroy();
  return saved.documents.length + saved.programs.length;
}

async function everyLeaf(db: PouchDB): Promise<Doc[]> {
  const docs: Doc[] = [];
  for (const row of (await db.allDocs()).rows) {
    const leaves = await db.get<Doc>(row.id, { open_revs: 'all', revs: true });
    for (const leaf of leaves) if ('ok' in leaf) docs.push(leaf.ok as Doc);
  }
  return docs;
}
