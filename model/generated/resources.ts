/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/resources.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * This interface was referenced by `ResourceMap`'s JSON-Schema
 * via the `definition` "Action".
 */
export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete';

/**
 * Where each entity lives and who may touch it. The console's data provider, menu, generic pages and access checks, and the servers' generic CRUD routes, all read this map.
 */
export interface ResourceMap {
  [k: string]: ResourceEntry;
}
/**
 * This interface was referenced by `ResourceMap`'s JSON-Schema
 * via the `definition` "ResourceEntry".
 */
export interface ResourceEntry {
  /**
   * $id of the entity schema in schemas/
   */
  schema: string;
  server: 'auth' | 'api';
  /**
   * Collection path on that server, without leading slash
   */
  path: string;
  /**
   * Path of the paged list when the spec puts it apart from `path` (programs: program/programList); records are still read and written under `path`
   */
  listPath?: string;
  /**
   * generic: the server's CRUD routes and table are generated from the schema; custom: hand-written routes in the named place
   */
  routes: 'generic' | 'custom';
  label: {
    one: string;
    many: string;
  };
  /**
   * The permission flag each action needs, checked by the server and mirrored by the console
   */
  permissions: {
    list?: string;
    show?: string;
    create?: string;
    edit?: string;
    delete?: string;
  };
  list?: {
    columns?: string[];
    /**
     * Property (or properties, any of which may match) searched case-insensitively by the search box
     */
    search?: string | [string, ...string[]];
    /**
     * Offer 'Export <label.many>': a CSV of the rows and columns on screen
     */
    export?: boolean;
    /**
     * Shown instead of the table when the role lacks the list flag (default: You don't have permission to see <label.many>)
     */
    deniedMessage?: string;
    sort?: {
      field: string;
      order: 'ASC' | 'DESC';
    };
  };
  form?: {
    fields?: string[];
    mode?: 'dialog' | 'page';
  };
  /**
   * Boolean property that marks a row active (true) or inactive (false)
   */
  status?: string;
  /**
   * The property that names one record to a person: shown where another record refers to it (list columns, pickers, titles), and what a reference column sorts and searches by
   */
  recordRepresentation?: string;
  menu?: {
    order: number;
    /**
     * One of the names in model/menu-icons.ts (the map check refuses any other)
     */
    icon: string;
  };
}
