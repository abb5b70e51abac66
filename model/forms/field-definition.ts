/**
 * A custom form's field definition and condition rule, with the spec's wire names; the same shape
 * as model/schemas/form-field.schema.json (a unit test holds the two together)
 * (spec 2 §3 "Form field", "Condition rule").
 */

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

/** One entry of `validation.cond_logic`: "show this field when <field_name> <show> <value>". */
export interface ConditionRule {
  field_name: string;
  show: ConditionOperator;
  value?: string;
  /** How this rule joins the rule before it; the first rule's `cond` is not used. */
  cond?: 'and' | 'or';
}

export interface FieldValidation {
  required?: boolean;
  /** Conditional logic switched on: the field shows only when its rules hold. */
  condition_chack?: boolean;
  /** Character length (text kinds, password, phone) or value (number); blank or null is no limit. */
  min?: number | string | null;
  max?: number | string | null;
  separator?: unknown;
  is_repeater?: boolean;
  min_repeater?: number | string | null;
  max_repeater?: number | string | null;
  /** Allowed file extensions (image, gallery, file, files), without the dot. */
  types?: string[];
  cond_logic?: ConditionRule[];
}

export interface FieldExtraDetails {
  /** Choice fields: one choice per line, 'value: label' or just 'value'. */
  option_choice?: string;
  /** Choice fields: value → label, built from the lines that contain a colon. */
  selects?: Record<string, string>;
  /** bracket-replace: the text whose [bracketed] names are replaced, and the fields it may use. */
  field_name?: string;
  all_fields?: unknown;
  /** field-group: its sub-fields. */
  fields?: FormField[];
}

export interface FormField {
  field_label: string;
  field_name: string;
  field_type: FieldType;
  order?: number;
  default?: unknown;
  placeholder?: string | null;
  /** Choice fields backed by a view list: the view-list entry's id. */
  url?: string | null;
  select_url?: boolean | string | null;
  show_field?: boolean;
  truefalse_text?: string | null;
  extra_details?: FieldExtraDetails;
  error?: unknown;
  validation?: FieldValidation;
}
