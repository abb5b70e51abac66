/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/beneficiary_type.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A kind of person a program serves (spec 2 §3): its names, the published form field staff fill, and which optional fields it asks for beside the mandatory first name, last name, mobile number, gender, date of birth and photo.
 */
export interface BeneficiaryType {
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
    last_name?: boolean;
    mobile_number?: boolean;
    secondary_contact_number?: boolean;
    education_level?: boolean;
    address?: boolean;
    location_field?: boolean;
    occupation?: boolean;
    photo?: boolean;
  };
  createdAt?: string;
  updatedAt?: string;
}
