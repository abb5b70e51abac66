/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/designation.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A job title a user holds (spec 1 §3).
 */
export interface Designation {
  _id?: string;
  name: string;
  status?: boolean;
  createdAt?: string;
  updatedAt?: string;
}
