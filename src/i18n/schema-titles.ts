/**
 * The generated part of a catalogue (the resources' names and fields, the schemas' labels) in
 * another language: each English title translated once, wherever it appears. A language's
 * table is typed by every title the schemas and the map hold, so a new title left untranslated
 * fails the type check.
 */
import type { resourceMessages, schemaMessages } from '@model/generated/catalogue';
import { schemaEnglish } from './schema-english';
import type { Strings } from './catalogue';

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** Every title of the generated catalogue, as its literal English text. */
export type SchemaTitle = Leaves<typeof resourceMessages> | Leaves<typeof schemaMessages>;

function translated<T>(tree: T, titles: Record<SchemaTitle, string>): Strings<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree as Record<string, unknown>))
    out[key] = typeof value === 'string' ? titles[value as SchemaTitle] : translated(value, titles);
  return out as Strings<T>;
}

export function schemaCatalogue(titles: Record<SchemaTitle, string>) {
  return { resources: translated(schemaEnglish.resources, titles), schemas: translated(schemaEnglish.schemas, titles) };
}
