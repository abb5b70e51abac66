/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/event_type.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A kind of event a program holds (spec 2 §3): forms filled before and after it, an optional checklist, and whether attendance is taken. Every event has dates, team members and a location.
 */
export interface EventType {
  _id?: string;
  name: string;
  plural_name: string;
  description: string;
  /**
   * The published form field staff fill for a record of this type
   */
  form?: string | null;
  /**
   * @maxItems 50
   */
  pre_event_form_ids?: string[];
  /**
   * @maxItems 50
   */
  post_event_form_ids?: string[];
  has_checklist?: ('yes' | 'no') & string;
  /**
   * Shown only when has_checklist is yes
   *
   * @maxItems 100
   */
  check_list_items?: string[];
  has_attendies?: ('yes' | 'no') & string;
  createdAt?: string;
  updatedAt?: string;
}
