/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/survey_type.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A kind of survey a program runs (spec 2 §3).
 */
export interface SurveyType {
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
    locations?: boolean;
    address?: boolean;
    abbreviated_address?: boolean;
  };
  createdAt?: string;
  updatedAt?: string;
}
