/** Arabic, written right to left: react-admin's messages and ours (no react-admin pack exists). */
import type { Catalogue } from '../catalogue';
import { schemaCatalogue } from '../schema-titles';
import { arabicRa } from './ra';
import { arabicTitles } from './schema-titles';
import { errors } from './errors';
import { app } from './areas';

export const ar: Catalogue = {
  ...arabicRa,
  ...schemaCatalogue(arabicTitles),
  app,
  errors,
};

export { arabicTitles };
export default ar;
