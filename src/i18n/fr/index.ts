/** French: react-admin's own French pack over English (a key it lacks falls back), and ours. */
import frenchMessages from 'ra-language-french';
import type { Catalogue } from '../catalogue';
import { schemaCatalogue } from '../schema-titles';
import { frenchTitles } from './schema-titles';
import { shell } from './shell';
import { auth } from './auth';
import { program } from './program';
import { forms } from './forms';
import { documents } from './documents';
import { audit } from './audit';
import { people } from './people';
import { records } from './records';
import { errors } from './errors';

export const fr: Catalogue = {
  ...frenchMessages,
  ...schemaCatalogue(frenchTitles),
  app: { shell, auth, program, forms, documents, audit, people, records },
  errors,
};

export { frenchTitles };
export default fr;
