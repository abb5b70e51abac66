/**
 * Filling documents offline, from what the device pulled: the program, its type records and the
 * newest published revision of each type's form, with answers from answers.ts. Each document is
 * the body POST /document takes, under a new local id.
 */
import { randomUUID } from 'node:crypto';
import type { FormField } from '@model/forms/field-definition.ts';
import type { Random } from '../../server/demo/random.ts';
import type { PouchDB } from './pouchdb.ts';
import { randomAnswers, type ListValues } from './answers.ts';

/** A type list of a program and the module its documents belong to (permission files take none). */
const MODULE_OF: Record<string, string> = {
  beneficiary_types: 'beneficiaries',
  location_types: 'locations',
  event_types: 'events',
  survey_types: 'surveys',
  case_types: 'cases',
};

interface Pulled {
  _id: string;
  [field: string]: unknown;
}

/** Makes `count` documents in `documents` from the program pulled into `programs`; answers their local ids. */
export async function fillDocuments(
  programs: PouchDB,
  documents: PouchDB,
  options: { programId?: string; count: number; random: Random },
): Promise<string[]> {
  const docs = (await programs.allDocs({ include_docs: true })).rows.map((r) => r.doc as Pulled);
  const program = docs.find((d) => d._id === 'program' && (!options.programId || d.id === options.programId));
  if (!program) throw new Error('No program on this device: pull first');
  const active = (program.active_module ?? {}) as Record<string, boolean>;
  const revisions = docs.filter((d) => d._id.startsWith('form-revision:'));
  const lists: ListValues = new Map();
  for (const chunk of docs.filter((d) => d._id.startsWith('view-list:'))) {
    const values = lists.get(String(chunk.view_list_id)) ?? [];
    values.push(...(chunk.rows as string[][]).map((cells) => String(cells[0])));
    lists.set(String(chunk.view_list_id), values);
  }
  const fillable = docs
    .filter((d) => d._id.startsWith('type:'))
    .map((type) => {
      const [, list, typeId] = type._id.split(':');
      const newest = revisions.filter((r) => r.form_id === type.form).sort((a, b) => Number(b.version) - Number(a.version))[0];
      return { module: MODULE_OF[list!], typeId: typeId!, revision: newest };
    })
    .filter((t) => t.module && active[t.module] !== false && t.revision);
  if (fillable.length === 0) throw new Error('No type with a published form in an active module of this program');
  const made: string[] = [];
  for (let i = 0; i < options.count; i++) {
    const { module, typeId, revision } = options.random.pick(fillable);
    const localId = `field-client-${randomUUID()}`;
    await documents.put({
      _id: localId,
      program_id: program.id,
      module,
      type_id: typeId,
      form_revision_id: String(revision!._id).slice('form-revision:'.length),
      form_data: randomAnswers(revision!.structures as FormField[], lists, options.random),
    });
    made.push(localId);
  }
  return made;
}
