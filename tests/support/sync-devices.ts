/**
 * Devices as the mobile app runs them, for the sync tests: a fresh PouchDB in memory, and a
 * remote database opened over HTTP with the device's bearer token, noting each request it sends.
 *
 *   const phone = newDevice();
 *   const requests: string[] = [];
 *   await phone.replicate.from(openRemote(`${base}/sync/db/program-1`, { token, requests }));
 */
import { PouchDB } from './pouchdb-device.ts';

let devices = 0;

/** A device's own database, empty, in memory (a name no other device in this process has). */
export const newDevice = (): PouchDB => new PouchDB(`device-${process.pid}-${++devices}`, { adapter: 'memory' });

/** A remote database as a device opens it: signed in with `token` (signed out without), each request's "METHOD /path" added to `requests`. */
export function openRemote(url: string, options: { token?: string; requests?: string[] } = {}): PouchDB {
  const { token, requests } = options;
  return new PouchDB(url, {
    skip_setup: true,
    fetch: (to, init) => {
      requests?.push(`${init.method ?? 'GET'} ${new URL(to).pathname}`);
      if (token) init.headers.set('Authorization', `Bearer ${token}`);
      return PouchDB.fetch(to, init);
    },
  });
}

/**
 * Two phones holding the same document, each renaming it offline (its `form_data.name`): the
 * document is put on a first phone, pushed to `remote`, pulled by a second, then edited on both.
 */
export async function editedOnTwoPhones(remote: () => PouchDB, doc: { _id: string }): Promise<[PouchDB, PouchDB]> {
  const first = newDevice();
  await first.put(doc);
  await first.replicate.to(remote());
  const second = newDevice();
  await second.replicate.from(remote());
  for (const [phone, name] of [
    [first, 'From the first phone'],
    [second, 'From the second phone'],
  ] as const) {
    const held = await phone.get<{ form_data: Record<string, unknown> }>(doc._id);
    await phone.put({ ...held, form_data: { ...held.form_data, name } });
  }
  return [first, second];
}
