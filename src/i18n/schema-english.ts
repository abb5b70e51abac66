/**
 * The English catalogue of the schemas and the map (resource names, field labels, choices,
 * groups, validation messages), derived from the schemas the console already carries rather than
 * shipped a second time. Its type is the generated one, so each language's table of titles is
 * checked against every title there is (and a unit test checks the two are the same).
 */
import type { resourceMessages, schemaMessages } from '@model/generated/catalogue';
import { allSchemas, resourceMap } from '@model/schema-registry';
import { catalogueOf } from '@model/schema-catalogue';

export const schemaEnglish = catalogueOf(allSchemas, resourceMap as unknown as Parameters<typeof catalogueOf>[1]) as unknown as {
  resources: typeof resourceMessages;
  schemas: typeof schemaMessages;
};
