/**
 * What a bench submits documents to, made through the api as an admin would: a published form
 * with two fields, a beneficiary type using it, and a program with that type. Answers a
 * submission's body for any number `n` (its local id is `bench-<n>`, so each is a new document).
 */
export interface SubmissionTarget {
  programId: string;
  body(n: number | '{n}'): Record<string, unknown>;
}

export async function makeSubmissionTarget(apiUrl: string, token: string): Promise<SubmissionTarget> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const call = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${route}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${route} answered ${res.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const form = await call('POST', '/form', {
    name: 'Bench visit',
    structures: [
      { field_label: 'Head of household', field_name: 'head', field_type: 'text' },
      { field_label: 'Members', field_name: 'members', field_type: 'number' },
    ],
  });
  await call('POST', '/form/publish', { _id: form._id });
  const revisions = (await (await fetch(`${apiUrl}/form/rev/${String(form._id)}`, { headers })).json()) as Array<{ _id: string }>;
  const type = await call('POST', '/beneficiarytype', {
    name: 'Household',
    plural_name: 'Households',
    description: 'Visits',
    form: form._id,
  });
  const program = new FormData();
  program.append('name', 'Bench Program');
  program.append('description', 'Writes measured');
  program.append('no_of_days_for_edit_program', '30');
  program.append('program_head', '[]');
  program.append('documentVisible', 'ALL');
  const made = await fetch(`${apiUrl}/program`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: program });
  if (made.status !== 201) throw new Error(`POST /program answered ${made.status}: ${await made.text()}`);
  const programId = ((await made.json()) as { _id: string })._id;
  await call('POST', `/program/${programId}/types/beneficiary_types`, { type_id: type._id });
  return {
    programId,
    body: (n) => ({
      local_id: `bench-${n}`,
      program_id: programId,
      module: 'beneficiaries',
      type_id: type._id,
      form_revision_id: revisions[0]!._id,
      // A number in the template is only known per call: the field's answer is then the text.
      form_data: { head: `Head ${n}`, members: typeof n === 'number' ? n % 9 : 3 },
    }),
  };
}
