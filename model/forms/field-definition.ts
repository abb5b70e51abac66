/**
 * A custom form's field definition and condition rule, with the spec's wire names (spec 2 §3
 * "Form field", "Condition rule"): the types generated from schemas/form-field.schema.json,
 * so the schema the servers validate with and the type the code reads cannot drift apart; the
 * lists of types and tests the builder offers are kept here, and checked against the schema's.
 */
import type {
  ConditionRule as SchemaConditionRule,
  FieldTexts as SchemaFieldTexts,
  FormField as SchemaFormField,
} from '../generated/form-field.ts';

/** The types a form builder offers in its type picker. */
export const OFFERED_FIELD_TYPES = [
  'heading',
  'text',
  'text-area',
  'number',
  'boolean',
  'email',
  'phone',
  'password',
  'barcode',
  'signature',
  'dropdown',
  'checkbox',
  'radio',
  'date',
  'date-time',
  'file',
  'image',
  'multiple-select',
  'url',
  'field-group',
  'user-selection',
  'address',
  'geo-location',
  'current-user',
  'locations',
  'beneficiaries',
  'cases',
  'separator',
] as const;

/** Types that stored forms may still carry although the picker no longer offers them. */
export const HANDLED_FIELD_TYPES = ['files', 'gallery', 'bracket-replace', 'geo-trace'] as const;

export type FieldType = (typeof OFFERED_FIELD_TYPES)[number] | (typeof HANDLED_FIELD_TYPES)[number];

export const CONDITION_OPERATORS = ['any-value', 'no-value', 'is-equal-to', 'not-equal-to', 'matches-pattern', 'contains'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** One entry of `validation.cond_logic`: "show this field when <field_name> <show> <value>"; a rule's `cond` joins it to the rule before it (the first rule's is not used). */
export type ConditionRule = SchemaConditionRule;

/** One field of a form's structures; a field-group's sub-fields (`extra_details.fields`) are fields too. */
export type FormField = SchemaFormField;

/** A field's label, help text, placeholder and option labels in one language (field-texts.ts). */
export type FieldTexts = SchemaFieldTexts;

/** Limits are a character length (text kinds, password, phone) or a value (number); blank or null is no limit. `types`: allowed file extensions, without the dot. */
export type FieldValidation = NonNullable<FormField['validation']>;

/** Choice fields: `option_choice` (one choice per line, 'value: label' or 'value') and `selects`; bracket-replace: `field_name`, `all_fields`; field-group: `fields`. */
export type FieldExtraDetails = NonNullable<FormField['extra_details']>;

// Compile-time: the lists above name exactly the schema's types and tests (tsc fails here if they drift).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: Same<FieldType, FormField['field_type']> = true;
const sameOperators: Same<ConditionOperator, ConditionRule['show']> = true;
void [sameTypes, sameOperators];
