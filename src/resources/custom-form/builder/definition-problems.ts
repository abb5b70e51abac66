/**
 * What the builder checks before it sends a definition, in the shape the server answers a refused
 * one (400 `{ message, fields }`): so either source lands on the title and the rows the same way.
 * The title is checked here (spec 2 §5: 'add title'); the labels, names and conditions are the
 * api server's checks, whose messages come back per field.
 */
import type { FormField } from '@model/forms/field-definition';

export interface DefinitionProblems {
  message: string;
  fields: Record<string, string>;
}

export const TITLE_REQUIRED = 'add title';

export function checkBeforeSave(form: { name: string; structures: FormField[] }): DefinitionProblems | null {
  return form.name.trim() === '' ? { message: TITLE_REQUIRED, fields: { name: TITLE_REQUIRED } } : null;
}
