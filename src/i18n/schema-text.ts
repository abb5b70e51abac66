/**
 * A text the schemas or the map hold (a field's title, a choice's label, a validation message), in
 * the language in use: the language's table of schema titles (fr/schema-titles.ts…) gives it,
 * English stays as written. Set by the i18n provider when the language changes, so schema-driven
 * code (fields, inputs, validators) words itself with one call where it read the title.
 */
import type { SchemaTitle } from './schema-titles';

let translateTitle: ((english: string) => string) | undefined;

export function setSchemaTexts(table: Partial<Record<SchemaTitle, string>> | ((english: string) => string) | undefined): void {
  translateTitle = typeof table === 'function' ? table : table ? (english) => table[english as SchemaTitle] ?? english : undefined;
}

export const schemaText = (english: string): string => translateTitle?.(english) ?? english;
