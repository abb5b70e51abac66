/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/auth.schema.json
 * Rebuild with `npm run codegen`.
 */

import type { User } from './user';

/**
 * Request and answer bodies of the sign-in calls (spec 1 §7).
 */
export interface AuthMessages {
  [k: string]: unknown;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "LoginRequest".
 */
export interface LoginRequest {
  email: string;
  password: string;
  isKeepLogin?: boolean;
  /**
   * Browser name and mode, e.g. 'Chrome (Regular)'
   */
  userAgent?: string;
  /**
   * Who signs in: the console (needs can_access_dashboard) or the mobile app (needs can_access_mobile; its session may call only the routes meant for the app)
   */
  client?: 'console' | 'mobile';
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "SessionAnswer".
 */
export interface SessionAnswer {
  user: User;
  token: string;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "VerifyRequest".
 */
export interface VerifyRequest {
  token: string;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "ForgotPasswordRequest".
 */
export interface ForgotPasswordRequest {
  email: string;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "ResetPasswordRequest".
 */
export interface ResetPasswordRequest {
  token: string;
  password: string;
  repassword: string;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "MessageAnswer".
 */
export interface MessageAnswer {
  message: string;
}
/**
 * This interface was referenced by `AuthMessages`'s JSON-Schema
 * via the `definition` "ErrorAnswer".
 */
export interface ErrorAnswer {
  message: string;
  code: string;
  fields?: {
    [k: string]: string;
  };
  /**
   * The variable parts of the message (minutes, megabytes, counts), for a console that words the code in another language
   */
  params?: {
    [k: string]: string | number;
  };
  requestId?: string;
}
