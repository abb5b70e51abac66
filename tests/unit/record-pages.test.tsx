/**
 * The add, edit and show pages of a generic resource whose form is a page (the test-only
 * fixture_site): a region picked by name from active regions the server searches, a kind picked
 * by its label, a cleared description sent as null, and the show page naming what ids and codes
 * stand for.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withFixtureConsole } from './support/fixture-console';
import { flagsExcept, renderConsole } from './support/render-console';
import { crumbsFor } from '../../src/layout/Breadcrumbs';

const api = withFixtureConsole();

const input = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
/** A show page's field by its label. */
const field = (label: string) =>
  [...document.querySelectorAll<HTMLElement>('.RaLabeled-label')].find((el) => el.textContent === label)!.parentElement!;

describe('the add page', () => {
  it('opens from the list, picks an active region by name and a kind by label, and saves', async () => {
    const { location } = renderConsole('/fixture_site');
    await screen.findByText('Harbour Camp');
    const add = screen.getByText('Add Fixture Site').closest('button')!;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    expect(await screen.findByRole('heading', { name: 'Add Fixture Site' })).toBeTruthy();
    expect(location()).toBe('/fixture_site/create');

    fireEvent.change(input('Name'), { target: { value: 'River Post' } });

    // The picker asks the server for active regions only, searching what was typed.
    const region = input('Region');
    fireEvent.focus(region);
    fireEvent.change(region, { target: { value: 'ea' } });
    await waitFor(async () => expect((await api.requestsTo('/fixture-region')).some((r) => r.filter?.q === 'ea')).toBe(true));
    const asked = (await api.requestsTo('/fixture-region')).filter((r) => r.filter?.q !== undefined || r.filter?.status !== undefined);
    expect(asked.every((r) => r.filter?.status === true)).toBe(true);
    expect(asked.at(-1)!.url.searchParams.get('range')).toBe('[0,19]');
    // "Old East" matches the search but is inactive: the server leaves it out.
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Old East' })).toBeNull());
    fireEvent.change(region, { target: { value: 'No' } });
    fireEvent.click(await screen.findByRole('option', { name: 'North' }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kind/ }));
    const kinds = await screen.findByRole('listbox');
    expect(
      within(kinds)
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(expect.arrayContaining(['Urban', 'Rural', 'Camp']));
    fireEvent.click(within(kinds).getByRole('option', { name: 'Rural' }));

    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Fixture Site added')).toBeTruthy();
    const [post] = await api.requestsTo('/fixture-site', 'POST');
    expect(post!.body).toEqual({ name: 'River Post', region: 'r1', kind: 'rural' });
    await waitFor(() => expect(location()).toBe('/fixture_site'));
  });

  it('asks for the region and the kind before sending anything', async () => {
    renderConsole('/fixture_site/create');
    await screen.findByRole('heading', { name: 'Add Fixture Site' });
    fireEvent.change(input('Name'), { target: { value: 'River Post' } });
    fireEvent.click(screen.getByText('Save'));
    expect(await screen.findByText('Region is required')).toBeTruthy();
    expect(screen.getByText('Kind is required')).toBeTruthy();
    expect(await api.requestsTo('/fixture-site', 'POST')).toHaveLength(0);
  });

  it("shows the server's message for a field on that field's input", async () => {
    api.refuseNext('/fixture-site', 400, {
      message: 'Region does not exist',
      code: 'REFERENCE_MISSING',
      fields: { region: 'Region does not exist' },
    });
    renderConsole('/fixture_site/create');
    await screen.findByRole('heading', { name: 'Add Fixture Site' });
    fireEvent.change(input('Name'), { target: { value: 'River Post' } });
    const region = input('Region');
    fireEvent.focus(region);
    fireEvent.change(region, { target: { value: 'So' } });
    fireEvent.click(await screen.findByRole('option', { name: 'South' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Kind/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Camp' }));
    fireEvent.click(screen.getByText('Save'));
    await waitFor(() => expect(input('Region').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Region does not exist').length).toBeGreaterThanOrEqual(2); // under the input, and the toast
    expect(screen.getByRole('heading', { name: 'Add Fixture Site' })).toBeTruthy();
  });

  it('tells a role without the create flag that it may not add any', async () => {
    renderConsole('/fixture_site/create', flagsExcept('can_create_fixture_site'));
    expect(await screen.findByText("You don't have permission to add fixture sites")).toBeTruthy();
    expect(screen.queryByText('Save')).toBeNull();
  });
});

describe('the edit page', () => {
  it('shows the record with its region by name, and sends null for a cleared description', async () => {
    const { location } = renderConsole('/fixture_site/s1');
    expect(await screen.findByRole('heading', { name: 'Edit Fixture Site' })).toBeTruthy();
    await waitFor(() => expect(input('Description').value).toBe('By the sea'));
    await waitFor(() => expect(input('Region').value).toBe('North'));
    expect(screen.getByRole('combobox', { name: /Kind/ }).textContent).toContain('Camp');
    fireEvent.change(input('Description'), { target: { value: '' } });
    fireEvent.click(screen.getByText('Update'));
    expect(await screen.findByText('Fixture Site updated')).toBeTruthy();
    const [patch] = await api.requestsTo('/fixture-site/s1', 'PATCH');
    expect(patch!.body).toEqual({ description: null });
    expect(api.tables['fixture-site']!.find((s) => s._id === 's1')!.description).toBeNull();
    await waitFor(() => expect(location()).toBe('/fixture_site'));
  });

  it('clears an optional choice to null, and sends a number typed as a number', async () => {
    renderConsole('/fixture_site/s1');
    await screen.findByRole('heading', { name: 'Edit Fixture Site' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Zone/ }).textContent).toContain('North'));
    expect(input('Population').value).toBe('120');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Zone/ }));
    const zones = await screen.findByRole('listbox');
    expect(
      within(zones)
        .getAllByRole('option')
        .map((o) => o.textContent?.trim()),
    ).toEqual(['', 'North', 'South']);
    fireEvent.click(within(zones).getAllByRole('option')[0]!);
    fireEvent.change(input('Population'), { target: { value: '150' } });
    fireEvent.click(screen.getByText('Update'));
    expect(await screen.findByText('Fixture Site updated')).toBeTruthy();
    const [patch] = await api.requestsTo('/fixture-site/s1', 'PATCH');
    expect(patch!.body).toEqual({ zone: null, population: 150 });
  });

  it('shows a null description as empty, and saves a new one over it', async () => {
    renderConsole('/fixture_site/s2');
    await screen.findByRole('heading', { name: 'Edit Fixture Site' });
    await waitFor(() => expect(input('Name').value).toBe('Hill Farm'));
    expect(input('Description').value).toBe('');
    fireEvent.change(input('Description'), { target: { value: 'Terraces' } });
    fireEvent.click(screen.getByText('Update'));
    expect(await screen.findByText('Fixture Site updated')).toBeTruthy();
    const [patch] = await api.requestsTo('/fixture-site/s2', 'PATCH');
    expect(patch!.body).toEqual({ description: 'Terraces' });
  });
});

