/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/*.schema.json
 * Rebuild with `npm run codegen`.
 */

export type * from './auth';
export type * from './designation';
export type * from './form-field';
export type * from './form';
export type * from './listview';
export type * from './permission';
export type * from './resources';
export type * from './role';
export type * from './user';
export type * from './resource-names';
