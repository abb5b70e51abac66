/** How the type pickers (and the revisions page) name each field type, in the language in use. */
import type { FieldType } from '@model/forms/field-definition';
import type { MessageKey } from '../../../i18n/catalogue';
import type { Translate } from '../../../i18n/use-t';

export const FIELD_TYPE_KEYS: Record<FieldType, MessageKey> = {
  heading: 'app.forms.types.heading',
  text: 'app.forms.types.text',
  'text-area': 'app.forms.types.text_area',
  number: 'app.forms.types.number',
  boolean: 'app.forms.types.boolean',
  email: 'app.forms.types.email',
  phone: 'app.forms.types.phone',
  password: 'app.forms.types.password',
  barcode: 'app.forms.types.barcode',
  signature: 'app.forms.types.signature',
  dropdown: 'app.forms.types.dropdown',
  checkbox: 'app.forms.types.checkbox',
  radio: 'app.forms.types.radio',
  date: 'app.forms.types.date',
  'date-time': 'app.forms.types.date_time',
  file: 'app.forms.types.file',
  image: 'app.forms.types.image',
  'multiple-select': 'app.forms.types.multiple_select',
  url: 'app.forms.types.url',
  'field-group': 'app.forms.types.field_group',
  'user-selection': 'app.forms.types.user_selection',
  address: 'app.forms.types.address',
  'geo-location': 'app.forms.types.geo_location',
  'current-user': 'app.forms.types.current_user',
  locations: 'app.forms.types.locations',
  beneficiaries: 'app.forms.types.beneficiaries',
  cases: 'app.forms.types.cases',
  separator: 'app.forms.types.separator',
  files: 'app.forms.types.files',
  gallery: 'app.forms.types.gallery',
  'bracket-replace': 'app.forms.types.bracket_replace',
  'geo-trace': 'app.forms.types.geo_trace',
};

/** A type's name; a type this console does not know (stored by a newer one) as it is. */
export const fieldTypeLabel = (type: string, t: Translate): string =>
  Object.hasOwn(FIELD_TYPE_KEYS, type) ? t(FIELD_TYPE_KEYS[type as FieldType]) : type;
