/** Arabic, written right to left: react-admin's messages and ours (no react-admin pack exists). */
import type { Catalogue } from '../catalogue';
import { schemaCatalogue } from '../schema-titles';
import { arabicRa } from './ra';
import { arabicTitles } from './schema-titles';
import { shell } from './shell';
import { auth } from './auth';
import { program } from './program';
import { forms } from './forms';
import { documents } from './documents';
import { audit } from './audit';
import { people } from './people';
import { records } from './records';
import { errors } from './errors';

export const ar: Catalogue = {
  ...arabicRa,
  ...schemaCatalogue(arabicTitles),
  app: { shell, auth, program, forms, documents, audit, people, records },
  errors,
};

export { arabicTitles };
export default ar;
