/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/location_type.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A kind of place a program works in (spec 2 §3).
 */
export interface LocationType {
  _id?: string;
  name: string;
  plural_name: string;
  description: string;
  /**
   * The published form field staff fill for a record of this type
   */
  form?: string | null;
  /**
   * The optional fields a record of this type asks for, beside its mandatory ones
   */
  non_mandatory_check_fields?: {
    address?: boolean;
    abbreviated_address?: boolean;
  };
  createdAt?: string;
  updatedAt?: string;
}
