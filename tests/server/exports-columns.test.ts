/**
 * The pure parts of an export: its columns from the forms' revisions (order, latest label,
 * labels told apart), and the row count kept while the CSV streams past in chunks of any size.
 */
import { describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition.ts';
import { fieldColumns, headerLabels } from '../../server/documents/exports/export-columns.ts';

const field = (field_name: string, field_label: string, field_type: FormField['field_type'] = 'text'): FormField => ({
  field_name,
  field_label,
  field_type,
});

describe('export columns', () => {
  it('takes the forms in the order given, each newest revision first, older-only fields after, under the latest label', () => {
    const columns = fieldColumns(
      ['main', 'post'],
      [
        { form_id: 'post', version: 1, structures: [field('rating', 'Rating'), field('age', 'Age in post form')] },
        { form_id: 'main', version: 1, structures: [field('name', 'Name'), field('age', 'Age'), field('old', 'Old question')] },
        {
          form_id: 'main',
          version: 2,
          structures: [field('intro', 'Intro', 'heading'), field('age', 'Age (years)'), field('name', 'Full name')],
        },
        { form_id: 'other', version: 3, structures: [field('extra', 'Extra')] },
      ],
    );
    expect(columns).toEqual([
      { fieldName: 'age', label: 'Age (years)' },
      { fieldName: 'name', label: 'Full name' },
      { fieldName: 'old', label: 'Old question' },
      { fieldName: 'rating', label: 'Rating' },
      { fieldName: 'extra', label: 'Extra' },
    ]);
  });

  it('tells apart two columns with one label (whatever its case) by their field_name, the fixed ones included', () => {
    expect(
      headerLabels([
        { fieldName: 'a', label: 'Village' },
        { fieldName: 'b', label: 'village' },
        { fieldName: 'c', label: 'Local ID' },
        { fieldName: 'd', label: 'Phone' },
      ]).slice(7),
    ).toEqual(['Village (a)', 'village (b)', 'Local ID (c)', 'Phone']);
  });
});
