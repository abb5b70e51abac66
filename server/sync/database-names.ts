/** The names of the offline store's databases (sync-databases.ts says who reaches which). */

/** The shared store of submitted documents, each under its local_id: no device opens it by name. */
export const DOCUMENTS_DB = 'documents';

/** A user's documents database: their part of the shared store and their status documents. */
export const userDatabase = (userId: string) => `user-${userId}`;

/**
 * The lock a write to the database takes (sync-store.ts lockDatabase): a user's database is
 * read together with the shared store, so its writers queue with the store's, and one feed over
 * both still follows commit order.
 */
export const lockNameOf = (name: string) => (name.startsWith('user-') ? DOCUMENTS_DB : name);
