/**
 * The form builder's saves (spec 2 §2, §5, §8 and the forms contract): a new form created and
 * opened for editing, a draft saved with the draft_version it was loaded at, a stale save (409)
 * refused with the edits kept on screen and a Reload, a title checked before anything is sent,
 * the server's per-field messages on their rows, publish, Copy Form and the revisions line.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormField } from '@model/forms/field-definition';
import { withTypeDefaults } from '@model/forms/type-defaults';
import { flagsExcept, renderConsole } from './support/render-console';
import { addField, input, rows, withFormApi } from './support/form-builder-page';
import { STALE_MESSAGE } from './support/fake-form-api';

const api = withFormApi();

const attended: FormField = { field_label: 'Attended', field_name: 'attended', field_type: 'boolean', order: 1 };
const reason: FormField = {
  field_label: 'Reason',
  field_name: 'reason',
  field_type: 'text',
  order: 2,
  validation: { required: true, condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
};

async function openEditPage(seed: Parameters<typeof api.seed>[0], flags = flagsExcept()) {
  api.seed(seed);
  const view = renderConsole(`/custom-form/edit/${seed._id}`, flags);
  expect(await screen.findByRole('heading', { name: 'Edit Form Group' })).toBeTruthy();
  await screen.findByRole('button', { name: `Open ${seed.structures[0]?.field_label}` });
  return view;
}

/** A field as the builder sends it back after loading it: with its type's defaults (spec 2 §3). */
const asLoaded = (...fields: FormField[]) => fields.map(withTypeDefaults);

const title = () => input(/^Title/);
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('a new form', () => {
  it('is created by the first Save Draft, which goes on to its edit page', async () => {
    const { location } = renderConsole('/custom-form/add-new');
    await screen.findByRole('heading', { name: 'Add New Form Group' });
    fireEvent.change(title(), { target: { value: 'Household visit' } });
    await addField('Household size', 'Number');
    click(/Save Draft/);
    expect(await screen.findByText('Successfully added form')).toBeTruthy();
    const [post] = await api.writes('POST', '/form');
    expect(post!.body).toEqual({
      name: 'Household visit',
      structures: [
        {
          field_label: 'Household size',
          field_name: 'household_size',
          field_type: 'number',
          order: 1,
          validation: { required: false },
        },
      ],
      program_ids: [],
    });
    await waitFor(() => expect(location()).toBe('/custom-form/edit/form-1'));
    expect(await screen.findByRole('heading', { name: 'Edit Form Group' })).toBeTruthy();
    expect(await screen.findByText('Not Published Form')).toBeTruthy();
  });

  it("sends a field's help text and its texts in other languages, leaving out a box cleared", async () => {
    renderConsole('/custom-form/add-new');
    await screen.findByRole('heading', { name: 'Add New Form Group' });
    fireEvent.change(title(), { target: { value: 'Visit' } });
    await addField('Attended', 'Dropdown');
    fireEvent.change(input('Options'), { target: { value: 'y: Yes\nn: No' } });
    fireEvent.change(input('Help text'), { target: { value: 'Did they come?' } });
    click(/^Translations/);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label in Français' }), { target: { value: 'Présent' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Option “y” in Français' }), { target: { value: 'Oui' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label in العربية' }), { target: { value: 'حضر' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label in العربية' }), { target: { value: '' } });
    expect(screen.getByText('Français: 2 texts, العربية: 0 texts'.replace(/(Français|العربية)/g, '\u2068$1\u2069'))).toBeTruthy();
    click(/Save Draft/);
    expect(await screen.findByText('Successfully added form')).toBeTruthy();
    const [post] = await api.writes('POST', '/form');
    const [field] = (post!.body as { structures: Array<Record<string, unknown>> }).structures;
    expect(field!.help_text).toBe('Did they come?');
    expect(field!.translations).toEqual({ fr: { field_label: 'Présent', choices: { y: 'Oui' } } });
  });

  it("asks for a title and sends nothing without one ('add title')", async () => {
    renderConsole('/custom-form/add-new');
    await screen.findByRole('heading', { name: 'Add New Form Group' });
    await addField('Name');
    click(/Save Draft/);
    expect(await screen.findAllByText('add title')).not.toHaveLength(0);
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(await api.writes('POST', '/form')).toHaveLength(0);
  });

  it("shows the server's message for a field on that field's row, and 'Something went wrong' for the rest", async () => {
    api.refuseNext('/form', 400, {
      message: 'Please make unique field_name',
      code: 'VALIDATION_FAILED',
      fields: { name_of_child: 'Please make unique field_name' },
    });
    renderConsole('/custom-form/add-new');
    await screen.findByRole('heading', { name: 'Add New Form Group' });
    fireEvent.change(title(), { target: { value: 'Children' } });
    await addField('First');
    await addField('Name of child');
    click(/Save Draft/);
    const row = rows()[1]!;
    expect(await within(row).findByText('Please make unique field_name')).toBeTruthy();
    expect(within(rows()[0]!).queryByText('Please make unique field_name')).toBeNull();

    api.refuseNext('/form', 500, { message: 'Database unavailable', code: 'INTERNAL' });
    click(/Save Draft/);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });
});

