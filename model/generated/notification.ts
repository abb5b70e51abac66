/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/notification.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A message sent to a program's team (spec 2 §3); the mobile app polls each signed-in user's notifications from the programs they are on.
 */
export interface Notification {
  _id?: string;
  title: string;
  body: string;
  program: string;
  created_by?: {
    _id?: string;
    first_name?: string;
    last_name?: string;
  } | null;
  /**
   * In the signed-in user's own list: whether they have read it
   */
  read?: boolean;
  created_at?: string;
  updated_at?: string;
}
