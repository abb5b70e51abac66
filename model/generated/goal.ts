/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/goal.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A target count of records of one type in a program (spec 2 §3), e.g. 500 beneficiaries of type Household. `achieve` counts that type's documents in the program (from the exact document counters).
 */
export interface Goal {
  _id?: string;
  program_id: string;
  document_type: ('BENEFICIARY' | 'LOCATION' | 'EVENT' | 'SURVEY' | 'CASE') & string;
  /**
   * Id of a type record of that kind, attached to the program
   */
  goal_type: string;
  /**
   * The type record's name
   */
  name?: string;
  target: number;
  achieve?: number;
  /**
   * true: `achieve` is counted from the stored documents
   */
  achieve_counted?: boolean;
  isPinned?: boolean;
  created_by?: string | null;
  created_at?: string;
  updated_at?: string;
}
