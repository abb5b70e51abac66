/**
 * A module tab of the program detail: the program's types of the module's kind (pager, search,
 * the spec's empty states, descriptions cut at 46 characters), the drawer's 'Select from
 * existing' and 'Create new …', edit, remove with its confirmation, the activate prompt of an
 * inactive module, and only the writes the role may make — against a fake api.
 */
import { useCallback, useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, useParams } from 'react-router-dom';
import { programCalls, type FullProgram, type ProgramModule } from '../../src/providers/program-calls';
import { ModuleTab } from '../../src/resources/program/detail/modules/ModuleTab';
import { createTypeApi, PROGRAM_ID } from './support/fake-type-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { renderWithRoutes } from './support/render-with-routes';
import { flagsExcept } from './support/render-console';

const api = createTypeApi();
withFakeServer(api);

/** The program detail's part: reads the full program, and again whenever the tab says it changed. */
const Host = () => {
  const { module } = useParams();
  const [program, setProgram] = useState<FullProgram | null>(null);
  const [back, setBack] = useState(false);
  const load = useCallback(() => void programCalls.getFullProgram(PROGRAM_ID).then(setProgram), []);
  useEffect(load, [load]);
  if (back) return <p>Modules tab</p>;
  return program ? <ModuleTab program={program} module={module as ProgramModule} onBack={() => setBack(true)} onChanged={load} /> : null;
};

const open = (module: ProgramModule, flags = flagsExcept()) =>
  renderWithRoutes(`/tab/${module}`, <Route path="/tab/:module" element={<Host />} />, flags);

const rows = () => screen.getAllByRole('row').slice(1);
const drawer = () => screen.findByRole('dialog', { name: /^(Add|Edit) / }).then((p) => within(p));

