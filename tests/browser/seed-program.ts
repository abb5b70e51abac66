/**
 * The program most browser specs need before their first page: made through the api as the admin
 * would, so a spec starts from data it knows, and taken away after it (the specs after it on the
 * same stack count programs and forms: programs.spec.ts, custom-forms.spec.ts).
 */
import { expect } from '@playwright/test';
import { E2E, authUrl } from './e2e-settings.ts';
import { apiToken, callWith } from './helpers.ts';

const apiUrl = `http://localhost:${E2E.apiPort}`;

/** A field of the form, as the form api takes it (its `structures`). */
export interface SeedField {
  field_label: string;
  field_name: string;
  field_type: string;
  [setting: string]: unknown;
}

export interface ProgramSeed {
  form: { name: string; fields: SeedField[] };
  /** The beneficiary type that uses the form. */
  type: { name: string; plural: string; description: string };
  /** documentVisible defaults to ALL, heads (user ids) to none. */
  program: { name: string; description: string; documentVisible?: 'ALL' | 'OWN'; heads?: string[] };
}

export interface SeededProgram {
  formId: string;
  /** The published form's revision, the one documents are submitted against. */
  revisionId: string;
  typeId: string;
  programId: string;
  /** The documents submitted through `submit`, oldest first. */
  documentIds: string[];
  /** One call as the admin that must succeed (below 300); answers the body. */
  ok(method: string, url: string, body?: unknown): Promise<Record<string, unknown> & { _id?: string }>;
  /**
   * Submits a document of the type into the program, as the admin or as the holder of the token
   * `as` (a worker's own documents), and marks it processed when asked. Answers its id.
   */
  submit(localId: string, formData: Record<string, unknown>, options?: { processed?: boolean; as?: string }): Promise<string>;
  /** Deletes all this made, documents first (a program with documents, a form in use stay otherwise). */
  cleanUp(): Promise<void>;
}

/**
 * A published form with `fields`, a beneficiary type using it and a program with that type. When a
 * step fails, what was made before it is deleted before the error goes on.
 */
export async function seedProgram(seed: ProgramSeed): Promise<SeededProgram> {
  const token = await apiToken(authUrl, E2E.admin);
  const okAs = async (as: string, method: string, url: string, body?: unknown) => {
    const res = await callWith(as, method, url, body);
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
    return res.body;
  };
  const seeded: SeededProgram = {
    formId: '',
    revisionId: '',
    typeId: '',
    programId: '',
    documentIds: [],
    ok: (method, url, body) => okAs(token, method, url, body),
    async submit(localId, formData, { processed = false, as = token } = {}) {
      const doc = await okAs(as, 'POST', `${apiUrl}/document`, {
        local_id: localId,
        program_id: seeded.programId,
        module: 'beneficiaries',
        type_id: seeded.typeId,
        form_revision_id: seeded.revisionId,
        form_data: formData,
      });
      seeded.documentIds.push(doc._id!);
      if (processed) await okAs(token, 'POST', `${apiUrl}/document/${doc._id}/processed`);
      return doc._id!;
    },
    async cleanUp() {
      // Signed in afresh: the seeding's session may have ended with a long spec.
      const admin = await apiToken(authUrl, E2E.admin);
      for (const id of seeded.documentIds) await callWith(admin, 'DELETE', `${apiUrl}/document/${id}`);
      if (seeded.programId) await callWith(admin, 'DELETE', `${apiUrl}/program/${seeded.programId}`);
      if (seeded.typeId) await callWith(admin, 'DELETE', `${apiUrl}/beneficiarytype/${seeded.typeId}`);
      if (seeded.formId) await callWith(admin, 'DELETE', `${apiUrl}/form/${seeded.formId}`);
    },
  };
  try {
    seeded.formId = (await seeded.ok('POST', `${apiUrl}/form`, { name: seed.form.name, structures: seed.form.fields }))._id!;
    await seeded.ok('POST', `${apiUrl}/form/publish`, { _id: seeded.formId });
    const revisions = (await seeded.ok('GET', `${apiUrl}/form/rev/${seeded.formId}`)) as unknown as Array<{ _id: string }>;
    seeded.revisionId = revisions[0]!._id;
    const { name, plural, description } = seed.type;
    seeded.typeId = (
      await seeded.ok('POST', `${apiUrl}/beneficiarytype`, { name, plural_name: plural, description, form: seeded.formId })
    )._id!;
    // The program api takes multipart, as the console's form (it may carry an image).
    const program = new FormData();
    program.append('name', seed.program.name);
    program.append('description', seed.program.description);
    program.append('no_of_days_for_edit_program', '30');
    program.append('program_head', JSON.stringify(seed.program.heads ?? []));
    program.append('documentVisible', seed.program.documentVisible ?? 'ALL');
    seeded.programId = (await seeded.ok('POST', `${apiUrl}/program`, program))._id!;
    await seeded.ok('POST', `${apiUrl}/program/${seeded.programId}/types/beneficiary_types`, { type_id: seeded.typeId });
  } catch (error) {
    await seeded.cleanUp();
    throw error;
  }
  return seeded;
}
