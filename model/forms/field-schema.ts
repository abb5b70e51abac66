/**
 * One field's answer: the JSON Schema of its value and its RJSF uiSchema entry (see docs/forms.md,
 * "Form field types" table). Every answer may also be null — a cleared or hidden field — so
 * whether it must be filled in is decided by the form's required/visibility clauses alone.
 */
import type { FieldType, FormField } from './field-definition.ts';
import { parseOptionChoice } from './options.ts';
import { limit, TEXT_MAX_LENGTH } from './type-defaults.ts';
import type { Schema } from './condition.ts';

/** Headings and separators show text and ask nothing. */
export const DISPLAY_ONLY_TYPES: ReadonlySet<FieldType> = new Set(['heading', 'separator']);

export interface FieldParts {
  schema: Schema;
  ui: Schema;
}

const nullable = (type: string | string[]) => [...(Array.isArray(type) ? type : [type]), 'null'];

function choices(field: FormField): Schema | undefined {
  // A choice list backed by a view list is looked up at run time: any text value.
  if (field.url || field.select_url) return undefined;
  const options = parseOptionChoice(field.extra_details?.option_choice);
  return { oneOf: options.map((o) => ({ const: o.value, title: o.label })) };
}

/**
 * A choice field with neither options nor a list offers nothing to pick: only "no answer" is
 * valid, and the console's `noOptions` widget shows the field with a hint instead of an empty
 * (or, for radio buttons and checkboxes, invisible) control.
 */
export const NO_OPTIONS_WIDGET = 'noOptions';

/**
 * A choice field whose `url` names a view list picks from that list's rows, which the console's
 * `viewList` widget searches and pages from the api server (the rows are too many to list here).
 */
function viewListUi(field: FormField, multiple: boolean): Schema | undefined {
  const list = typeof field.url === 'string' ? field.url.trim() : '';
  return list ? { 'ui:widget': 'viewList', 'ui:options': { viewList: list, multiple } } : undefined;
}