describe("the list of the program's types", () => {
  it('shows five a page with name, plural name, the first 46 characters of the description and the form', async () => {
    open('beneficiaries');
    expect(await screen.findByText('Farmer')).toBeTruthy();
    expect(rows()).toHaveLength(5);
    const farmer = within(rows()[0]!);
    expect(farmer.getByText('Farmers')).toBeTruthy();
    expect(farmer.getByText('Households in the river districts who receive ...')).toBeTruthy();
    expect(await farmer.findByText('Household survey')).toBeTruthy();
    // Six held, five shown: the sixth on the next page.
    expect(screen.queryByText('Trader')).toBeNull();
    fireEvent.click(screen.getByLabelText('Go to next page'));
    expect(await screen.findByText('Trader')).toBeTruthy();
    expect(screen.queryByText('Fisher')).toBeNull(); // not held by the program
  });

  it("searches by name and says 'No {name} found' when nothing matches", async () => {
    open('beneficiaries');
    await screen.findByText('Farmer');
    fireEvent.change(screen.getByLabelText('Search beneficiary types'), { target: { value: 'stu' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByText('Student')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search beneficiary types'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No Beneficiary Type found')).toBeTruthy();
  });

  it("the Events list says 'No Event Found'", async () => {
    api.program.lists.event_types = [];
    open('events');
    expect(await screen.findByText('No Event Found')).toBeTruthy();
  });

  it("'Back to all modules' goes back to the Modules tab", async () => {
    open('locations');
    fireEvent.click(await screen.findByText('Back to all modules'));
    expect(await screen.findByText('Modules tab')).toBeTruthy();
  });
});

describe('the drawer', () => {
  it('attaches one of the existing types the program does not hold yet', async () => {
    open('beneficiaries');
    fireEvent.click(await screen.findByText('Add Beneficiary Type'));
    const d = await drawer();
    expect(d.getByRole('tab', { name: 'Select from existing' })).toBeTruthy();
    expect(d.getByRole('tab', { name: 'Create new Beneficiary Type' })).toBeTruthy();
    const fisher = (await d.findByText('Fisher')).closest('li')!;
    expect(d.queryByText('Farmer')).toBeNull(); // held already
    fireEvent.click(within(fisher).getByText('Add'));
    expect(await screen.findByText('Added Beneficiary Type Successfully')).toBeTruthy();
    const [attach] = await api.requestsTo(`/program/${PROGRAM_ID}/types/beneficiary_types`, 'POST');
    expect(attach!.body).toEqual({ type_id: 'b7' });
    await waitFor(() => expect(screen.queryByRole('tab')).toBeNull());
    fireEvent.change(screen.getByLabelText('Search beneficiary types'), { target: { value: 'fish' } });
    expect(await screen.findByText('Fisher')).toBeTruthy();
  });

  it('creates a new type with its form and attaches it', async () => {
    open('locations');
    expect(await screen.findByText('No Location Type found')).toBeTruthy();
    fireEvent.click(screen.getByText('Add Location Type'));
    const d = await drawer();
    fireEvent.click(d.getByRole('tab', { name: 'Create new Location Type' }));
    fireEvent.change(await d.findByLabelText(/^Name/), { target: { value: 'Market' } });
    fireEvent.change(d.getByLabelText('Plural name', { exact: false }), { target: { value: 'Markets' } });
    fireEvent.change(d.getByLabelText('Description', { exact: false }), { target: { value: 'Where traders meet' } });
    fireEvent.click(d.getByLabelText('Address'));
    fireEvent.click(d.getByText('Save'));
    expect(await screen.findByText('Added Location Type Successfully')).toBeTruthy();
    const [create] = await api.requestsTo('/locationtype', 'POST');
    expect(create!.body).toMatchObject({
      name: 'Market',
      plural_name: 'Markets',
      description: 'Where traders meet',
      non_mandatory_check_fields: { address: true },
    });
    const [attach] = await api.requestsTo(`/program/${PROGRAM_ID}/types/location_types`, 'POST');
    expect(attach!.body!.type_id).toMatch(/^new-/); // the id the create answered
    expect(await screen.findByText('Markets')).toBeTruthy();
  });

  it("says 'Error in Added …' when the program refuses the type", async () => {
    api.refuseNext(`/program/${PROGRAM_ID}/types/beneficiary_types`, 423, {
      code: 'PROGRAM_LOCKED',
      message: 'This program is locked. Unlock it to make changes.',
    });
    open('beneficiaries');
    fireEvent.click(await screen.findByText('Add Beneficiary Type'));
    const d = await drawer();
    fireEvent.click(within((await d.findByText('Fisher')).closest('li')!).getByText('Add'));
    expect(await screen.findByText('Error in Added Beneficiary Type')).toBeTruthy();
    expect(d.getByText('This program is locked. Unlock it to make changes.')).toBeTruthy();
  });

  it('edits a type in the drawer', async () => {
    open('beneficiaries');
    fireEvent.click(await screen.findByLabelText('Edit Student'));
    const d = await drawer();
    // The form is drawn again once the record has arrived: the input is looked up then.
    const plural = () => d.getByLabelText('Plural name', { exact: false }) as HTMLInputElement;
    await waitFor(() => expect(plural().value).toBe('Students'));
    fireEvent.change(plural(), { target: { value: 'Pupils' } });
    fireEvent.click(d.getByText('Update'));
    expect(await screen.findByText('Edited Beneficiary Type Successfully')).toBeTruthy();
    const [patch] = await api.requestsTo('/beneficiarytype/b2', 'PATCH');
    expect(patch!.body).toEqual({ plural_name: 'Pupils' });
    expect(await screen.findByText('Pupils')).toBeTruthy();
  });
});

describe('removing a type from the program', () => {
  it("asks first, then detaches it and says 'Removed … Successfully'", async () => {
    open('cases');
    fireEvent.click(await screen.findByLabelText('Remove Referral'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Remove Referral from this program? It stays available to other programs.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed Cases Type Successfully')).toBeTruthy();
    expect(await api.requestsTo(`/program/${PROGRAM_ID}/types/case_types/c1`, 'DELETE')).toHaveLength(1);
    expect(await screen.findByText('No Case Type found')).toBeTruthy();
  });

  it("says 'Error in Removing …' when the server refuses", async () => {
    api.refuseNext(`/program/${PROGRAM_ID}/types/case_types/c1`, 423, { code: 'PROGRAM_LOCKED', message: 'locked' });
    open('cases');
    fireEvent.click(await screen.findByLabelText('Remove Referral'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Error in Removing Cases Type')).toBeTruthy();
    expect(screen.getByText('Referral')).toBeTruthy();
  });
});

describe('an inactive module', () => {
  it("asks to activate it; 'Don't Activate' goes back to the Modules tab", async () => {
    open('surveys');
    const prompt = await screen.findByRole('dialog');
    expect(within(prompt).getByText('Activate Module')).toBeTruthy();
    expect(within(prompt).getByText('Are you sure want to activate this module?')).toBeTruthy();
    fireEvent.click(within(prompt).getByText("Don't Activate"));
    expect(await screen.findByText('Modules tab')).toBeTruthy();
    expect(await api.requestsTo(`/program/change/status/module/program/${PROGRAM_ID}`, 'PUT')).toHaveLength(0);
  });

  it("'Activate' switches the module on and the prompt goes", async () => {
    open('surveys');
    fireEvent.click(within(await screen.findByRole('dialog')).getByText('Activate'));
    expect(await screen.findByText('Survey module activated')).toBeTruthy();
    const [put] = await api.requestsTo(`/program/change/status/module/program/${PROGRAM_ID}`, 'PUT');
    expect(put!.body).toEqual({ module: 'surveys', status: true });
    await waitFor(() => expect(screen.queryByText('Activate Module')).toBeNull());
  });
});

describe('what the role may do', () => {
  it('without can_manage_program_types: the list only', async () => {
    open('beneficiaries', flagsExcept('can_manage_program_types'));
    await screen.findByText('Farmer');
    expect(screen.queryByText('Add Beneficiary Type')).toBeNull();
    expect(screen.queryByLabelText('Edit Farmer')).toBeNull();
    expect(screen.queryByLabelText('Remove Farmer')).toBeNull();
  });

  it('on a locked program: edit the types, but neither add nor remove', async () => {
    api.program.lockProgram = 1;
    open('beneficiaries');
    await screen.findByText('Farmer');
    expect(screen.getByLabelText('Edit Farmer')).toBeTruthy();
    expect(screen.queryByText('Add Beneficiary Type')).toBeNull();
    expect(screen.queryByLabelText('Remove Farmer')).toBeNull();
    expect(screen.getByText('This program is locked: unlock it to add or remove types.')).toBeTruthy();
  });
});
