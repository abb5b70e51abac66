/**
 * The revisions page's sentences for each kind of change the api's diff names, as a program
 * manager reads them: labels instead of field names, types by the picker's names, limits and
 * rules in words, choices by what was added, removed or renamed.
 */
import { describe, expect, it } from 'vitest';
import type { FieldChange } from '@model/forms/form-revision';
import type { FormField } from '@model/forms/field-definition';
import { OFFERED_FIELD_TYPES, HANDLED_FIELD_TYPES } from '@model/forms/field-definition';
import { describeChange, fieldLookup, rulesWords, titleLine, valueWords } from '../../src/resources/custom-form/revisions/change-words';
import { fieldTypeLabel } from '../../src/resources/custom-form/builder/field-type-labels';
import { translate } from '../../src/providers/i18n-provider';

const fields: FormField[] = [
  { field_label: 'Attended', field_name: 'attended', field_type: 'boolean' },
  { field_label: 'Age', field_name: 'age', field_type: 'number' },
  { field_label: 'District', field_name: 'district', field_type: 'text' },
  {
    field_label: 'Household members',
    field_name: 'members',
    field_type: 'field-group',
    extra_details: {
      fields: [
        { field_label: 'Member name', field_name: 'member_name', field_type: 'text' },
        { field_label: 'Relation', field_name: 'relation', field_type: 'dropdown' },
      ],
    },
  },
];
const lookup = fieldLookup(fields);

const lines = (change: Omit<FieldChange, 'label'> & { label?: string }) =>
  describeChange({ label: '', ...change } as FieldChange, lookup, translate).lines.map(
    (l) => l.sentence ?? `${l.what}: ${l.before} → ${l.after}`,
  );

