/**
 * express-pouchdb — PouchDB's own CouchDB-compatible server — as the reference the sync protocol
 * is held against: in memory, in this process, on a free port, without compression (Fieldbase's
 * api server sends identity bodies, so both do the same work). The protocol suite
 * (sync-protocol.test.ts) and bench:sync run the same devices against it and against Fieldbase.
 *
 *   const couch = await startReferenceCouch();
 *   await couch.database('pull').bulkDocs(docs, { new_edits: false });   // as the server writes
 *   new PouchDB(`${couch.url}/pull`, { skip_setup: true });              // as a device opens it
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import expressPouchDB from 'express-pouchdb';
import { PouchDB } from './pouchdb-device.ts';

export interface ReferenceCouch {
  url: string;
  /** The server's own handle on a database (made if new): what it writes, devices replicate. */
  database(name: string): PouchDB;
  close(): Promise<void>;
}

// One app per process: express-pouchdb adds its plugins to the PouchDB it is given, once.
let handler: http.RequestListener | undefined;
let ServerPouch: typeof PouchDB | undefined;

export async function startReferenceCouch(): Promise<ReferenceCouch> {
  // A prefix of its own keeps the server's in-memory databases apart from the devices' in this process.
  ServerPouch ??= PouchDB.defaults({ adapter: 'memory', prefix: 'reference-couch-' });
  handler ??= expressPouchDB(ServerPouch, {
    mode: 'minimumForPouchDB',
    inMemoryConfig: true,
    // Its configuration (in memory) gives the root its server uuid, as CouchDB's has.
    overrideMode: { include: ['config-infrastructure'], exclude: ['compression'] },
  });
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const Server = ServerPouch;
  return {
    url: `http://127.0.0.1:${port}`,
    database: (name) => new Server(name),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
