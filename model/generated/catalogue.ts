/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/*.schema.json and resources.json
 * Rebuild with `npm run codegen`.
 */

/** The resources' names and field labels (react-admin's keys), from the map and the schemas. */
export const resourceMessages = {
  "designation": {
    "name": "Designation |||| Designations",
    "fields": {
      "name": "Name",
      "status": "Status"
    }
  },
  "role": {
    "name": "Role |||| Roles",
    "fields": {
      "role": "Role",
      "role_slug": "Slug",
      "status": "Status",
      "permission": "Permission"
    },
    "denied": "You don't have permission to see Roles"
  },
  "user": {
    "name": "User |||| Users",
    "fields": {
      "employeeId": "Employee ID",
      "first_name": "First Name",
      "last_name": "Last Name",
      "fullname": "Full Name",
      "email": "Email",
      "mobile": "Mobile No.",
      "designation": "Designation",
      "role": "Role",
      "photo": "Photo",
      "status": "Status",
      "language": "Language",
      "builtin": "Built-in admin",
      "password": "Password",
      "current_password": "Current Password"
    }
  },
  "listview": {
    "name": "View list |||| View lists",
    "fields": {
      "name": "Name",
      "excel_file": "Excel file",
      "file_name": "File name",
      "columns": "Columns",
      "row_count": "Rows"
    }
  },
  "custom-form": {
    "name": "Form |||| Custom Forms",
    "fields": {
      "name": "Name",
      "name_slug": "Slug",
      "parent_id": "Copied from",
      "program_ids": "Programs",
      "structures": "Fields",
      "field_count": "Fields",
      "created_by": "Created by",
      "created_at": "Created at",
      "updated_at": "Last updated",
      "version": "Revisions",
      "has_published": "Published",
      "status": "Status"
    }
  },
  "program": {
    "name": "Program |||| Programs",
    "fields": {
      "name": "Program name",
      "name_slug": "Slug",
      "description": "Description",
      "photo": "Program image",
      "status": "Status",
      "program_head": "Program heads",
      "teams": "Team members",
      "no_of_days_for_edit_program": "Days before editing is disabled",
      "documentVisible": "Documents access permission",
      "lockProgram": "Locked",
      "beneficiary_types": "Beneficiary types",
      "location_types": "Location types",
      "event_types": "Event types",
      "survey_types": "Survey types",
      "case_types": "Case types",
      "permission_files": "Permission files",
      "active_module": "Modules",
      "goals": "Goals",
      "created_by": "Created by",
      "created_at": "Created at",
      "updated_at": "Last updated"
    }
  },
  "goal": {
    "name": "Goal |||| Goals",
    "fields": {
      "program_id": "Program",
      "document_type": "Record kind",
      "goal_type": "Type",
      "name": "Goal",
      "target": "Target",
      "achieve": "Completed",
      "isPinned": "Pinned",
      "created_at": "Created at",
      "updated_at": "Last updated"
    }
  },
  "notification": {
    "name": "Notification |||| Notifications",
    "fields": {
      "title": "Notification Title",
      "body": "Notification Content",
      "program": "Program",
      "created_by": "Sent by",
      "created_at": "Sent at",
      "updated_at": "Last updated"
    }
  },
  "beneficiary_type": {
    "name": "Beneficiary Type |||| Beneficiary Types",
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    }
  },
  "location_type": {
    "name": "Location Type |||| Location Types",
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    }
  },
  "event_type": {
    "name": "Event Type |||| Event Types",
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "pre_event_form_ids": "Pre-event forms",
      "post_event_form_ids": "Post-event forms",
      "has_checklist": "Has checklist",
      "check_list_items": "Checklist",
      "has_attendies": "Takes attendance"
    }
  },
  "case_type": {
    "name": "Case Type |||| Case Types",
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "case_type_status": "Statuses"
    }
  },
  "survey_type": {
    "name": "Survey Type |||| Survey Types",
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    }
  },
  "permission_file": {
    "name": "Permission File |||| Permission Files",
    "fields": {
      "name": "Name",
      "file": "File",
      "file_name": "File name",
      "preview": "Preview",
      "content_type": "Type",
      "size": "Size"
    }
  },
  "webhook": {
    "name": "Webhook |||| Webhooks",
    "fields": {
      "name": "Name",
      "url": "URL",
      "events": "Events",
      "secret": "Secret",
      "status": "Active"
    }
  }
} as const;

