/**
 * PouchDB as a device runs it (pouchdb-core with the memory, HTTP and replication plugins),
 * registered once: the server test files share their modules in a worker, and a plugin
 * registered twice throws ("Cannot redefine property: replicate").
 */
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';

PouchDB.plugin(memory);
PouchDB.plugin(http);
PouchDB.plugin(replication);

export { PouchDB };
