/** French: react-admin's own French pack over English (a key it lacks falls back), and ours. */
import frenchMessages from 'ra-language-french';
import type { Catalogue } from '../catalogue';
import { schemaCatalogue } from '../schema-titles';
import { frenchTitles } from './schema-titles';
import { errors } from './errors';
import { app } from './areas';

export const fr: Catalogue = {
  ...frenchMessages,
  ...schemaCatalogue(frenchTitles),
  app,
  errors,
};

export { frenchTitles };
export default fr;