describe('saving a draft', () => {
  it('sends the name, the structures and the draft_version it was loaded at, then the one it got back', async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended, reason], draft_version: 3 });
    fireEvent.change(title(), { target: { value: 'Home visit' } });
    click(/Save Draft/);
    expect(await screen.findByText('Successfully Updated')).toBeTruthy();
    click(/Save Draft/);
    await waitFor(async () => expect(await api.writes('PATCH', '/form/f1')).toHaveLength(2));
    const [first, second] = await api.writes('PATCH', '/form/f1');
    expect(first!.body).toEqual({ name: 'Home visit', structures: asLoaded(attended, reason), program_ids: [], draft_version: 3 });
    expect(second!.body!.draft_version).toBe(4);
  });

  it('refused as stale (409): says so, keeps the edits on screen, overwrites nothing, and reloads on request', async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended, reason], draft_version: 1 });
    // Someone else saves the draft meanwhile.
    Object.assign(api.forms.get('f1')!, { name: 'Visit (their edit)', draft_version: 2 });

    fireEvent.change(title(), { target: { value: 'My title' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open Reason' }));
    fireEvent.change(input(/^Field label/, rows()[1]!), { target: { value: 'Why not' } });
    click(/Save Draft/);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STALE_MESSAGE);
    expect(title().value).toBe('My title');
    expect(screen.getByRole('button', { name: 'Close Why not' })).toBeTruthy();
    expect(api.forms.get('f1')!.name).toBe('Visit (their edit)');
    expect(screen.queryByText('Successfully Updated')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(title().value).toBe('Visit (their edit)'));
    expect(screen.queryByRole('alert')).toBeNull();
    click(/Save Draft/);
    expect(await screen.findByText('Successfully Updated')).toBeTruthy();
    expect((await api.writes('PATCH', '/form/f1')).at(-1)!.body!.draft_version).toBe(2);
  });
});

/** PUBLISH FORM, and the question it asks. */
async function askToPublish() {
  click(/PUBLISH FORM/);
  return screen.findByRole('dialog');
}

