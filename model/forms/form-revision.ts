/**
 * A published revision of a form and the difference between two of them, as the api server
 * answers them (GET /form/rev/{id}, GET /form/rev/{id}/diff).
 */
import type { FormField } from './field-definition.ts';

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

export type ChangedProperty =
  'label' | 'type' | 'required' | 'min' | 'max' | 'options' | 'logic' | 'placeholder' | 'default' | 'list' | 'repeater' | 'sub-fields';

export interface FieldChange {
  /** Matched by field_name; a sub-field as "group.sub". */
  field_name: string;
  /** The label after the change (before it, for a removed field). */
  label: string;
  change: 'added' | 'removed' | 'moved' | 'changed';
  /** 1-based places, when the field moved (a field both moved and changed is 'changed'). */
  position?: { before: number; after: number };
  properties?: Array<{ property: ChangedProperty; before: unknown; after: unknown }>;
}

export interface FormDiff {
  from: number;
  to: number | 'draft';
  name?: { before: string; after: string };
  changes: FieldChange[];
}
