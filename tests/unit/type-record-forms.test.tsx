/**
 * The type records' forms through the generic machinery: an object of flags as checkboxes (and
 * the beneficiary's mandatory fields as fixed items), lists of forms as a multi-picker of
 * published forms only, the checklist only with 'yes', texts as chips added with Enter, Tab or
 * a comma, case statuses whose Open and Closed cannot be removed, and the permission file's
 * upload — against a fake api.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { typeRecordRoutes } from '../../src/resources/type-records/TypeRecordPages';
import { createTypeApi } from './support/fake-type-api';
import { withFakeServer } from './support/fake-server-lifecycle';
import { renderWithRoutes } from './support/render-with-routes';

const api = createTypeApi();
withFakeServer(api);

const open = (path: string) => renderWithRoutes(path, typeRecordRoutes);
const type = (label: RegExp | string, value: string, within_: HTMLElement = document.body) =>
  fireEvent.change(within(within_).getByLabelText(label), { target: { value } });

async function fillNames(name: string) {
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: name } });
  type(/^Plural name/, `${name}s`);
  type(/^Description/, `About ${name}`);
}

describe('/beneficiaries and /beneficiaries/add', () => {
  it('lists the beneficiary types with descriptions cut at 46 characters, and adds from /beneficiaries/add', async () => {
    const view = open('/beneficiaries');
    expect(await screen.findByText('Beneficiary Types')).toBeTruthy();
    expect(await screen.findByText('Households in the river districts who receive ...')).toBeTruthy();
    fireEvent.click(screen.getByText('Add Beneficiary Type'));
    await waitFor(() => expect(view.location()).toBe('/beneficiaries/add'));
  });

  it('shows the mandatory fields as fixed items and sends the optional ones chosen', async () => {
    const view = open('/beneficiaries/add');
    await fillNames('Farmer');
    const mandatory = screen.getByText('Mandatory fields').closest('fieldset')!;
    for (const name of ['First name', 'Last name', 'Mobile number', 'Gender', 'Date of birth', 'Photo']) {
      const box = within(mandatory).getByLabelText(name) as HTMLInputElement;
      expect(box.checked && box.disabled).toBe(true);
    }
    const optional = screen.getByText('Optional fields').closest('fieldset')!;
    expect(within(optional).queryByLabelText('Last name')).toBeNull();
    fireEvent.click(within(optional).getByLabelText('Occupation'));
    fireEvent.click(within(optional).getByLabelText('Address'));
    fireEvent.click(within(optional).getByLabelText('Address'));
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Added Beneficiary Type Successfully')).toBeTruthy();
    const [post] = await api.requestsTo('/beneficiarytype', 'POST');
    expect(post!.body!.non_mandatory_check_fields).toEqual({
      last_name: true,
      mobile_number: true,
      photo: true,
      occupation: true,
      address: false,
    });
    await waitFor(() => expect(view.location()).toBe('/beneficiaries'));
  });

  it("says 'Error in Added Beneficiary Type' and shows the server's word on the field", async () => {
    api.refuseNext('/beneficiarytype', 400, {
      code: 'VALIDATION_FAILED',
      message: 'Form is not published',
      fields: { form: 'Form is not published' },
    });
    open('/beneficiaries/add');
    await fillNames('Farmer');
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Error in Added Beneficiary Type')).toBeTruthy();
    expect(await screen.findByText('Form is not published')).toBeTruthy();
  });
});

describe('/events and /events/add', () => {
  it("lists event types, 'No Event Found' when none match", async () => {
    open('/events');
    expect(await screen.findByText('Training')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search event types'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No Event Found')).toBeTruthy();
  });

  it('offers only published forms for the form and the pre- and post-event forms', async () => {
    open('/events/add');
    await fillNames('Training');
    const pre = screen.getByLabelText('Pre-event forms');
    fireEvent.mouseDown(pre);
    const options = await screen.findByRole('listbox');
    expect(within(options).getByText('Household survey')).toBeTruthy();
    expect(within(options).getByText('Clinic visit')).toBeTruthy();
    expect(within(options).queryByText('Draft intake')).toBeNull();
    fireEvent.click(within(options).getByText('Clinic visit'));
    const asked = await api.requestsTo('/form');
    expect(asked.some((r) => r.filter?.has_published === true && r.filter?.status === true)).toBe(true);
    // The picker asks for published forms only; drafts are asked for only to name them under it.
    const forPicker = asked.filter((r) => !(r.filter?.has_published === false));
    expect(forPicker.every((r) => r.filter?.has_published === true || Array.isArray(r.filter?.id))).toBe(true);
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Added Event Type Successfully')).toBeTruthy();
    const [post] = await api.requestsTo('/eventtype', 'POST');
    expect(post!.body).toMatchObject({ pre_event_form_ids: ['f3'], post_event_form_ids: [], has_checklist: 'no', has_attendies: 'no' });
  });

  it('says under the form pickers that only published forms are listed, naming each draft with a link to open it', async () => {
    open('/events/add');
    await fillNames('Training');
    const notes = await screen.findAllByText(/Only published forms can be picked/);
    expect(notes.length).toBeGreaterThan(0);
    const link = await within(notes[0]!).findByRole('link', { name: 'open “Draft intake” to publish it' });
    expect(link.getAttribute('href')).toBe('/custom-form/edit/f2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(notes[0]!.textContent).not.toContain('Household survey');
  });

  it("shows the checklist only when 'Has checklist' is Yes; items are added with Enter, Tab or a comma", async () => {
    open('/events/add');
    await fillNames('Camp');
    expect(screen.queryByLabelText('Checklist')).toBeNull();
    fireEvent.mouseDown(screen.getByLabelText(/^Has checklist/));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Yes'));
    const checklist = await screen.findByLabelText('Checklist');
    fireEvent.change(checklist, { target: { value: 'Chairs' } });
    fireEvent.keyDown(checklist, { key: 'Enter' });
    fireEvent.change(checklist, { target: { value: 'Water' } });
    fireEvent.keyDown(checklist, { key: ',' });
    fireEvent.change(checklist, { target: { value: 'Mats' } });
    fireEvent.keyDown(checklist, { key: 'Tab' });
    for (const item of ['Chairs', 'Water', 'Mats']) expect(await screen.findByText(item)).toBeTruthy();
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Added Event Type Successfully')).toBeTruthy();
    const [post] = await api.requestsTo('/eventtype', 'POST');
    expect(post!.body).toMatchObject({ has_checklist: 'yes', check_list_items: ['Chairs', 'Water', 'Mats'] });
  });
});
