/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/user.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { Permission } from './permission';

/**
 * A staff member who signs in (spec 1 §3). designation and role are ids on write and objects on read.
 */
export interface User {
  _id?: string;
  employeeId: string;
  first_name: string;
  last_name: string;
  fullname?: string;
  email: string;
  /**
   * Ten digits (spec 1 §5, §9: the input is limited to 10 characters)
   */
  mobile: string;
  designation:
    | string
    | {
        _id: string;
        name?: string;
      };
  role:
    | string
    | {
        _id: string;
        role?: string;
        role_slug?: string;
        permission?: Permission;
      };
  /**
   * Path relative to the auth server
   */
  photo?: string | null;
  status?: boolean;
  /**
   * The console's language this user chose (en, fr or ar); null until they choose. Set from the console's profile menu; it follows them to any browser.
   */
  language?: 'en' | 'fr' | 'ar' | null;
  /**
   * The account the first start created; it cannot be a program head
   */
  builtin?: boolean;
  password?: string;
  /**
   * Your own password: needed to change your own password or e-mail, not someone else's
   */
  current_password?: string;
  createdAt?: string;
  updatedAt?: string;
}
