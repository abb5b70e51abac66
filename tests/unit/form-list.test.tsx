/**
 * /custom-form: the forms table from the map entry, with the form's own pages (builder, revisions,
 * view lists), search by name with the spec's empty state, hide/show inactive, the status
 * flipped through DELETE /form/deactivate/{id}, and delete behind a confirmation that says the
 * revisions go too.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { fakeCollection, type FakeRecord } from './support/fake-rest-server';
import { API } from './support/fixture-api';
import { flagsExcept, renderConsole, screenWidth } from './support/render-console';
import { menuResources } from '../../src/layout/SideMenu';

// Form dates are shown in the viewer's time zone; the expectations below are in UTC.
process.env.TZ = 'UTC';
vi.setConfig({ testTimeout: 60_000 });

const seedForms = (): FakeRecord[] => [
  {
    _id: 'f1',
    name: 'Household survey',
    field_count: 12,
    version: 3,
    status: true,
    updated_at: '2024-03-05T10:07:00.000Z',
    created_at: '2024-01-02T08:00:00.000Z',
  },
  {
    _id: 'f2',
    name: 'Clinic visit',
    field_count: 1,
    version: 0,
    status: true,
    updated_at: '2024-03-04T09:00:00.000Z',
    created_at: '2024-01-02T08:00:00.000Z',
  },
  {
    _id: 'f3',
    name: 'Old intake',
    field_count: 4,
    version: 1,
    status: false,
    updated_at: '2023-11-30T23:59:00.000Z',
    created_at: '2023-01-02T08:00:00.000Z',
  },
];

let forms = fakeCollection(API, 'form', seedForms());
/** What the next status toggle answers instead of the flipped record (someone else flipped it first). */
let toggleAnswer: ((row: FakeRecord) => FakeRecord) | undefined;
const seen: Array<{ method: string; path: string; filter?: Record<string, unknown> }> = [];

const server = setupServer(
  http.delete(`${API}/form/deactivate/:id`, ({ params }) => {
    const row = forms.rows.find((r) => r._id === params.id);
    if (!row) return HttpResponse.json({ message: 'Form not found', code: 'NOT_FOUND' }, { status: 404 });
    row.status = !row.status;
    return HttpResponse.json(toggleAnswer ? toggleAnswer(row) : row);
  }),
);

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const filter = url.searchParams.get('filter');
  seen.push({ method: request.method, path: url.pathname, ...(filter ? { filter: JSON.parse(filter) } : {}) });
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  // The list, one form, delete: the api's collection convention, on fresh rows for each test.
  forms = fakeCollection(API, 'form', seedForms());
  server.use(...forms.handlers);
  toggleAnswer = undefined;
  seen.length = 0;
  screenWidth(false);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const row = (name: string) => screen.getByText(name).closest('tr')!;
const listRequests = () => seen.filter((r) => r.method === 'GET' && r.path === '/form');

