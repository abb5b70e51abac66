/** Field types as the builder's picker names them, for sentences about a form's fields. */
import type { FieldType } from '@model/forms/field-definition';

const TYPE_WORDS: Record<FieldType, string> = {
  heading: 'Heading',
  text: 'Text',
  'text-area': 'Long text',
  number: 'Number',
  boolean: 'Yes / No',
  email: 'E-mail',
  phone: 'Phone',
  password: 'Password',
  barcode: 'Barcode',
  signature: 'Signature',
  dropdown: 'Dropdown',
  checkbox: 'Checkboxes',
  radio: 'Radio buttons',
  date: 'Date',
  'date-time': 'Date and time',
  file: 'File',
  image: 'Image',
  'multiple-select': 'Multiple select',
  url: 'Web address',
  'field-group': 'Field group',
  'user-selection': 'User selection',
  address: 'Address',
  'geo-location': 'Location on a map',
  'current-user': 'Current user',
  locations: 'Locations',
  beneficiaries: 'Beneficiaries',
  cases: 'Cases',
  separator: 'Separator',
  files: 'Files',
  gallery: 'Gallery',
  'bracket-replace': 'Text with answers filled in',
  'geo-trace': 'Route on a map',
};

export const typeWords = (type: unknown): string => (typeof type === 'string' ? (TYPE_WORDS[type as FieldType] ?? type) : 'unknown type');
