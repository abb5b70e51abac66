/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/resources.json
 * Rebuild with `npm run codegen`.
 */

/** A resource of the map (a key of schemas/resources.json). */
export type ResourceName =
  | 'designation'
  | 'role'
  | 'user'
  | 'listview'
  | 'custom-form'
  | 'program'
  | 'goal'
  | 'notification'
  | 'beneficiary_type'
  | 'location_type'
  | 'event_type'
  | 'case_type'
  | 'survey_type'
  | 'permission_file'
  | 'webhook';

/** The same names at run time, in the map's order. */
export const resourceNames: readonly ResourceName[] = ['designation', 'role', 'user', 'listview', 'custom-form', 'program', 'goal', 'notification', 'beneficiary_type', 'location_type', 'event_type', 'case_type', 'survey_type', 'permission_file', 'webhook'];