/** Every schema's field labels, labelled choices and flag groups. */
export const schemaMessages = {
  "audit-export": {
    "fields": {}
  },
  "auth": {
    "fields": {}
  },
  "beneficiary_type": {
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "plural_name": {
        "required": "Plural name is required"
      },
      "description": {
        "required": "Description is required"
      }
    }
  },
  "case_type": {
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "case_type_status": "Statuses"
    },
    "help": {
      "case_type_status": "Open and Closed come first and cannot be removed"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "plural_name": {
        "required": "Plural name is required"
      },
      "description": {
        "required": "Description is required"
      },
      "case_type_status": {
        "minItems": "Statuses must start with Open and Closed",
        "items": "Statuses must start with Open and Closed",
        "uniqueItems": "Each status must differ from the others"
      }
    }
  },
  "change": {
    "fields": {}
  },
  "designation": {
    "fields": {
      "name": "Name",
      "status": "Status"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      }
    }
  },
  "document": {
    "fields": {
      "local_id": "Local id",
      "doc_type": "Document type",
      "module": "Module",
      "program_name": "Program",
      "type_name": "Document Type"
    }
  },
  "event_type": {
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "pre_event_form_ids": "Pre-event forms",
      "post_event_form_ids": "Post-event forms",
      "has_checklist": "Has checklist",
      "check_list_items": "Checklist",
      "has_attendies": "Takes attendance"
    },
    "choices": {
      "has_checklist": {
        "yes": "Yes",
        "no": "No"
      },
      "has_attendies": {
        "yes": "Yes",
        "no": "No"
      }
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "plural_name": {
        "required": "Plural name is required"
      },
      "description": {
        "required": "Description is required"
      }
    }
  },
  "export-job": {
    "fields": {}
  },
  "form-field": {
    "fields": {
      "field_label": "Field label",
      "field_name": "Field name",
      "field_type": "Field type",
      "help_text": "Help text",
      "translations": "Translations"
    },
    "messages": {
      "field_label": {
        "required": "Field label is required."
      }
    }
  },
  "form": {
    "fields": {
      "name": "Name",
      "name_slug": "Slug",
      "parent_id": "Copied from",
      "program_ids": "Programs",
      "structures": "Fields",
      "field_count": "Fields",
      "created_by": "Created by",
      "created_at": "Created at",
      "updated_at": "Last updated",
      "version": "Revisions",
      "has_published": "Published",
      "status": "Status"
    },
    "messages": {
      "name": {
        "required": "add title",
        "minLength": "add title"
      }
    }
  },
  "goal": {
    "fields": {
      "program_id": "Program",
      "document_type": "Record kind",
      "goal_type": "Type",
      "name": "Goal",
      "target": "Target",
      "achieve": "Completed",
      "isPinned": "Pinned",
      "created_at": "Created at",
      "updated_at": "Last updated"
    },
    "choices": {
      "document_type": {
        "BENEFICIARY": "Beneficiary",
        "LOCATION": "Location",
        "EVENT": "Event",
        "SURVEY": "Survey",
        "CASE": "Case"
      }
    },
    "messages": {
      "goal_type": {
        "required": "Type is required"
      },
      "target": {
        "required": "Target is required",
        "minimum": "Target must be at least 1"
      }
    }
  },
  "location_type": {
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "plural_name": {
        "required": "Plural name is required"
      },
      "description": {
        "required": "Description is required"
      }
    }
  },
  "notification": {
    "fields": {
      "title": "Notification Title",
      "body": "Notification Content",
      "program": "Program",
      "created_by": "Sent by",
      "created_at": "Sent at",
      "updated_at": "Last updated"
    },
    "messages": {
      "title": {
        "required": "Notification Title is required",
        "minLength": "Notification Title is required"
      },
      "body": {
        "required": "Notification Content is required",
        "minLength": "Notification Content is required"
      }
    }
  },
  "permission": {
    "fields": {
      "can_access_app": "Can access data app",
      "can_access_mobile": "Can access mobile",
      "can_access_dashboard": "Can access dashboard",
      "can_get_user": "Can get user",
      "can_create_user": "Can create user",
      "can_edit_user": "Can edit user",
      "can_delete_user": "Can delete user",
      "can_get_role": "Can get role",
      "can_create_role": "Can create role",
      "can_edit_role": "Can edit role",
      "can_delete_role": "Can delete role",
      "can_get_permission": "Can get permission",
      "can_edit_permission": "Can edit permission",
      "can_get_designation": "Can get designation",
      "can_create_designation": "Can create designation",
      "can_edit_designation": "Can edit designation",
      "can_delete_designation": "Can delete designation",
      "can_get_form": "Can get form",
      "can_create_form": "Can create form",
      "can_edit_form": "Can edit form",
      "can_publish_form": "Can publish form",
      "can_delete_form": "Can delete form",
      "can_get_listview": "Can get view list",
      "can_create_listview": "Can create view list",
      "can_edit_listview": "Can edit view list",
      "can_delete_listview": "Can delete view list",
      "can_get_program": "Can get program",
      "can_create_program": "Can create program",
      "can_edit_program": "Can edit program",
      "can_delete_program": "Can delete program",
      "can_lock_program": "Can lock program",
      "can_manage_program_team": "Can manage program team",
      "can_manage_program_types": "Can manage program types",
      "can_manage_program_goals": "Can manage program goals",
      "can_send_program_notifications": "Can send program notifications",
      "can_add_document": "Can add document",
      "can_edit_own_document": "Can edit own document",
      "can_edit_document": "Can edit document",
      "can_edit_document_after_processing": "Can edit document after processing",
      "can_delete_own_document": "Can delete own document",
      "can_delete_document": "Can delete document",
      "can_delete_document_after_processing": "Can delete document after processing",
      "edit_document_after_no_of_days": "Edit document after number of days",
      "can_see_all_docs": "Can see all documents",
      "can_explore_data": "Can explore and export data",
      "can_manage_settings": "Can manage organisation settings",
      "can_see_support": "Can see support and system health",
      "can_get_audit": "Can read the audit log",
      "can_get_webhook": "Can see webhooks and their deliveries",
      "can_manage_webhook": "Can add, change, test and delete webhooks (which are told every change they ask for, as the audit log shows it)",
      "can_sync_program": "Can sync a program to its offline database",
      "can_sync_view_list": "Can sync view lists to the offline databases",
      "can_add_sync_user": "Can give a user their offline databases",
      "can_compact_sync": "Can compact an offline database"
    },
    "groups": {
      "app": "App",
      "user": "User",
      "role": "Role",
      "permission": "Permission",
      "designation": "Designation",
      "forms": "Forms",
      "view_lists": "View lists",
      "programs": "Programs",
      "documents": "Documents",
      "settings": "Settings",
      "audit": "Audit",
      "webhooks": "Webhooks",
      "sync": "Sync"
    }
  },
  "permission_file": {
    "fields": {
      "name": "Name",
      "file": "File",
      "file_name": "File name",
      "preview": "Preview",
      "content_type": "Type",
      "size": "Size"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      }
    }
  },
  "program": {
    "fields": {
      "name": "Program name",
      "name_slug": "Slug",
      "description": "Description",
      "photo": "Program image",
      "status": "Status",
      "program_head": "Program heads",
      "teams": "Team members",
      "no_of_days_for_edit_program": "Days before editing is disabled",
      "documentVisible": "Documents access permission",
      "lockProgram": "Locked",
      "beneficiary_types": "Beneficiary types",
      "location_types": "Location types",
      "event_types": "Event types",
      "survey_types": "Survey types",
      "case_types": "Case types",
      "permission_files": "Permission files",
      "active_module": "Modules",
      "goals": "Goals",
      "created_by": "Created by",
      "created_at": "Created at",
      "updated_at": "Last updated"
    },
    "choices": {
      "documentVisible": {
        "ALL": "ALL (everyone)",
        "OWN": "OWN (only the owner)"
      }
    },
    "messages": {
      "name": {
        "required": "Program name is required",
        "minLength": "Program name is required"
      },
      "description": {
        "required": "Description is required"
      },
      "no_of_days_for_edit_program": {
        "required": "Days before editing is disabled is required",
        "minimum": "Days before editing is disabled must be 0 or more",
        "type": "Days before editing is disabled must be a whole number"
      },
      "documentVisible": {
        "required": "Documents access permission is required"
      }
    }
  },
  "resources": {
    "fields": {}
  },
  "role": {
    "fields": {
      "role": "Role",
      "role_slug": "Slug",
      "status": "Status",
      "permission": "Permission"
    },
    "messages": {
      "role": {
        "required": "role name required"
      }
    }
  },
  "settings": {
    "fields": {
      "organisation_name": "Organisation name",
      "default_language": "Default language",
      "time_zone": "Time zone",
      "map_tiles_url": "Map tiles URL",
      "logo": "Logo"
    },
    "choices": {
      "default_language": {
        "en": "English",
        "fr": "French",
        "es": "Spanish",
        "pt": "Portuguese",
        "ar": "Arabic",
        "sw": "Swahili",
        "ha": "Hausa",
        "am": "Amharic",
        "hi": "Hindi"
      }
    },
    "messages": {
      "organisation_name": {
        "required": "Organisation name is required"
      },
      "time_zone": {
        "required": "Time zone is required"
      },
      "map_tiles_url": {
        "pattern": "Enter none, or an http(s) address with {z}, {x} and {y} in it"
      }
    }
  },
  "survey_type": {
    "fields": {
      "name": "Name",
      "plural_name": "Plural name",
      "description": "Description",
      "form": "Form",
      "non_mandatory_check_fields": "Optional fields"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "plural_name": {
        "required": "Plural name is required"
      },
      "description": {
        "required": "Description is required"
      }
    }
  },
  "user": {
    "fields": {
      "employeeId": "Employee ID",
      "first_name": "First Name",
      "last_name": "Last Name",
      "fullname": "Full Name",
      "email": "Email",
      "mobile": "Mobile No.",
      "designation": "Designation",
      "role": "Role",
      "photo": "Photo",
      "status": "Status",
      "language": "Language",
      "builtin": "Built-in admin",
      "password": "Password",
      "current_password": "Current Password"
    },
    "messages": {
      "mobile": {
        "minLength": "Mobile No. must be 10 digits",
        "maxLength": "Mobile No. must be 10 digits",
        "pattern": "Mobile No. must be 10 digits"
      },
      "current_password": {
        "required": "Enter your current password"
      }
    }
  },
  "view-list": {
    "fields": {
      "name": "Name",
      "excel_file": "Excel file",
      "file_name": "File name",
      "columns": "Columns",
      "row_count": "Rows"
    },
    "messages": {
      "name": {
        "required": "Name field required"
      }
    }
  },
  "webhook": {
    "fields": {
      "name": "Name",
      "url": "URL",
      "events": "Events",
      "secret": "Secret",
      "status": "Active"
    },
    "messages": {
      "name": {
        "required": "Name is required"
      },
      "url": {
        "required": "URL is required",
        "pattern": "URL must start with http:// or https:// and name a host"
      },
      "secret": {
        "minLength": "Secret must be at least 16 characters"
      }
    }
  }
} as const;
