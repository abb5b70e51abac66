/** Writes model/generated/catalogue.ts: the English catalogue of the schemas and the map (see model/schema-catalogue.ts). */
import { BANNER } from './render.ts';
import { catalogueOf } from '../model/schema-catalogue.ts';

type Json = Record<string, unknown>;

export function renderCatalogueModule(schemas: Json[], map: Parameters<typeof catalogueOf>[1]): string {
  const { resources, schemas: bySchema } = catalogueOf(schemas, map);
  return (
    BANNER.replace('%SOURCE%', '*.schema.json and resources.json') +
    "\n\n/** The resources' names and field labels (react-admin's keys), from the map and the schemas. */\n" +
    `export const resourceMessages = ${JSON.stringify(resources, null, 2)} as const;\n\n` +
    "/** Every schema's field labels, labelled choices and flag groups. */\n" +
    `export const schemaMessages = ${JSON.stringify(bySchema, null, 2)} as const;\n`
  );
}
