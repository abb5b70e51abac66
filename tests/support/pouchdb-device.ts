/**
 * PouchDB as a device runs it (pouchdb-core with the memory, HTTP and replication plugins): the
 * field client's set-up, shared, because the server test files share their modules in a worker
 * and a plugin registered twice throws ("Cannot redefine property: replicate").
 */
export { PouchDB } from '../../scripts/field-client/pouchdb.ts';
