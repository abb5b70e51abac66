/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/*.schema.json
 * Rebuild with `npm run codegen`.
 */

import AuditExportSchema from '../../schemas/audit-export.schema.json';
import AuthSchema from '../../schemas/auth.schema.json';
import BeneficiaryTypeSchema from '../../schemas/beneficiary_type.schema.json';
import CaseTypeSchema from '../../schemas/case_type.schema.json';
import ChangeSchema from '../../schemas/change.schema.json';
import DesignationSchema from '../../schemas/designation.schema.json';
import DocumentSchema from '../../schemas/document.schema.json';
import EventTypeSchema from '../../schemas/event_type.schema.json';
import ExportJobSchema from '../../schemas/export-job.schema.json';
import FormFieldSchema from '../../schemas/form-field.schema.json';
import FormSchema from '../../schemas/form.schema.json';
import GoalSchema from '../../schemas/goal.schema.json';
import LocationTypeSchema from '../../schemas/location_type.schema.json';
import NotificationSchema from '../../schemas/notification.schema.json';
import PermissionSchema from '../../schemas/permission.schema.json';
import PermissionFileSchema from '../../schemas/permission_file.schema.json';
import ProgramSchema from '../../schemas/program.schema.json';
import ResourcesSchema from '../../schemas/resources.schema.json';
import RoleSchema from '../../schemas/role.schema.json';
import SettingsSchema from '../../schemas/settings.schema.json';
import SurveyTypeSchema from '../../schemas/survey_type.schema.json';
import UserSchema from '../../schemas/user.schema.json';
import ViewListSchema from '../../schemas/view-list.schema.json';
import WebhookSchema from '../../schemas/webhook.schema.json';

/** Every schema in schemas/, in file-name order. */
export const schemaList: unknown[] = [AuditExportSchema, AuthSchema, BeneficiaryTypeSchema, CaseTypeSchema, ChangeSchema, DesignationSchema, DocumentSchema, EventTypeSchema, ExportJobSchema, FormFieldSchema, FormSchema, GoalSchema, LocationTypeSchema, NotificationSchema, PermissionSchema, PermissionFileSchema, ProgramSchema, ResourcesSchema, RoleSchema, SettingsSchema, SurveyTypeSchema, UserSchema, ViewListSchema, WebhookSchema];