describe('the custom forms list', () => {
  it('is in the menu as Custom Forms', () => {
    expect(menuResources().find(([name]) => name === 'custom-form')?.[1].label.many).toBe('Custom Forms');
  });

  it('shows each form with its fields, revisions, status and last change, newest change first', async () => {
    renderConsole('/custom-form');
    expect(await screen.findByRole('heading', { name: 'All Custom Forms' })).toBeTruthy();
    await screen.findByText('Household survey');
    const headers = [...document.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Name', 'Fields', 'Revisions', 'Status', 'Last updated']);
    expect([...document.querySelectorAll('tbody td.column-name')].map((c) => c.textContent)).toEqual([
      'Household survey',
      'Clinic visit',
      'Old intake',
    ]);
    const household = within(row('Household survey'));
    expect(household.getByText('12 fields')).toBeTruthy();
    expect(household.getByText('Active')).toBeTruthy();
    expect(household.getByText('05/03/2024 10:07')).toBeTruthy();
    expect(within(row('Clinic visit')).getByText('1 field')).toBeTruthy();
    expect(within(row('Clinic visit')).getByText('Not published')).toBeTruthy();
    expect(within(row('Old intake')).getByText('Inactive')).toBeTruthy();
    expect(within(row('Old intake')).getByText('30/11/2023 23:59')).toBeTruthy();
  });

  it("offers every column by its name in the column chooser, the row actions as 'Actions'", async () => {
    renderConsole('/custom-form');
    await screen.findByText('Household survey');
    fireEvent.click(screen.getByRole('button', { name: /Columns/i }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Name', 'Fields', 'Revisions', 'Status', 'Last updated', 'Actions']);
  });

  it("links a form's name to the builder and its revisions to the revisions page", async () => {
    renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const household = within(row('Household survey'));
    expect(household.getByRole('link', { name: 'Household survey' }).getAttribute('href')).toBe('/custom-form/edit/f1');
    expect(household.getByRole('link', { name: '3 revisions' }).getAttribute('href')).toBe('/custom-form/form-revisions/f1');
    expect(within(row('Old intake')).getByRole('link', { name: '1 revision' }).getAttribute('href')).toBe('/custom-form/form-revisions/f3');
    // A form never published has no revisions to open.
    expect(within(row('Clinic visit')).queryByRole('link', { name: /revision/ })).toBeNull();
  });

  it('adds on the builder, edits in the builder, and opens the view lists', async () => {
    const { location } = renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const add = screen.getByRole('button', { name: 'Add Form' });
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    fireEvent.click(add);
    await waitFor(() => expect(location()).toBe('/custom-form/add-new'));

    cleanup();
    const second = renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const edit = within(row('Household survey')).getByRole('button', { name: 'Edit' });
    await waitFor(() => expect(edit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(edit);
    await waitFor(() => expect(second.location()).toBe('/custom-form/edit/f1'));

    cleanup();
    renderConsole('/custom-form');
    expect((await screen.findByRole('link', { name: 'View List' })).getAttribute('href')).toBe('/custom-form/view-list');
  });

  it("searches by name, and says 'No form found with this name' when nothing matches", async () => {
    renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const search = screen.getByPlaceholderText('Search custom forms');
    fireEvent.change(search, { target: { value: 'house' } });
    await waitFor(() => expect(screen.queryByText('Clinic visit')).toBeNull());
    expect(screen.getByText('Household survey')).toBeTruthy();
    expect(listRequests().at(-1)!.filter).toEqual({ q: 'house' });
    fireEvent.change(search, { target: { value: 'no such form' } });
    expect(await screen.findByText('No form found with this name')).toBeTruthy();
  });

  it('hides inactive forms and shows them again', async () => {
    renderConsole('/custom-form');
    await screen.findByText('Old intake');
    fireEvent.click(screen.getByRole('button', { name: 'Hide Inactive Custom Forms' }));
    await waitFor(() => expect(screen.queryByText('Old intake')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Active Custom Forms' })).toBeTruthy();
    expect(listRequests().at(-1)!.filter).toEqual({ status: true });
    fireEvent.click(screen.getByRole('button', { name: 'Show All Custom Forms' }));
    expect(await screen.findByText('Old intake')).toBeTruthy();
  });

  it("deactivates through the form's own status call, after a confirmation", async () => {
    renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const deactivate = within(row('Household survey')).getByRole('button', { name: 'Deactivate' });
    await waitFor(() => expect(deactivate.hasAttribute('disabled')).toBe(false));
    fireEvent.click(deactivate);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you Sure want to deactivate?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Form deactivated')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/form/deactivate/f1']);
    // Never react-admin's update: a form is only written with its draft_version.
    expect(seen.filter((r) => r.method === 'PATCH' || r.method === 'PUT')).toEqual([]);
    await waitFor(() => expect(within(row('Household survey')).getByText('Inactive')).toBeTruthy());
  });

  it('says so when someone else flipped the status first, so the toggle flipped it back', async () => {
    toggleAnswer = (r) => ({ ...r, status: true });
    renderConsole('/custom-form');
    await screen.findByText('Household survey');
    const deactivate = within(row('Household survey')).getByRole('button', { name: 'Deactivate' });
    await waitFor(() => expect(deactivate.hasAttribute('disabled')).toBe(false));
    fireEvent.click(deactivate);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText("Someone else changed this form's status at the same time: it is Active now")).toBeTruthy();
    expect(screen.queryByText('Form deactivated')).toBeNull();
  });

  it('deletes an inactive form only once confirmed, warning that its revisions go with it', async () => {
    renderConsole('/custom-form');
    await screen.findByText('Old intake');
    const remove = within(row('Old intake')).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    fireEvent.click(remove);
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you Sure want to delete?')).toBeTruthy();
    expect(within(dialog).getByText('Old intake')).toBeTruthy();
    expect(within(dialog).getByText(/Its published revisions are deleted with it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.method === 'DELETE')).toEqual([]);

    fireEvent.click(within(row('Old intake')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Form deleted')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/form/f3']);
    await waitFor(() => expect(screen.queryByText('Old intake')).toBeNull());
  });

  it('offers status changes and delete only to a role with those flags', async () => {
    renderConsole('/custom-form', flagsExcept('can_edit_form', 'can_delete_form', 'can_create_form'));
    await screen.findByText('Old intake');
    expect(screen.getByRole('button', { name: 'Add Form' }).hasAttribute('disabled')).toBe(true);
    expect(within(row('Household survey')).getByRole('button', { name: 'Deactivate' }).hasAttribute('disabled')).toBe(true);
    expect(within(row('Old intake')).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });

  it('tells a role without can_get_form that it may not see forms, and asks the server nothing', async () => {
    renderConsole('/custom-form', flagsExcept('can_get_form'));
    expect(await screen.findByText("You don't have permission to see custom forms")).toBeTruthy();
    expect(listRequests()).toHaveLength(0);
  });

  it('on a phone, shows fields, revisions and the last change under each name', async () => {
    screenWidth(true);
    renderConsole('/custom-form');
    const name = await screen.findByRole('link', { name: 'Household survey' });
    const card = name.closest('li')!;
    expect(card.textContent).toContain('12 fields · 3 revisions · 05/03/2024 10:07');
    expect(within(card).getByRole('link', { name: '3 revisions' }).getAttribute('href')).toBe('/custom-form/form-revisions/f1');
  });
});
