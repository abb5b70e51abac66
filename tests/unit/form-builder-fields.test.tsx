/**
 * The form builder's field rows (spec 2 §2 "Builder behaviour"): adding a field, a type change
 * rebuilding the field with that type's defaults, the name derived from the label until it is
 * edited, conditional logic switched on and off, a field's own entry disabled in its rules, the
 * field group kept out of the add picker and the sub-field editor, and delete with a confirm.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderConsole } from './support/render-console';
import { addField, input, openSelect, pick, rows, withFormApi } from './support/form-builder-page';

const api = withFormApi();

async function openAddPage() {
  renderConsole('/custom-form/add-new');
  expect(await screen.findByRole('heading', { name: 'Add New Form Group' })).toBeTruthy();
}

/** The row whose editor is open (a row just closed keeps its editor a moment while it folds away). */
const openRow = () => rows().find((row) => within(row).queryByRole('button', { name: /^Close / }))!;

describe('adding fields', () => {
  it('adds a field of the picked type, opens it, and shows it in the preview', async () => {
    await openAddPage();
    await addField('Household size', 'Number');
    expect(rows()).toHaveLength(1);
    const row = openRow();
    expect(input(/^Field label/, row).value).toBe('Household size');
    expect(within(row).getByRole('combobox', { name: 'Field type' }).textContent).toBe('Number');
    expect(within(row).getByLabelText('Min value')).toBeTruthy();
    const preview = screen.getByRole('region', { name: 'Form preview' });
    await waitFor(() => expect(preview.querySelector('input')).toBeTruthy(), { timeout: 20_000 });
    expect(within(preview).getByLabelText(/Household size/)).toBeTruthy();
  });

  it('asks for a label before adding', async () => {
    await openAddPage();
    fireEvent.click(within(screen.getByRole('form', { name: 'Add a field' })).getByRole('button', { name: /Add field/ }));
    expect(await screen.findByText('Field label is required.')).toBeTruthy();
    expect(screen.queryAllByTestId('field-row')).toHaveLength(0);
  });

  it('keeps one row open at a time', async () => {
    await openAddPage();
    await addField('First');
    await addField('Second');
    expect(screen.getByRole('button', { name: 'Open First' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Open First' }));
    await screen.findByRole('button', { name: 'Close First' });
    expect(screen.getByRole('button', { name: 'Open Second' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the field name', () => {
  it('follows the label until the person edits it, with the hint', async () => {
    await openAddPage();
    await addField('Date of birth');
    const row = openRow();
    expect(input('Field name', row).value).toBe('date_of_birth');
    expect(within(row).getByText('A single word, no spaces; underscores and dashes allowed')).toBeTruthy();
    fireEvent.change(input(/^Field label/, row), { target: { value: 'Age (in years)' } });
    expect(input('Field name', row).value).toBe('age_in_years');
    fireEvent.change(input('Field name', row), { target: { value: 'age' } });
    fireEvent.change(input(/^Field label/, row), { target: { value: 'Age now' } });
    expect(input('Field name', row).value).toBe('age');
  });

  it('stays as it was for a field the form already had', async () => {
    api.seed({ _id: 'f1', name: 'Visit', structures: [{ field_label: 'Village', field_name: 'village_code', field_type: 'text' }] });
    renderConsole('/custom-form/edit/f1');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Village' }));
    const row = openRow();
    fireEvent.change(input(/^Field label/, row), { target: { value: 'Village name' } });
    expect(input('Field name', row).value).toBe('village_code');
  });
});

describe('a loaded field', () => {
  it("shows its type's defaults where the definition leaves them blank, and its own values where it sets them", async () => {
    api.seed({
      _id: 'f1',
      name: 'Visit',
      structures: [
        { field_label: 'Village', field_name: 'village', field_type: 'text' },
        { field_label: 'Code', field_name: 'code', field_type: 'text', validation: { min: 3, max: null } },
      ],
    });
    renderConsole('/custom-form/edit/f1');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Village' }));
    expect(input('Min characters', openRow()).value).toBe('0');
    expect(input('Max characters', openRow()).value).toBe('10000');
    fireEvent.click(screen.getByRole('button', { name: 'Open Code' }));
    await waitFor(() => expect(input('Min characters', openRow()).value).toBe('3'));
    expect(input('Max characters', openRow()).value).toBe('10000');
  });
});

describe('changing the type', () => {
  it("rebuilds the field with the new type's defaults, keeping label and name", async () => {
    await openAddPage();
    await addField('Mobile', 'Phone');
    let row = openRow();
    expect(input('Min characters', row).value).toBe('10');
    expect(input('Max characters', row).value).toBe('10');
    fireEvent.click(within(row).getByRole('switch', { name: 'Required' }));

    await pick('Field type', 'Text', row);
    row = openRow();
    expect(input('Min characters', row).value).toBe('0');
    expect(input('Max characters', row).value).toBe('10000');
    expect((within(row).getByRole('switch', { name: 'Required' }) as HTMLInputElement).checked).toBe(false);
    expect(input(/^Field label/, row).value).toBe('Mobile');
    expect(input('Field name', row).value).toBe('mobile');

    await pick('Field type', 'Image', row);
    row = openRow();
    expect(within(row).queryByLabelText('Min characters')).toBeNull();
    for (const ext of ['jpg', 'png', 'jpeg']) expect(within(row).getByRole('button', { name: ext })).toBeTruthy();
  });

  it('drops the options of a choice field that becomes a number', async () => {
    await openAddPage();
    await addField('Colour', 'Dropdown');
    let row = openRow();
    fireEvent.change(input('Options', row), { target: { value: 'r: Red\ng: Green' } });
    await pick('Field type', 'Number', row);
    row = openRow();
    expect(within(row).queryByLabelText('Options')).toBeNull();
    await pick('Field type', 'Dropdown', row);
    expect(input('Options', openRow()).value).toBe('');
  });
});

describe('conditional logic', () => {
  it('switching on adds one first rule; switching off clears every rule', async () => {
    await openAddPage();
    await addField('Attended', 'Yes / No');
    await addField('Reason', 'Text');
    const row = openRow();
    const logic = within(row).getByRole('switch', { name: 'Conditional logic' });
    fireEvent.click(logic);
    expect(await within(row).findAllByTestId('condition-rule')).toHaveLength(1);
    expect(within(row).getByRole('combobox', { name: 'Field' }).textContent).toBe('Attended');

    // A yes/no field offers only "is equal to" and "is not equal to".
    const operators = await openSelect('Operator', row);
    expect(operators.getAllByRole('option').map((o) => o.textContent)).toEqual(['is equal to', 'is not equal to']);
    fireEvent.click(operators.getByRole('option', { name: 'is equal to' }));

    fireEvent.click(within(row).getByRole('button', { name: /Add condition/ }));
    expect(within(row).getAllByTestId('condition-rule')).toHaveLength(2);

    fireEvent.click(logic);
    await waitFor(() => expect(within(row).queryAllByTestId('condition-rule')).toHaveLength(0));
    fireEvent.click(logic);
    expect(within(row).getAllByTestId('condition-rule')).toHaveLength(1);
  });

  it("lists the field's own entry in its rules, disabled", async () => {
    await openAddPage();
    await addField('Attended', 'Yes / No');
    await addField('Reason', 'Text');
    const row = openRow();
    fireEvent.click(within(row).getByRole('switch', { name: 'Conditional logic' }));
    const fields = await openSelect('Field', row);
    expect(fields.getByRole('option', { name: 'Reason (this field)' }).getAttribute('aria-disabled')).toBe('true');
    expect(fields.getByRole('option', { name: 'Attended' }).getAttribute('aria-disabled')).not.toBe('true');
  });

  it('makes the preview show a field only while its rule holds', async () => {
    await openAddPage();
    await addField('Attended', 'Yes / No');
    await addField('Reason', 'Text');
    const row = openRow();
    fireEvent.click(within(row).getByRole('switch', { name: 'Conditional logic' }));
    await pick('Value', 'No', row);
    const preview = screen.getByRole('region', { name: 'Form preview' });
    const no = await within(preview).findByLabelText('No', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(preview).queryByLabelText('Reason')).toBeNull());
    fireEvent.click(no);
    expect(await within(preview).findByLabelText('Reason')).toBeTruthy();
  });
});

describe('field groups', () => {
  it('are not offered by the add picker, but a field may become one', async () => {
    await openAddPage();
    const add = screen.getByRole('form', { name: 'Add a field' });
    const types = await openSelect('New field type', add);
    expect(types.getByRole('option', { name: /Field group/ }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

    await addField('Children');
    await pick('Field type', 'Field group', openRow());
    expect(await within(openRow()).findByText('Sub-fields (0)')).toBeTruthy();
  });

  it('are not offered in the sub-field editor', async () => {
    await openAddPage();
    await addField('Children');
    await pick('Field type', 'Field group', openRow());
    const row = openRow();
    const subAdd = within(row).getByRole('form', { name: 'Add a sub-field' });
    const subTypes = await openSelect('New sub-field type', subAdd);
    expect(subTypes.getByRole('option', { name: /Field group/ }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(subTypes.getByRole('option', { name: 'Text' }));

    fireEvent.change(within(subAdd).getByLabelText('New sub-field label'), { target: { value: 'Child name' } });
    fireEvent.click(within(subAdd).getByRole('button', { name: /Add sub-field/ }));
    expect(await within(row).findByText('Sub-fields (1)')).toBeTruthy();
    // The sub-field opens with its own editor, whose type picker has no group either.
    const subTypePickers = within(row).getAllByRole('combobox', { name: 'Field type' });
    const subType = await openSelect('Field type', subTypePickers[1]!.closest('.MuiPaper-root') as HTMLElement);
    expect(subType.getByRole('option', { name: /Field group/ }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('deleting a field', () => {
  it('asks first, and keeps the field when cancelled', async () => {
    await openAddPage();
    await addField('Keep me');
    await addField('Remove me');
    fireEvent.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Delete the field "Remove me"/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Remove me' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Open Keep me' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove me/ })).toBeNull();
  });
});
