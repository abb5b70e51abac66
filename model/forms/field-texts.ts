/**
 * A custom form in one language. A field's own texts (label, help text, placeholder, option
 * labels) are written in the organisation's default language; `translations` may give them in
 * the console's other languages. A form in a language is the same form with those texts
 * swapped in: names, values, rules and limits are untouched, so the answers a form collects and
 * the checks on them are the same in every language. A text left out or blank keeps the field's own.
 */
import type { FieldTexts, FormField } from './field-definition.ts';
import { parseOptionChoice } from './options.ts';

/** The languages a field's texts may be given in (the console's, as users.language allows). */
export const FORM_LANGUAGES = ['en', 'fr', 'ar'] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

const isFormLanguage = (language: string | null | undefined): language is FormLanguage =>
  (FORM_LANGUAGES as readonly string[]).includes(language ?? '');

const given = (text: string | undefined): text is string => typeof text === 'string' && text.trim() !== '';

/** The field's texts in `language`, or undefined when it has none there. */
export function textsIn(field: FormField, language: string | null | undefined): FieldTexts | undefined {
  return isFormLanguage(language) ? field.translations?.[language] : undefined;
}

/** A field's label in `language`, else its own. */
export function labelIn(field: FormField, language: string | null | undefined): string {
  const label = textsIn(field, language)?.field_label;
  return given(label) ? label : field.field_label;
}

/** The options text with each option's label in the language where one is given. */
function optionsIn(optionChoice: string | undefined, choices: Record<string, string>): string | undefined {
  if (optionChoice === undefined) return undefined;
  return parseOptionChoice(optionChoice)
    .map(({ value, label }) => `${value}: ${given(choices[value]) ? choices[value] : label}`)
    .join('\n');
}

function translated(field: FormField, texts: FieldTexts | undefined, language: FormLanguage): FormField {
  const subFields = field.extra_details?.fields;
  const localSubFields = Array.isArray(subFields) ? fieldsIn(subFields, language) : subFields;
  const choices = texts?.choices ?? {};
  const hasChoices = Object.values(choices).some(given);
  if (!texts && localSubFields === subFields) return field;
  const out: FormField = { ...field };
  if (given(texts?.field_label)) out.field_label = texts.field_label;
  if (given(texts?.help_text)) out.help_text = texts.help_text;
  if (given(texts?.placeholder)) out.placeholder = texts.placeholder;
  if (hasChoices || localSubFields !== subFields) {
    const extra = { ...field.extra_details, fields: localSubFields };
    if (hasChoices) {
      extra.option_choice = optionsIn(field.extra_details?.option_choice, choices);
      extra.selects = { ...field.extra_details?.selects, ...Object.fromEntries(Object.entries(choices).filter(([, l]) => given(l))) };
    }
    if (localSubFields === undefined) delete extra.fields;
    out.extra_details = extra;
  }
  return out;
}

// One object per field and language, so what is cached by a field's definition (the preview's
// compiled one-field forms) stays cached when the form is shown in a language.
const cache = new WeakMap<FormField, Map<FormLanguage, FormField>>();

/** The field with its texts in `language`; the field itself when it has nothing in that language. */
export function fieldIn(field: FormField, language: string | null | undefined): FormField {
  if (!isFormLanguage(language)) return field;
  let byLanguage = cache.get(field);
  if (!byLanguage) cache.set(field, (byLanguage = new Map()));
  let local = byLanguage.get(language);
  if (!local) byLanguage.set(language, (local = translated(field, textsIn(field, language), language)));
  return local;
}

/** The fields with their texts in `language`; the same array when none has a text there. */
export function fieldsIn(fields: FormField[], language: string | null | undefined): FormField[] {
  const local = fields.map((f) => fieldIn(f, language));
  return local.every((f, i) => f === fields[i]) ? fields : local;
}