describe('the show page', () => {
  it('names the record and shows each field under its label: region by name, kind by label, status in words', async () => {
    renderConsole('/fixture_site/s1/show');
    expect(await screen.findByRole('heading', { name: 'Harbour Camp' })).toBeTruthy();
    await waitFor(() => expect(field('Region').textContent).toContain('North'));
    expect(within(field('Region')).getByRole('link', { name: 'North' }).getAttribute('href')).toBe('/fixture_region/r1/show');
    expect(field('Kind').textContent).toContain('Camp');
    expect(field('Description').textContent).toContain('By the sea');
    expect(field('Status').textContent).toContain('Active');
    expect(field('Created').textContent).toContain('05-03-2024');
    const edit = screen.getByText('Edit').closest('a')!;
    expect(edit.getAttribute('href')).toBe('/fixture_site/s1');
  });

  it('shows an empty field as a dash', async () => {
    renderConsole('/fixture_site/s2/show');
    await screen.findByRole('heading', { name: 'Hill Farm' });
    expect(field('Description').textContent).toContain('—');
  });

  it("opens a dialog resource's edit dialog from its show page", async () => {
    renderConsole('/fixture_region/r2/show');
    await screen.findByRole('heading', { name: 'South' });
    const edit = screen.getByText('Edit').closest('button')!;
    await waitFor(() => expect(edit.disabled).toBe(false));
    fireEvent.click(edit);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Update Fixture Region')).toBeTruthy();
  });

  it('tells a role without the show flag that it may not see them', async () => {
    renderConsole('/fixture_site/s1/show', flagsExcept('can_get_fixture_site'));
    expect(await screen.findByText("You don't have permission to see fixture sites")).toBeTruthy();
    expect(await api.requestsTo('/fixture-site/s1')).toHaveLength(0);
  });
});

describe('the breadcrumb on these pages', () => {
  const labels = (path: string) => crumbsFor(path).map((c) => c.label);

  it('reads Add, Edit and Details after the resource, with no crumb for an id', () => {
    expect(labels('/fixture_site/create')).toEqual(['Dashboard', 'Fixture Sites', 'Add']);
    expect(labels('/fixture_site/s1')).toEqual(['Dashboard', 'Fixture Sites', 'Edit']);
    expect(crumbsFor('/fixture_site/s1/show')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Fixture Sites', to: '/fixture_site' },
      { label: 'Details', to: '/fixture_site/s1/show' },
    ]);
    expect(labels('/fixture_region/r1/show')).toEqual(['Dashboard', 'Fixture Regions', 'Details']);
    expect(labels('/user/abc')).toEqual(['Dashboard', 'Users', 'Profile']);
  });
});
