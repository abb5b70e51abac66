/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/case_type.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A kind of case a program follows (spec 2 §3), with the statuses a case moves through: always Open and Closed first, then any the program adds.
 */
export interface CaseType {
  _id?: string;
  name: string;
  plural_name: string;
  description: string;
  /**
   * The published form field staff fill for a record of this type
   */
  form?: string | null;
  /**
   * Open and Closed come first and cannot be removed
   *
   * @minItems 2
   * @maxItems 30
   */
  case_type_status?: ['Open', 'Closed', ...string[]];
  createdAt?: string;
  updatedAt?: string;
}
