/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/view-list.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A lookup list read from an uploaded workbook or CSV (spec 2 §3 view-list entry); choice fields point at it by id.
 */
export interface ViewList {
  _id?: string;
  name: string;
  /**
   * Path of the original upload, relative to the api server
   */
  excel_file?: string;
  /**
   * The name the file was uploaded under
   */
  file_name?: string;
  /**
   * The header row
   */
  columns?: string[];
  row_count?: number;
  createdAt?: string;
  updatedAt?: string;
}
