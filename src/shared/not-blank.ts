/**
 * A required text that holds only spaces or invisible characters (a zero-width space…) is as
 * empty as '': the servers refuse it as missing (model/trim-text.ts), so the form says so first.
 * Given beside react-admin's `required`, which marks the field and catches ''.
 */
import type { Validator } from 'react-admin';
import { isBlankText } from '@model/trim-text';

export const notBlank =
  (message: string): Validator =>
  (value: unknown) =>
    typeof value === 'string' && isBlankText(value) ? message : undefined;
