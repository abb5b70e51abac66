/**
 * A custom form in another language: the texts a field gives there replace its own (label, help
 * text, placeholder, option labels, sub-fields' too), blanks keep its own, and nothing a form
 * asks or checks changes with the language. Also the builder's edits of those texts, the
 * revision diff's view of them, and an export's header in the requester's language.
 */
import { describe, expect, it } from 'vitest';
import type { FormField } from '@model/forms/field-definition';
import { compileForm } from '@model/forms/compile-form';
import { fieldIn, fieldsIn, labelIn } from '@model/forms/field-texts';
import { diffStructures } from '@model/forms/revision-diff';
import { textCount, withChoice, withText } from '../../src/resources/custom-form/builder/translation-edits';
import { fieldColumns, headerLabels } from '../../server/documents/exports/export-columns';

const attended: FormField = {
  field_name: 'attended',
  field_label: 'Attended',
  field_type: 'radio',
  help_text: 'Whether they came',
  extra_details: { option_choice: 'y: Yes\nn: No\nm' },
  validation: { required: true },
  translations: {
    fr: { field_label: 'Présent', help_text: 'S’il est venu', choices: { y: 'Oui', n: '  ' } },
    ar: { field_label: 'حضر' },
  },
};
const name: FormField = { field_name: 'name', field_label: 'Name', field_type: 'text', placeholder: 'Full name' };
const household: FormField = {
  field_name: 'household',
  field_label: 'Household',
  field_type: 'field-group',
  extra_details: {
    fields: [{ field_name: 'age', field_label: 'Age', field_type: 'number', translations: { fr: { field_label: 'Âge' } } }],
  },
};

/** The compiled form with every shown text taken out: what is asked and checked. */
function withoutTexts(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTexts);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !['title', 'ui:help', 'ui:placeholder', 'x-messages'].includes(key))
      .map(([key, v]) => [key, withoutTexts(v)]),
  );
}

describe('a form in a language', () => {
  it("shows the language's label, help text and option labels, and the field's own where a text is blank or missing", () => {
    const french = fieldIn(attended, 'fr');
    expect(french.field_label).toBe('Présent');
    expect(french.help_text).toBe('S’il est venu');
    const { schema, uiSchema } = compileForm([attended], 'fr');
    const property = (schema.properties as Record<string, { title: string; oneOf: Array<{ const: unknown; title: string }> }>).attended!;
    expect(property.title).toBe('Présent');
    expect(property.oneOf.map((o) => [o.const, o.title])).toEqual([
      ['y', 'Oui'],
      ['n', 'No'],
      ['m', 'm'],
      [null, ''],
    ]);
    expect((uiSchema.attended as Record<string, unknown>)['ui:help']).toBe('S’il est venu');
    expect(compileForm([attended], 'ar').schema.properties).toMatchObject({ attended: { title: 'حضر' } });
  });

  it("keeps the field's own texts in its own language, in a language it has nothing in, and for no language", () => {
    expect(compileForm([attended]).schema.properties).toMatchObject({ attended: { title: 'Attended' } });
    expect(fieldIn(attended, 'en')).toBe(attended);
    expect(fieldIn(attended, 'de')).toBe(attended);
    expect(labelIn(name, 'fr')).toBe('Name');
  });

  it('translates the sub-fields of a group', () => {
    const [group] = fieldsIn([household], 'fr');
    expect(group!.extra_details?.fields?.[0]?.field_label).toBe('Âge');
    expect(household.extra_details?.fields?.[0]?.field_label).toBe('Age');
  });

  it('asks and checks the same in every language', () => {
    const fields = [attended, name, household];
    const english = withoutTexts(compileForm(fields));
    expect(withoutTexts(compileForm(fields, 'fr'))).toEqual(english);
    expect(withoutTexts(compileForm(fields, 'ar'))).toEqual(english);
  });

  it('is the same object for the same field and language, and the same list when nothing is translated', () => {
    expect(fieldIn(attended, 'fr')).toBe(fieldIn(attended, 'fr'));
    const plain = [name];
    expect(fieldsIn(plain, 'fr')).toBe(plain);
  });
});

describe("the builder's edits of a field's texts", () => {
  it('sets a text, and leaves out a blank one and a language with none left', () => {
    const french = withText(name, 'fr', 'field_label', 'Nom');
    expect(french.translations).toEqual({ fr: { field_label: 'Nom' } });
    expect(withText(french, 'fr', 'field_label', '  ')).toEqual(name);
    expect('translations' in withText(french, 'fr', 'field_label', '')).toBe(false);
  });

  it("sets an option's label, and counts only the options the field still has", () => {
    let field = withChoice(attended, 'ar', 'y', 'نعم');
    field = withChoice(field, 'ar', 'gone', 'قديم');
    expect(field.translations?.ar).toEqual({ field_label: 'حضر', choices: { y: 'نعم', gone: 'قديم' } });
    expect(textCount(field, 'ar')).toBe(2);
    expect(textCount(attended, 'fr')).toBe(3);
    expect(withChoice(withChoice(field, 'ar', 'y', ''), 'ar', 'gone', '').translations?.ar).toEqual({ field_label: 'حضر' });
  });
});

describe('the revision diff and translations', () => {
  it('names a change of a translated text, and not a blank one added', () => {
    const changed = withText(attended, 'fr', 'field_label', 'Venu');
    expect(diffStructures([attended], [changed])[0]?.properties).toEqual([
      {
        property: 'translations',
        before: expect.objectContaining({ fr: expect.objectContaining({ field_label: 'Présent' }) }),
        after: expect.objectContaining({ fr: expect.objectContaining({ field_label: 'Venu' }) }),
      },
    ]);
    const blank = { ...name, translations: { fr: { field_label: ' ', choices: { a: '' } } } };
    expect(diffStructures([name], [blank])).toEqual([]);
    expect(diffStructures([name], [{ ...name, help_text: 'Say it all' }])[0]?.properties?.map((p) => p.property)).toEqual(['help']);
  });
});

describe("an export's header in the requester's language", () => {
  it('takes each label in that language where the revision gives one, and the fixed columns in that language', () => {
    const columns = fieldColumns(['f'], [{ form_id: 'f', version: 1, structures: [attended, name] }], 'fr');
    expect(headerLabels(columns, 'fr')).toEqual([
      'ID du document',
      'ID local',
      'Type de document',
      'Soumis par',
      'Soumis le',
      'Révision du formulaire',
      'Traité le',
      'Présent',
      'Name',
    ]);
    expect(headerLabels(fieldColumns(['f'], [{ form_id: 'f', version: 1, structures: [attended] }])).at(-1)).toBe('Attended');
  });
});
