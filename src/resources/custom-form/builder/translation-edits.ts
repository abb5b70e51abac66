/**
 * Editing a field's texts in one language (model/forms/field-texts.ts). A blank text is left out
 * rather than stored empty, and a language with no text left goes too, so a definition carries
 * only what was translated and clearing a box is no change to the form.
 */
import type { FieldTexts, FormField } from '@model/forms/field-definition';
import type { FormLanguage } from '@model/forms/field-texts';
import { parseOptionChoice } from '@model/forms/options';

export type TextKey = 'field_label' | 'help_text' | 'placeholder';

function withTexts(field: FormField, language: FormLanguage, texts: FieldTexts): FormField {
  const { [language]: _old, ...others } = field.translations ?? {};
  const kept = Object.keys(texts).length ? { ...others, [language]: texts } : others;
  const { translations: _all, ...rest } = field;
  return Object.keys(kept).length ? { ...rest, translations: kept } : rest;
}

/** The field with `key` in `language` set to `value` (left out when blank). */
export function withText(field: FormField, language: FormLanguage, key: TextKey, value: string): FormField {
  const { [key]: _old, ...texts } = field.translations?.[language] ?? {};
  return withTexts(field, language, value.trim() ? { ...texts, [key]: value } : texts);
}

/** The field with the label of the option `value` in `language` set (left out when blank). */
export function withChoice(field: FormField, language: FormLanguage, value: string, label: string): FormField {
  const { choices, ...texts } = field.translations?.[language] ?? {};
  const { [value]: _old, ...others } = choices ?? {};
  const next = label.trim() ? { ...others, [value]: label } : others;
  return withTexts(field, language, Object.keys(next).length ? { ...texts, choices: next } : texts);
}

/** How many texts a field gives in `language`, counting only options it still has. */
export function textCount(field: FormField, language: FormLanguage): number {
  const texts = field.translations?.[language];
  if (!texts) return 0;
  const values = new Set(parseOptionChoice(field.extra_details?.option_choice).map((o) => o.value));
  const given = (v: string | undefined) => typeof v === 'string' && v.trim() !== '';
  return (
    [texts.field_label, texts.help_text, texts.placeholder].filter(given).length +
    Object.entries(texts.choices ?? {}).filter(([value, label]) => values.has(value) && given(label)).length
  );
}
