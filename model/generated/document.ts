/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/document.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { FormField } from './form-field';

/**
 * A document field staff submitted (spec 1 §3): the answers to one published revision of the form of a type record attached to a program's module. Lists (the dashboard's recent documents, the Data Explorer's pages) carry the same fields without `form_data` and `form_fields`.
 */
export interface Document {
  _id: string;
  /**
   * The mobile app's own id of the document: a second submission with it answers the first document.
   */
  local_id: string;
  doc_type: 'BENEFICIARY' | 'LOCATION' | 'EVENT' | 'SURVEY' | 'CASE';
  module: 'beneficiaries' | 'locations' | 'events' | 'cases' | 'surveys';
  program_id: string;
  program_slug: string;
  program_name: string;
  /**
   * The type record (a beneficiary type, an event type…) the document is a record of.
   */
  type_id: string;
  type_name: string;
  beneficiary_type_name?: string;
  location_type_name?: string;
  event_type_name?: string;
  survey_type_name?: string;
  case_type_name?: string;
  form_id?: string;
  form_revision_id?: string;
  /**
   * The published revision the document was filled against.
   */
  form_version?: number;
  /**
   * Each answered field by field_name: its label in the document's revision and its value.
   */
  form_data?: {
    [k: string]: {
      label: string;
      value: unknown;
    };
  };
  form_fields?: {
    structures: FormField[];
  };
  user_object: {
    _id: string;
    first_name: string;
    last_name: string;
  };
  createdAt: string;
  updatedAt: string;
  /**
   * A reviewer has marked the document processed: changing or deleting it needs the after-processing flags.
   */
  processed: boolean;
  processedAt: string | null;
  /**
   * The document's place in every list (its keyset key): pass it as `after` or `before` to page from here.
   */
  cursor: string;
}
