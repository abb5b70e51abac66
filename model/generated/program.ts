/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/program.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { Goal } from './goal';

/**
 * A program (spec 2 §3): who runs it (program heads) and who works on it (team), the record types it uses, its modules, goals and notifications. A user is either a program head or a team member, never both. `lockProgram` 1 refuses every change but unlocking.
 */
export interface Program {
  _id?: string;
  name: string;
  name_slug?: string;
  description?: string;
  /**
   * Path of the image, relative to the api server
   */
  photo?: string | null;
  /**
   * true active, false deactivated
   */
  status?: boolean;
  program_head?: string[];
  teams?: string[];
  no_of_days_for_edit_program: number;
  documentVisible: ('ALL' | 'OWN') & string;
  lockProgram?: 0 | 1;
  beneficiary_types?: string[];
  location_types?: string[];
  event_types?: string[];
  survey_types?: string[];
  case_types?: string[];
  permission_files?: string[];
  active_module?: {
    beneficiaries: boolean;
    locations: boolean;
    events: boolean;
    cases: boolean;
    surveys: boolean;
    permission: boolean;
  };
  /**
   * The program's goals (in lists and the full program)
   */
  goals?: Goal[];
  created_by?: {
    _id?: string;
    first_name?: string;
    last_name?: string;
  } | null;
  created_at?: string;
  updated_at?: string;
}
