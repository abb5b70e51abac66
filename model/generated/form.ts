/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/form.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { FormField } from './form-field';

/**
 * A custom form (spec 2 §3 "Form"): one id for life, an editable draft, and numbered published revisions (form-revision). `version` is the number of the latest published revision (0 before the first publish); `draft_version` counts saved changes to the draft, and a save must carry the one it was based on.
 */
export interface Form {
  _id?: string;
  name: string;
  name_slug?: string;
  /**
   * The form this one was copied from
   */
  parent_id?: string | null;
  program_ids?: string[];
  /**
   * The same ids as program_ids (the spec's client sends both)
   */
  programs?: string[];
  structures?: FormField[];
  field_count?: number;
  created_by?: {
    _id?: string;
    first_name?: string;
    last_name?: string;
  } | null;
  created_at?: string;
  updated_at?: string;
  version?: number;
  has_published?: boolean;
  status?: boolean;
  /**
   * Counts saved changes to the draft; a save sends the one it started from and gets 409 if someone saved in between
   */
  draft_version?: number;
}
