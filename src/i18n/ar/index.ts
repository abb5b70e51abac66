/** Arabic, written right to left: react-admin's messages and ours (no react-admin pack exists). */
import type { Catalogue } from '../catalogue';
import { schemaCatalogue } from '../schema-titles';
import { arabicRa } from './ra';
import { arabicTitles } from './schema-titles';
import { shell } from './shell';
import { auth } from './auth';

export const ar: Catalogue = { ...arabicRa, ...schemaCatalogue(arabicTitles), app: { shell, auth } };

export default ar;
