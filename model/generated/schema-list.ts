/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/*.schema.json
 * Rebuild with `npm run codegen`.
 */

import AuthSchema from '../schemas/auth.schema.json';
import DesignationSchema from '../schemas/designation.schema.json';
import FormFieldSchema from '../schemas/form-field.schema.json';
import FormSchema from '../schemas/form.schema.json';
import ListviewSchema from '../schemas/listview.schema.json';
import PermissionSchema from '../schemas/permission.schema.json';
import ResourcesSchema from '../schemas/resources.schema.json';
import RoleSchema from '../schemas/role.schema.json';
import UserSchema from '../schemas/user.schema.json';

/** Every schema in schemas/, in file-name order. */
export const schemaList: unknown[] = [AuthSchema, DesignationSchema, FormFieldSchema, FormSchema, ListviewSchema, PermissionSchema, ResourcesSchema, RoleSchema, UserSchema];
