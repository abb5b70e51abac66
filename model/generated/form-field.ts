/* eslint-disable */
/**
 * GENERATED FILE: do not edit. Source: schemas/form-field.schema.json
 * Rebuild with `npm run codegen`.
 */

/**
 * A number, as the builder's inputs may send it as text; blank or null is no limit
 *
 * This interface was referenced by `FormField`'s JSON-Schema
 * via the `definition` "Limit".
 */
export type Limit = number | string | null;

/**
 * One field of a custom form's structures (spec 2 §3 "Form field"); a field-group's sub-fields are form fields too. Compiled to a JSON Schema by model/forms/compile-form.ts.
 */
export interface FormField {
  field_label: string;
  /**
   * One word: letters, digits, _ and -
   */
  field_name: string;
  field_type:
    | 'heading'
    | 'text'
    | 'text-area'
    | 'number'
    | 'boolean'
    | 'email'
    | 'phone'
    | 'password'
    | 'barcode'
    | 'signature'
    | 'dropdown'
    | 'checkbox'
    | 'radio'
    | 'date'
    | 'date-time'
    | 'file'
    | 'image'
    | 'multiple-select'
    | 'url'
    | 'field-group'
    | 'user-selection'
    | 'address'
    | 'geo-location'
    | 'current-user'
    | 'locations'
    | 'beneficiaries'
    | 'cases'
    | 'separator'
    | 'files'
    | 'gallery'
    | 'bracket-replace'
    | 'geo-trace';
  order?: number;
  default?: unknown;
  placeholder?: string | null;
  /**
   * Shown under the field, to say what to enter
   */
  help_text?: string | null;
  /**
   * The field's texts in the console's languages, by language; a text left out or blank shows the field's own (written in the organisation's default language)
   */
  translations?: {
    en?: FieldTexts;
    fr?: FieldTexts;
    ar?: FieldTexts;
  };
  /**
   * A view-list entry's id, for choice fields
   */
  url?: string | null;
  select_url?: boolean | string | null;
  show_field?: boolean;
  truefalse_text?: string | null;
  error?: unknown;
  extra_details?: {
    /**
     * One choice per line, 'value: label' or just 'value' (a long list belongs in a view list)
     */
    option_choice?: string;
    selects?: {
      [k: string]: string;
    };
    field_name?: string;
    all_fields?: unknown;
    /**
     * A field-group's sub-fields
     */
    fields?: FormField[];
  };
  validation?: {
    required?: boolean;
    condition_chack?: boolean;
    min?: Limit;
    max?: Limit;
    separator?: unknown;
    is_repeater?: boolean;
    min_repeater?: Limit;
    max_repeater?: Limit;
    types?: string[];
    cond_logic?: ConditionRule[];
  };
}
/**
 * A field's texts in one language
 *
 * This interface was referenced by `FormField`'s JSON-Schema
 * via the `definition` "FieldTexts".
 */
export interface FieldTexts {
  field_label?: string;
  help_text?: string;
  placeholder?: string;
  /**
   * An option's label by the option's value
   */
  choices?: {
    [k: string]: string;
  };
}
/**
 * This interface was referenced by `FormField`'s JSON-Schema
 * via the `definition` "ConditionRule".
 */
export interface ConditionRule {
  field_name: string;
  show: 'any-value' | 'no-value' | 'is-equal-to' | 'not-equal-to' | 'matches-pattern' | 'contains';
  value?: string;
  cond?: 'and' | 'or';
}
