// @vitest-environment node
/**
 * The one trimming rule of the console and the servers (model/trim-text.ts): whitespace and
 * invisible characters go at both ends, and text of nothing else is empty; inside the text they
 * stay, so emoji sequences, Persian and Indic words and subdivision flags are kept whole.
 */
import { describe, expect, it } from 'vitest';
import { isBlankText, trimText } from '@model/trim-text.ts';
import { resourceSchema } from '@model/schema-registry';
import { checkFormDefinition } from '@model/forms/definition-check';
import { validatorsFor } from '../../src/resources/generic/schema-inputs';
import { nameRules } from '../../src/resources/program/form/program-form-rules';
import { withFixedFirst } from '../../src/resources/generic/TextListInput';
import type { Validator } from 'react-admin';

const FORMAT_CHARACTERS: Array<[string, string]> = [
  ['zero-width space', '\u200B'],
  ['zero-width non-joiner', '\u200C'],
  ['zero-width joiner', '\u200D'],
  ['word joiner', '\u2060'],
  ['byte order mark', '\uFEFF'],
  ['soft hyphen', '\u00AD'],
  ['left-to-right mark', '\u200E'],
  ['right-to-left mark', '\u200F'],
  ['Arabic letter mark', '\u061C'],
  ['right-to-left override', '\u202E'],
  ['first-strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['Mongolian vowel separator', '\u180E'],
  ['Hangul filler', '\u3164'],
  ['blank Braille pattern', '\u2800'],
  ['a tag character', '\u{E0067}'],
];

describe('trimText and isBlankText', () => {
  it.each(FORMAT_CHARACTERS)('text of only the %s is blank, trimmed to nothing', (_, char) => {
    for (const text of [char, char.repeat(3), ` ${char} \t${char}\n`]) {
      expect(isBlankText(text)).toBe(true);
      expect(trimText(text)).toBe('');
    }
  });

  it('takes whitespace and format characters off both ends', () => {
    expect(trimText('\u200B\u200B Field Officer\u2060\u00AD ')).toBe('Field Officer');
    expect(trimText('\uFEFF\u200EManager\u200F')).toBe('Manager');
    expect(trimText('  plain  ')).toBe('plain');
    expect(isBlankText('\u200BX\u200B')).toBe(false);
  });

  it('keeps them inside: emoji sequences, Persian and Indic words, subdivision flags', () => {
    const kept = [
      'Coder 👩\u200D💻',
      'می\u200Cخواهم',
      'क्\u200Dष',
      'Team \u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}',
      'a\u00ADb',
      'smile 😀',
    ];
    for (const text of kept) expect(trimText(text)).toBe(text);
    expect(trimText(' \u200B👩\u200D💻\u200B ')).toBe('👩\u200D💻');
  });

  it('is linear on a long run of spaces inside the text', () => {
    const text = `x${' '.repeat(200_000)}y`;
    expect(trimText(` ${text}\u200B`)).toBe(text);
  });
});

describe("the console's checks say so before the server does", () => {
  const problemOf = (validators: Validator[], value: unknown) => validators.map((validate) => validate(value, {}, {})).find(Boolean);

  it('a required schema field of only format characters is required', () => {
    const designation = validatorsFor(resourceSchema('designation').properties.name!, true);
    expect(problemOf(designation, '\u200B\u200B\u200B')).toBe('Name is required');
    expect(problemOf(designation, ' \u2060\uFEFF ')).toBe('Name is required');
    expect(problemOf(designation, '\u200BSurveyor')).toBeUndefined();
    const firstName = validatorsFor(resourceSchema('user').properties.first_name!, true);
    expect(problemOf(firstName, '\u00AD\u200E')).toBe('First Name is required');
  });

  it("a program's name, a form's title and a field's label", () => {
    expect(problemOf(nameRules, '\u200B\u200C')).toBe('Program name is required');
    const problems = checkFormDefinition({
      name: '\u2060',
      structures: [{ field_label: '\u200B', field_name: 'notes', field_type: 'text' }],
    });
    expect(problems?.fields).toMatchObject({ name: 'add title', notes: 'Field label is required.' });
  });

  it('a list of texts drops an item of only format characters, and trims the others', () => {
    expect(withFixedFirst(['Open', 'Closed'], ['Open', 'Closed', '\u200B', '\u200BReferred\u2060'])).toEqual([
      'Open',
      'Closed',
      'Referred',
    ]);
  });
});
