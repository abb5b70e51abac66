/**
 * The type defaults a field gets on load (spec 2 §3 "Type defaults on load"): a value the
 * definition leaves blank takes the default; one it sets wins.
 */
import type { FieldType, FieldValidation, FormField } from './field-definition.ts';

/** Types that carry no validation at all. */
export const UNVALIDATED_TYPES: ReadonlySet<FieldType> = new Set(['separator', 'heading', 'bracket-replace', 'signature']);

/** Types filled by the device or a picker: no placeholder or default. */
export const NO_PLACEHOLDER_TYPES: ReadonlySet<FieldType> = new Set([
  'geo-location',
  'current-user',
  'locations',
  'beneficiaries',
  'cases',
  'geo-trace',
]);

export const TEXT_MAX_LENGTH = 10000;
export const PHONE_LENGTH = 10;
export const IMAGE_TYPES = ['jpg', 'png', 'jpeg'];

const DEFAULTS: Partial<Record<FieldType, FieldValidation>> = {
  text: { min: 0, max: TEXT_MAX_LENGTH },
  phone: { min: PHONE_LENGTH, max: PHONE_LENGTH },
  image: { types: IMAGE_TYPES },
  gallery: { types: IMAGE_TYPES },
  file: { types: [] },
  files: { types: [] },
  'field-group': { min_repeater: 0, max_repeater: 1 },
};

const blank = (v: unknown) => v === undefined || v === null || v === '';

export function withTypeDefaults(field: FormField): FormField {
  const out: FormField = { ...field };
  if (UNVALIDATED_TYPES.has(field.field_type)) {
    delete out.validation;
  } else {
    const validation: FieldValidation = { ...field.validation };
    for (const [key, value] of Object.entries(DEFAULTS[field.field_type] ?? {})) {
      const k = key as keyof FieldValidation;
      if (blank(validation[k])) (validation as Record<string, unknown>)[k] = value;
    }
    out.validation = validation;
  }
  if (NO_PLACEHOLDER_TYPES.has(field.field_type)) {
    delete out.placeholder;
    delete out.default;
  }
  return out;
}

/** A min/max as a number, or undefined when blank (no limit). */
export function limit(value: number | string | null | undefined): number | undefined {
  if (blank(value)) return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}
