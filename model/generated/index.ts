/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/*.schema.json
 * Rebuild with `npm run codegen`.
 */

export type * from './audit-export';
export type * from './auth';
export type * from './beneficiary_type';
export type * from './case_type';
export type * from './change';
export type * from './designation';
export type * from './document';
export type * from './event_type';
export type * from './export-job';
export type * from './form-field';
export type * from './form';
export type * from './goal';
export type * from './location_type';
export type * from './notification';
export type * from './permission';
export type * from './permission_file';
export type * from './program';
export type * from './resources';
export type * from './role';
export type * from './settings';
export type * from './survey_type';
export type * from './user';
export type * from './view-list';
export type * from './webhook';
export type * from './resource-names';
export type * from './catalogue';