describe('publishing', () => {
  it('publishes the draft on screen with its draft_version once confirmed, then goes to the form list', async () => {
    const { location } = await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended], draft_version: 5, version: 1 });
    api.revisions.set('f1', [{ version: 1, name: 'Visit', structures: [attended] }]);
    fireEvent.change(title(), { target: { value: 'Visit v2' } });
    const dialog = await askToPublish();
    expect(within(dialog).getByRole('heading', { name: 'Publish revision 2?' })).toBeTruthy();
    expect(await within(dialog).findByText('From revision 1 to this draft: 1 change')).toBeTruthy();
    expect(dialog.textContent).toContain('Form title: “Visit”');
    expect(await api.writes('POST', '/form/publish')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(location()).toBe('/custom-form'));
    const [publish] = await api.writes('POST', '/form/publish');
    expect(publish!.body).toEqual({ _id: 'f1', draft_version: 5, name: 'Visit v2', structures: asLoaded(attended), program_ids: [] });
    expect(api.forms.get('f1')!.version).toBe(2);
  });

  it("shows the server's message when publishing fails, and stays", async () => {
    const { location } = await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended] });
    api.refuseNext('/form/publish', 400, {
      message: "A condition refers to 'gone', which is not a field of this form",
      code: 'VALIDATION_FAILED',
      fields: { attended: "A condition refers to 'gone', which is not a field of this form" },
    });
    fireEvent.click(within(await askToPublish()).getByRole('button', { name: 'Publish' }));
    // On the field's row, and as the notification.
    await waitFor(() => expect(screen.getAllByText("A condition refers to 'gone', which is not a field of this form")).toHaveLength(2));
    expect(within(rows()[0]!).getByText("A condition refers to 'gone', which is not a field of this form")).toBeTruthy();
    expect(location()).toBe('/custom-form/edit/f1');
  });

  it('lists what the new revision changes (a field added, one deleted) and Cancel publishes nothing', async () => {
    const { location } = await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended, reason], draft_version: 2, version: 1 });
    api.revisions.set('f1', [{ version: 1, name: 'Visit', structures: [attended, reason] }]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Reason' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()).toHaveLength(1);
    await addField('Household size', 'Number');
    const dialog = await askToPublish();
    const changes = within(await within(dialog).findByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    expect(changes.map((c) => c.textContent)).toEqual([
      expect.stringMatching(/^Added“Household size”/),
      expect.stringMatching(/^Removed“Reason”/),
    ]);
    expect(within(dialog).getByText('From revision 1 to this draft: 2 changes')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await api.writes('POST', '/form/publish')).toHaveLength(0);
    expect(location()).toBe('/custom-form/edit/f1');
  });

  it("says a never-published form's first revision and its field count", async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended, reason] });
    const dialog = await askToPublish();
    expect(within(dialog).getByRole('heading', { name: 'Publish revision 1?' })).toBeTruthy();
    expect(within(dialog).getByText("This is the form's first revision: 2 fields.")).toBeTruthy();
  });

  it('is not offered to a role without can_publish_form', async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended] }, flagsExcept('can_publish_form'));
    expect((screen.getByRole('button', { name: /PUBLISH FORM/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: /Save Draft/ }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('the programs', () => {
  it("shows the form's programs by name, and saves the ones picked", async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended], program_ids: ['p2'], draft_version: 1 });
    const select = screen.getByRole('combobox', { name: 'Programs' });
    const field = select.closest('.MuiAutocomplete-root') as HTMLElement;
    expect(await within(field).findByText('School Meals')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'Clean' } });
    // The list is asked again once typing pauses; the option is picked from the list as it then is.
    await waitFor(() => {
      fireEvent.click(screen.getByRole('option', { name: 'Clean Water' }));
      expect(field.textContent).toContain('Clean Water');
    });
    click(/Save Draft/);
    expect(await screen.findByText('Successfully Updated')).toBeTruthy();
    const [patch] = await api.writes('PATCH', '/form/f1');
    expect(patch!.body!.program_ids).toEqual(['p2', 'p1']);
  });
});

describe('the programs, for a role that cannot see programs', () => {
  it('says which flag is missing, and keeps the links as they are', async () => {
    await openEditPage(
      { _id: 'f1', name: 'Visit', structures: [attended], program_ids: ['p2'], draft_version: 1 },
      flagsExcept('can_get_program'),
    );
    expect(
      screen.getByText("Your role cannot see programs (it lacks can_get_program); the form's program links stay as they are"),
    ).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Programs' }) as HTMLInputElement).disabled).toBe(true);
    click(/Save Draft/);
    expect(await screen.findByText('Successfully Updated')).toBeTruthy();
    const [patch] = await api.writes('PATCH', '/form/f1');
    expect(patch!.body!.program_ids).toEqual(['p2']);
    expect((await api.writes('GET', '/program/programList')).length).toBe(0);
  });
});

describe('the revisions line', () => {
  it('counts the revisions and links to them', async () => {
    await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended], version: 3 });
    const link = screen.getByRole('link', { name: 'There are 3 Revisions of this form' });
    expect(link.getAttribute('href')).toBe('/custom-form/form-revisions/f1');
  });
});

describe('Copy Form', () => {
  it('opens the add page with the structure on screen, and the copy names its parent', async () => {
    const { location } = await openEditPage({ _id: 'f1', name: 'Visit', structures: [attended, reason], program_ids: ['p2'] });
    click(/Copy Form/);
    expect(await screen.findByRole('heading', { name: 'Add New Form Group' })).toBeTruthy();
    expect(location()).toBe('/custom-form/add-new');
    expect(title().value).toBe('Copy of Visit');
    expect(rows()).toHaveLength(2);
    click(/Save Draft/);
    expect(await screen.findByText('Successfully added form')).toBeTruthy();
    const [post] = await api.writes('POST', '/form');
    expect(post!.body).toEqual({ name: 'Copy of Visit', structures: asLoaded(attended, reason), program_ids: ['p2'], parent_id: 'f1' });
  });
});
