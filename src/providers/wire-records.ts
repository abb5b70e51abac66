/**
 * Records as the servers write them and as react-admin wants them: ids are `_id` on the wire
 * (spec), `id` in react-admin; a write carries only what a person may write, and an update only
 * what changed, so a PATCH never rewrites what someone else just saved.
 */
import type { Identifier, RaRecord } from 'react-admin';
import { resourceNamed, resourceSchema } from '@model/schema-registry';

export type WireRecord = Record<string, unknown> & { _id: string };

const isWireRecord = (value: unknown): value is WireRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && '_id' in value;

/** One record with `id` beside its `_id` (nested records, such as a user's role, keep theirs). */
export function withId<T extends object>(record: T): T & RaRecord {
  return isWireRecord(record) ? { ...record, id: record._id as Identifier } : (record as T & RaRecord);
}

/** An answer's records with `id`: one record, or each record of a list; anything else as it is. */
export function withIds(json: unknown): unknown {
  if (Array.isArray(json)) return json.map((item) => (isWireRecord(item) ? withId(item) : item));
  return isWireRecord(json) ? withId(json) : json;
}

/** Only the fields a person may write: no id, no server-managed (readOnly) fields. */
export function writableFields(resource: string, data: Record<string, unknown>): Record<string, unknown> {
  const { properties } = resourceSchema(resourceNamed(resource));
  return Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'id' && key in properties && !properties[key]!.readOnly));
}

/** The fields that differ from the record as it was read. */
export function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!previous) return data;
  return Object.fromEntries(Object.entries(data).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(previous[key])));
}

/** react-admin sorts by `id` unless told otherwise; the servers call it `_id`. */
export const wireField = (field: string) => (field === 'id' ? '_id' : field);
