/**
 * A published revision of a form and the difference between two of them, as the api server
 * answers them (GET /form/rev/{id}, GET /form/rev/{id}/diff).
 */
import type { FormField } from './field-definition.ts';
import type { FieldChange } from './revision-diff.ts';

export interface PersonName {
  _id: string;
  first_name: string;
  last_name: string;
}

export interface FormRevision {
  _id: string;
  form_id: string;
  version: number;
  name: string;
  structures: FormField[];
  field_count: number;
  created_at: string;
  created_by: PersonName | null;
}

export type { FieldChange, FieldProperty as ChangedProperty } from './revision-diff.ts';

export interface FormDiff {
  from: number;
  to: number | 'draft';
  name?: { before: string; after: string };
  changes: FieldChange[];
}
