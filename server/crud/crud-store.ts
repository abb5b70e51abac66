/** What the CRUD plugin needs from a store: the generic one, or a custom resource's own. */
import type { Db } from '../db/database.ts';
import type { ListParams } from './list-params.ts';

/** A record as the wire shows it. */
export type Row = Record<string, unknown>;

export interface CrudStore {
  /** One page (or all) of the records the parameters select, and how many there are in all. */
  list(db: Db, params: ListParams): Promise<{ rows: Row[]; total: number }>;
  /** One record; a 404 Problem when there is none. */
  get(db: Db, id: string): Promise<Row>;
  /** The writes run on the transaction the plugin opened for the request. */
  create?(db: Db, body: Row, now: Date): Promise<Row>;
  update?(db: Db, id: string, body: Row, now: Date): Promise<Row>;
  remove?(db: Db, id: string): Promise<Row>;
}