/** Accepts a stored path or URL ending in one of the extensions, in any letter case. */
export function extensionPattern(types: string[] | undefined): string | undefined {
  const list = (types ?? []).map((t) => t.trim().replace(/^\./, '')).filter(Boolean);
  if (list.length === 0) return undefined;
  const anyCase = (ext: string) =>
    [...ext].map((c) => (/[a-z]/i.test(c) ? `[${c.toLowerCase()}${c.toUpperCase()}]` : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return `\\.(${list.map(anyCase).join('|')})$`;
}

/**
 * Every text in an answer — a text answer of any type, and each text item of a list — is at most
 * TEXT_MAX_LENGTH characters (spec 2 §9 "Text field max 10000"), so no document holds a text the
 * console, the exports and the app cannot handle. A field's own smaller max stays; a larger one,
 * or none, is capped (a stored revision that said more still compiles, to the cap).
 */
const TEXT: Schema = { type: 'string', maxLength: TEXT_MAX_LENGTH };

function lengths(field: FormField): Schema {
  const min = limit(field.validation?.min);
  const max = Math.min(limit(field.validation?.max) ?? TEXT_MAX_LENGTH, TEXT_MAX_LENGTH);
  return { ...(min !== undefined && min > 0 ? { minLength: min } : {}), maxLength: max };
}

const GEO_POINT: Schema = {
  type: 'object',
  required: ['lat', 'lng'],
  properties: { lat: { type: 'number', minimum: -90, maximum: 90 }, lng: { type: 'number', minimum: -180, maximum: 180 } },
};

const recordIds: Schema = { type: nullable('array'), items: { ...TEXT, minLength: 1 }, uniqueItems: true };

/** `sub` compiles a field-group's sub-fields into the schema of one item. */
export function fieldParts(field: FormField, sub: (fields: FormField[]) => FieldParts): FieldParts {
  const v = field.validation ?? {};
  const options = { field_type: field.field_type };
  const text = (extra: Schema = {}, ui: Schema = {}): FieldParts => ({
    schema: { type: nullable('string'), maxLength: TEXT_MAX_LENGTH, ...extra },
    ui,
  });
  switch (field.field_type) {
    case 'text':
    case 'barcode':
      return text(lengths(field));
    case 'text-area':
      return text(lengths(field), { 'ui:widget': 'textarea' });
    case 'password':
      return text(lengths(field), { 'ui:widget': 'password' });
    case 'email':
      return text({ format: 'email' }, { 'ui:inputType': 'email' });
    case 'url':
      return text({ format: 'uri' }, { 'ui:inputType': 'url' });
    case 'phone':
      return text({ pattern: '^[0-9]*$', ...lengths(field) }, { 'ui:inputType': 'tel' });
    case 'signature':
    case 'address':
    case 'user-selection':
      return text({}, field.field_type === 'address' ? { 'ui:widget': 'textarea' } : {});
    case 'current-user':
    case 'bracket-replace':
      return text({}, { 'ui:readonly': true });
    case 'date':
      return text({ format: 'date' }, { 'ui:widget': 'date' });
    case 'date-time':
      return text({ format: 'date-time' }, { 'ui:widget': 'datetime' });
    case 'number': {
      const min = limit(v.min);
      const max = limit(v.max);
      return {
        schema: {
          type: nullable('number'),
          ...(min !== undefined ? { minimum: min } : {}),
          ...(max !== undefined ? { maximum: max } : {}),
        },
        ui: {},
      };
    }
    case 'boolean':
      return { schema: { type: nullable('boolean') }, ui: { 'ui:widget': 'radio' } };
    case 'dropdown':
    case 'radio': {
      const c = choices(field);
      const none = (c?.oneOf as Schema[] | undefined)?.length === 0;
      const ui =
        viewListUi(field, false) ??
        (none ? { 'ui:widget': NO_OPTIONS_WIDGET } : field.field_type === 'radio' ? { 'ui:widget': 'radio' } : {});
      // null is listed as a choice so a cleared optional answer stays valid under `oneOf`.
      return c ? text({ oneOf: [...(c.oneOf as Schema[]), { const: null, title: '' }] }, ui) : text({}, ui);
    }
    case 'checkbox':
    case 'multiple-select': {
      const c = choices(field);
      // No options: no item can be valid (`oneOf: []` is no JSON Schema at all, and ajv refuses to compile it).
      const none = (c?.oneOf as Schema[] | undefined)?.length === 0;
      return {
        schema: {
          type: nullable('array'),
          items: c && !none ? { ...TEXT, ...c } : TEXT,
          ...(none ? { maxItems: 0 } : {}),
          uniqueItems: true,
        },
        ui:
          viewListUi(field, true) ??
          (none ? { 'ui:widget': NO_OPTIONS_WIDGET } : field.field_type === 'checkbox' ? { 'ui:widget': 'checkboxes' } : {}),
      };
    }
    case 'file':
    case 'image': {
      const pattern = extensionPattern(v.types);
      return text(pattern ? { pattern } : {}, { 'ui:options': { ...options, accept: v.types?.map((t) => `.${t}`).join(',') } });
    }
    case 'files':
    case 'gallery': {
      const pattern = extensionPattern(v.types);
      return { schema: { type: nullable('array'), items: { ...TEXT, ...(pattern ? { pattern } : {}) } }, ui: {} };
    }
    case 'geo-location':
      return { schema: { ...GEO_POINT, type: nullable('object') }, ui: {} };
    case 'geo-trace':
      return { schema: { type: nullable('array'), items: GEO_POINT }, ui: {} };
    case 'locations':
    case 'beneficiaries':
    case 'cases':
      return { schema: recordIds, ui: {} };
    case 'field-group': {
      const item = sub(field.extra_details?.fields ?? []);
      const min = limit(v.min_repeater) ?? 0;
      const max = v.is_repeater ? limit(v.max_repeater) : 1;
      return {
        schema: {
          type: nullable('array'),
          items: item.schema,
          ...(min > 0 ? { minItems: min } : {}),
          ...(max !== undefined ? { maxItems: max } : {}),
        },
        ui: { items: item.ui },
      };
    }
    case 'heading':
    case 'separator':
      return { schema: {}, ui: {} };
  }
}
