/**
 * A list of texts as chips (react-admin's TextArrayInput): a text typed is added with Enter,
 * Tab or a comma. Texts the schema fixes at the start (a case type's Open and Closed) show as
 * chips that cannot be removed, and stay first whatever is typed or deleted. A text already in
 * the list in any case ("open" beside "Open") is refused, saying so.
 */
import { useState, type KeyboardEvent } from 'react';
import { Chip } from '@mui/material';
import { TextArrayInput, useInput, type Validator } from 'react-admin';
import { isBlankText, trimText } from '@model/trim-text';
import { useT } from '../../i18n/use-t';

export interface TextListInputProps {
  source: string;
  label: string;
  validate?: Validator[];
  defaultValue?: string[];
  /** Texts always first and never removed. */
  fixed?: string[];
  helperText?: string;
}

/** "Open" and " open": one text, as the server compares a list's items (trimmed as model/trim-text.ts trims, any case). */
const sameText = (text: string) => trimText(text).toLocaleLowerCase();

/** The fixed texts first, then the others once each (whatever their case: the first spelling stays), blanks dropped. */
export function withFixedFirst(fixed: string[], texts: readonly string[]): string[] {
  const seen = new Set(fixed.map(sameText));
  const own: string[] = [];
  for (const text of texts.map(trimText)) {
    if (!text || seen.has(sameText(text))) continue;
    seen.add(sameText(text));
    own.push(text);
  }
  return [...fixed, ...own];
}

/** The text of `texts` that is already in `current`, whatever its case: refused rather than added twice. */
export function repeatedText(current: readonly string[], texts: readonly string[]): string | undefined {
  const held = new Set(current.map(sameText));
  return texts.find((t) => !current.includes(t) && !isBlankText(t) && held.has(sameText(t)));
}

export const TextListInput = ({ source, label, validate, defaultValue, fixed = [], helperText }: TextListInputProps) => {
  // The same field as TextArrayInput's (react-hook-form shares it, so both name the same rules): read here to add on Tab and comma.
  const { field } = useInput({ source, defaultValue, validate });
  const [typed, setTyped] = useState('');
  const [refused, setRefused] = useState<string>();
  const t = useT();
  const current = (): string[] => (Array.isArray(field.value) ? (field.value as string[]) : []);
  const keep = (texts: readonly string[]) => {
    const repeated = repeatedText(current(), texts);
    setRefused(repeated === undefined ? undefined : trimText(repeated));
    field.onChange(withFixedFirst(fixed, texts));
  };
  const addTyped = (event: KeyboardEvent) => {
    // Enter is the Autocomplete's own (free text); Tab and a comma add the text typed too.
    if (event.key !== ',' && event.key !== 'Tab') return;
    if (event.key === ',' || !isBlankText(typed)) event.preventDefault();
    if (isBlankText(typed)) return;
    keep([...current(), typed]);
    setTyped('');
  };
  return (
    <TextArrayInput
      source={source}
      label={label}
      validate={validate}
      defaultValue={defaultValue}
      helperText={refused ? t('app.records.input.already_listed', { text: refused }) : (helperText ?? t('app.records.input.list_help'))}
      fullWidth
      autoSelect={false}
      inputValue={typed}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input') setRefused(undefined);
        setTyped(reason === 'reset' ? '' : text.replace(/,/g, ''));
      }}
      onKeyDown={addTyped}
      onChange={(_event, texts) => keep(texts as string[])}
      renderValue={(texts: readonly string[], getItemProps) =>
        texts.map((text, index) => {
          const { key, onDelete, ...chip } = getItemProps({ index });
          return <Chip size="small" key={key} label={text} {...chip} onDelete={fixed.includes(text) ? undefined : onDelete} />;
        })
      }
    />
  );
};
