/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/permission.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * The flags a role grants. Each property is one checkbox on /role/permission/{id}, grouped by x-group and labelled by title. Adding a flag = adding a property here.
 */
export interface Permission {
  can_access_app?: boolean;
  can_access_mobile?: boolean;
  can_access_dashboard?: boolean;
  can_get_user?: boolean;
  can_create_user?: boolean;
  can_edit_user?: boolean;
  can_delete_user?: boolean;
  can_get_role?: boolean;
  can_create_role?: boolean;
  can_edit_role?: boolean;
  can_delete_role?: boolean;
  can_get_permission?: boolean;
  can_edit_permission?: boolean;
  can_get_designation?: boolean;
  can_create_designation?: boolean;
  can_edit_designation?: boolean;
  can_delete_designation?: boolean;
  can_get_form?: boolean;
  can_create_form?: boolean;
  can_edit_form?: boolean;
  can_publish_form?: boolean;
  can_delete_form?: boolean;
  can_get_listview?: boolean;
  can_create_listview?: boolean;
  can_edit_listview?: boolean;
  can_delete_listview?: boolean;
  can_get_program?: boolean;
  can_create_program?: boolean;
  can_edit_program?: boolean;
  can_delete_program?: boolean;
  can_lock_program?: boolean;
  can_manage_program_team?: boolean;
  can_manage_program_types?: boolean;
  can_manage_program_goals?: boolean;
  can_send_program_notifications?: boolean;
  can_add_document?: boolean;
  can_edit_own_document?: boolean;
  can_edit_document?: boolean;
  can_edit_document_after_processing?: boolean;
  can_delete_own_document?: boolean;
  can_delete_document?: boolean;
  can_delete_document_after_processing?: boolean;
  edit_document_after_no_of_days?: boolean;
  can_see_all_docs?: boolean;
  can_explore_data?: boolean;
  can_manage_settings?: boolean;
  can_see_support?: boolean;
  can_get_audit?: boolean;
  can_get_webhook?: boolean;
  can_manage_webhook?: boolean;
  can_sync_program?: boolean;
  can_sync_view_list?: boolean;
  can_add_sync_user?: boolean;
  can_compact_sync?: boolean;
}
