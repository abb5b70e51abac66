/** Arabic's own texts, by area of the console: the catalogue's `app` namespace. */
import { shell } from './shell';
import { auth } from './auth';
import { program } from './program';
import { forms } from './forms';
import { documents } from './documents';
import { audit } from './audit';
import { people } from './people';
import { records } from './records';

export const app = { shell, auth, program, forms, documents, audit, people, records };
