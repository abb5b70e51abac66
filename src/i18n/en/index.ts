/**
 * English, the source of every other language: react-admin's own messages, the resources'
 * names and fields and the schemas' labels (generated from the schemas and the map), and the
 * console's own texts under `app`.
 */
import raEnglish from 'ra-language-english';
import { schemaEnglish } from '../schema-english';
import { shell } from './shell';
import { auth } from './auth';
import { program } from './program';
import { forms } from './forms';
import { documents } from './documents';
import { audit } from './audit';
import { people } from './people';
import { records } from './records';
import { errors } from './errors';

export const app = { shell, auth, program, forms, documents, audit, people, records };

export const en = { ...raEnglish, ...schemaEnglish, app, errors };
