/**
 * A field as the builder first makes it, and as a type change rebuilds it (spec 2 §3): the type's
 * defaults, the label and name kept, everything type-specific of the old type dropped.
 */
import type { FieldType, FormField } from '@model/forms/field-definition';
import { UNVALIDATED_TYPES, withTypeDefaults } from '@model/forms/type-defaults';

export const CHOICE_TYPES: ReadonlySet<FieldType> = new Set(['dropdown', 'checkbox', 'radio', 'multiple-select']);

/** Types whose min/max is a character count. */
export const LENGTH_TYPES: ReadonlySet<FieldType> = new Set(['text', 'barcode', 'text-area', 'password', 'phone']);

export const FILE_TYPES: ReadonlySet<FieldType> = new Set(['file', 'image', 'files', 'gallery']);

export function fieldOfType(type: FieldType, label: string, name: string): FormField {
  const field: FormField = {
    field_label: label,
    field_name: name,
    field_type: type,
    ...(UNVALIDATED_TYPES.has(type) ? {} : { validation: { required: false } }),
  };
  if (CHOICE_TYPES.has(type)) field.extra_details = { option_choice: '', selects: {} };
  if (type === 'field-group') field.extra_details = { fields: [] };
  return withTypeDefaults(field);
}

export function withType(field: FormField, type: FieldType): FormField {
  return fieldOfType(type, field.field_label, field.field_name);
}
