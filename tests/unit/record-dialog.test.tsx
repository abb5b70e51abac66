/**
 * The add / edit dialog of a generic resource (the test-only fixture_region, whose form is a
 * dialog): what it sends, the schema's validation message before anything is sent, and the
 * server's per-field message shown on its input.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withFixtureConsole } from './support/fixture-console';
import { renderConsole } from './support/render-console';

const api = withFixtureConsole();

const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label, { exact: false }), { target: { value } });

async function openAddDialog() {
  renderConsole('/fixture_region');
  await screen.findByText('North');
  fireEvent.click(screen.getByText('Add Fixture Region'));
  return screen.findByRole('dialog');
}

describe('the add dialog', () => {
  it('sends what was typed and says the record was added', async () => {
    const dialog = await openAddDialog();
    expect(within(dialog).getByText('Add Fixture Region')).toBeTruthy();
    type(dialog, 'Name', 'West');
    type(dialog, 'Code', 'W');
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await screen.findByText('Fixture Region added')).toBeTruthy();
    const [post] = await api.requestsTo('/fixture-region', 'POST');
    expect(post!.body).toEqual({ name: 'West', code: 'W' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('West')).toBeTruthy();
  });

  it("shows the schema's message on an empty required input and sends nothing", async () => {
    const dialog = await openAddDialog();
    type(dialog, 'Code', 'W');
    fireEvent.click(within(dialog).getByText('Save'));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(await api.requestsTo('/fixture-region', 'POST')).toHaveLength(0);
  });

  it("shows the server's message for a field on that field's input", async () => {
    api.refuseNext('/fixture-region', 409, {
      message: 'A fixture region with this code already exists',
      code: 'DUPLICATE',
      fields: { code: 'Code is already taken' },
    });
    const dialog = await openAddDialog();
    type(dialog, 'Name', 'Northern');
    type(dialog, 'Code', 'N');
    fireEvent.click(within(dialog).getByText('Save'));
    const message = await within(dialog).findByText('Code is already taken');
    // The message sits under the Code input, which is marked invalid.
    const code = within(dialog).getByLabelText('Code', { exact: false });
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(message.closest('.MuiFormControl-root')).toBe(code.closest('.MuiFormControl-root'));
    expect(await screen.findByText('A fixture region with this code already exists')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

describe('the edit dialog', () => {
  it('sends only what changed, null for a cleared optional field, and says the record was updated', async () => {
    renderConsole('/fixture_region');
    const south = (await screen.findByText('South')).closest('tr')!;
    const edit = within(south).getByLabelText('Edit') as HTMLButtonElement;
    await waitFor(() => expect(edit.disabled).toBe(false)); // once the role's flags are read
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update Fixture Region')).toBeTruthy();
    const description = within(dialog).getByLabelText('Description', { exact: false }) as HTMLInputElement;
    await waitFor(() => expect(description.value).toBe('Coast and delta'));
    fireEvent.change(description, { target: { value: '' } });
    fireEvent.click(within(dialog).getByText('Update'));
    expect(await screen.findByText('Fixture Region updated')).toBeTruthy();
    const [patch] = await api.requestsTo('/fixture-region/r2', 'PATCH');
    expect(patch!.body).toEqual({ description: null });
  });
});