describe('what changed, in words', () => {
  it('names the languages whose texts changed, and a help text before and after', () => {
    const change = (before: unknown, after: unknown) =>
      lines({ field_name: 'age', change: 'changed', properties: [{ property: 'translations', before, after }] });
    expect(change({}, { fr: { field_label: 'Âge' }, ar: { field_label: 'العمر' } })).toEqual([
      'Texts changed in \u2068Français\u2069, \u2068العربية\u2069',
    ]);
    expect(
      change(
        { fr: { field_label: 'Âge' }, ar: { field_label: 'العمر' } },
        { fr: { field_label: 'Âge (ans)' }, ar: { field_label: 'العمر' } },
      ),
    ).toEqual(['Texts changed in \u2068Français\u2069']);
    expect(lines({ field_name: 'age', change: 'changed', properties: [{ property: 'help', before: null, after: 'In years' }] })).toEqual([
      'Help text: none → “In years”',
    ]);
  });

  it('names a field by its label, and a sub-field with its group', () => {
    const words = describeChange({ field_name: 'members.relation', label: 'Relation', change: 'added' }, lookup, translate);
    expect(words).toEqual({ kind: 'added', field: '“Relation”', where: 'in “Household members”', lines: [] });
  });

  it('words a type change by the picker names, and limits by what they limit', () => {
    expect(
      lines({
        field_name: 'age',
        change: 'changed',
        properties: [
          { property: 'type', before: 'text', after: 'number' },
          { property: 'min', before: null, after: 18 },
          { property: 'max', before: 120, after: null },
        ],
      }),
    ).toEqual(['Type: Text → Number', 'Lowest value: no limit → 18', 'Highest value: 120 → no limit']);
    expect(lines({ field_name: 'district', change: 'changed', properties: [{ property: 'min', before: 0, after: 3 }] })).toEqual([
      'Minimum length: 0 → 3',
    ]);
  });

  it('names every type exactly as the builder’s type picker does', () => {
    const typeChange = (before: string, after: string) =>
      lines({ field_name: 'district', change: 'changed', properties: [{ property: 'type', before, after }] });
    expect(typeChange('text-area', 'email')).toEqual(['Type: Text area → Email']);
    expect(typeChange('url', 'geo-location')).toEqual(['Type: URL → Geo location']);
    for (const type of [...OFFERED_FIELD_TYPES, ...HANDLED_FIELD_TYPES])
      expect(typeChange(type, 'text'), type).toEqual([`Type: ${fieldTypeLabel(type, translate)} → Text`]);
    // A type this console does not know (stored by a newer one) is shown as it is.
    expect(typeChange('slider', 'text')).toEqual(['Type: slider → Text']);
  });

  it('says whether a field became required or optional', () => {
    const required = (after: boolean) =>
      lines({ field_name: 'district', change: 'changed', properties: [{ property: 'required', before: !after, after }] });
    expect(required(true)).toEqual(['Now required']);
    expect(required(false)).toEqual(['No longer required']);
  });

  it('reads choices as added, removed and renamed, or only put in another order', () => {
    const k = { value: 'k', label: 'Kisumu' };
    const n = { value: 'n', label: 'Nairobi' };
    expect(
      lines({
        field_name: 'district',
        change: 'changed',
        properties: [
          {
            property: 'options',
            before: [k, n],
            after: [
              { value: 'k', label: 'Kisumu town' },
              { value: 'm', label: 'Mombasa' },
            ],
          },
        ],
      }),
    ).toEqual(['Choices: added “Mombasa”; removed “Nairobi”; “Kisumu” renamed “Kisumu town”']);
    expect(
      lines({ field_name: 'district', change: 'changed', properties: [{ property: 'options', before: [k, n], after: [n, k] }] }),
    ).toEqual(['Choices put in another order']);
  });

  it('reads the rules that show a field, and/or as written, Yes/No for a yes-no field', () => {
    expect(rulesWords([], lookup, translate)).toBe('always');
    expect(
      rulesWords(
        [
          { field_name: 'attended', show: 'is-equal-to', value: 'true' },
          { field_name: 'age', show: 'any-value', cond: 'and' },
          { field_name: 'district', show: 'contains', value: 'Kis', cond: 'or' },
          { field_name: 'district', show: 'matches-pattern', value: '^K', cond: 'and' },
          { field_name: 'age', show: 'no-value', cond: 'or' },
          { field_name: 'district', show: 'not-equal-to', value: 'Nairobi', cond: 'and' },
        ],
        lookup,
        translate,
      ),
    ).toBe(
      'when “Attended” is Yes and “Age” has an answer or “District” contains “Kis” and “District” matches the pattern “^K” or “Age” has no answer and “District” is not “Nairobi”',
    );
  });

  it('finds a rule naming a sibling inside a group', () => {
    expect(
      lines({
        field_name: 'members.relation',
        change: 'changed',
        properties: [{ property: 'logic', before: [], after: [{ field_name: 'member_name', show: 'any-value' }] }],
      }),
    ).toEqual(['Shown: always → when “Member name” has an answer']);
  });

  it('words moves, lookup lists, repeats, sub-fields, defaults and placeholders', () => {
    expect(lines({ field_name: 'age', change: 'moved', position: { before: 2, after: 5 } })).toEqual(['Moved from place 2 to place 5']);
    expect(lines({ field_name: 'members.relation', change: 'moved', position: { before: 2, after: 1 } })).toEqual([
      'Moved from place 2 to place 1 in its group',
    ]);
    expect(
      lines({
        field_name: 'members',
        change: 'changed',
        properties: [
          {
            property: 'repeater',
            before: { is_repeater: false, min_repeater: 0, max_repeater: 1 },
            after: { is_repeater: true, min_repeater: 1, max_repeater: 5 },
          },
          { property: 'sub-fields', before: ['member_name'], after: ['member_name', 'relation'] },
        ],
      }),
    ).toEqual(['Filled in: once → 1 to 5 times', 'Sub-fields: Member name → Member name, Relation']);
    expect(
      lines({ field_name: 'members', change: 'changed', properties: [{ property: 'sub-fields', before: ['a', 'b'], after: ['b', 'a'] }] }),
    ).toEqual(['Sub-fields put in another order']);
    expect(
      lines({
        field_name: 'district',
        change: 'changed',
        properties: [
          { property: 'list', before: null, after: 'list-1' },
          { property: 'default', before: null, after: 'Kisumu' },
          { property: 'placeholder', before: 'Type here', after: null },
        ],
      }),
    ).toEqual(['Choices now come from a lookup list', 'Default answer: none → “Kisumu”', 'Placeholder: “Type here” → none']);
  });

  it("words the form's title change and plain values", () => {
    expect(titleLine({ from: 1, to: 2, name: { before: 'A', after: 'B' }, changes: [] }, translate)).toEqual({
      what: 'Form title',
      before: '“A”',
      after: '“B”',
    });
    expect(titleLine({ from: 1, to: 2, changes: [] }, translate)).toBeUndefined();
    expect([valueWords(true, translate), valueWords('', translate), valueWords(3, translate), valueWords(['a', 'b'], translate)]).toEqual([
      'Yes',
      'none',
      '3',
      '“a”, “b”',
    ]);
  });
});
