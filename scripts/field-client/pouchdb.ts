/** PouchDB as the field client runs it: in memory (kept in a file by device-file.ts), over HTTP, replicating. */
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(memory);
PouchDB.plugin(http);
PouchDB.plugin(replication);

export { PouchDB };
