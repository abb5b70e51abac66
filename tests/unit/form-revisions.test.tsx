/**
 * /custom-form/form-revisions/{id}: the published revisions newest first, the one picked shown
 * read-only, what changed between any two in words, Restore into the draft (with the
 * draft_version the page read) and back to the list, Go Back, and the page's empty, missing and
 * forbidden states.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import type { FieldChange, FormDiff, FormRevision } from '@model/forms/form-revision';
import type { FormField } from '@model/forms/field-definition';
import { fakeCollection } from './support/fake-rest-server';
import { API, AUTH } from './support/fixture-api';
import { flagsExcept, renderConsole, screenWidth } from './support/render-console';
import { makeUser } from './support/session';

process.env.TZ = 'UTC';
vi.setConfig({ testTimeout: 60_000 });

const ada = { _id: 'u1', first_name: 'Ada', last_name: 'Lovelace' };
const grace = { _id: 'u2', first_name: 'Grace', last_name: 'Hopper' };

const nameField: FormField = { field_label: 'Name', field_name: 'name', field_type: 'text' };
const age: FormField = { field_label: 'Age', field_name: 'age', field_type: 'number' };
const attended: FormField = { field_label: 'Attended', field_name: 'attended', field_type: 'boolean' };
const village: FormField = {
  field_label: 'Village',
  field_name: 'village',
  field_type: 'dropdown',
  extra_details: { option_choice: 'k: Kisumu\nn: Nairobi' },
};
const reason: FormField = {
  field_label: 'Reason',
  field_name: 'reason',
  field_type: 'text',
  validation: { condition_chack: true, cond_logic: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
};

const revision1: FormRevision = {
  _id: 'rev-1',
  form_id: 'f1',
  version: 1,
  name: 'Household survey',
  structures: [nameField, age, attended, village],
  field_count: 4,
  created_at: '2024-03-01T09:30:00.000Z',
  created_by: ada,
};
const revision2: FormRevision = {
  _id: 'rev-2',
  form_id: 'f1',
  version: 2,
  name: 'Household survey 2024',
  structures: [
    { ...village, extra_details: { option_choice: 'k: Kisumu\nn: Nairobi\nm: Mombasa' } },
    { ...nameField, field_label: 'Full name', validation: { required: true, max: 80 } },
    attended,
    reason,
  ],
  field_count: 4,
  created_at: '2024-03-05T14:05:00.000Z',
  created_by: grace,
};

/** What the api's diff says changed from revision 1 to revision 2. */
const changes: FieldChange[] = [
  {
    field_name: 'village',
    label: 'Village',
    change: 'changed',
    position: { before: 4, after: 1 },
    properties: [
      {
        property: 'options',
        before: [
          { value: 'k', label: 'Kisumu' },
          { value: 'n', label: 'Nairobi' },
        ],
        after: [
          { value: 'k', label: 'Kisumu' },
          { value: 'n', label: 'Nairobi' },
          { value: 'm', label: 'Mombasa' },
        ],
      },
      { property: 'logic', before: [], after: [{ field_name: 'attended', show: 'is-equal-to', value: 'false' }] },
    ],
  },
  {
    field_name: 'name',
    label: 'Full name',
    change: 'changed',
    properties: [
      { property: 'label', before: 'Name', after: 'Full name' },
      { property: 'required', before: false, after: true },
      { property: 'max', before: 10000, after: 80 },
    ],
  },
  { field_name: 'reason', label: 'Reason', change: 'added' },
  { field_name: 'age', label: 'Age', change: 'removed' },
];

const form = () => ({
  _id: 'f1',
  name: 'Household survey 2024',
  structures: revision2.structures,
  version: 2,
  draft_version: 7,
  status: true,
  field_count: 4,
  updated_at: '2024-03-05T14:05:00.000Z',
});

let revisions: FormRevision[] = [];
let restoreRefusal: { status: number; body: object } | undefined;
const seen: Array<{ method: string; path: string; query: URLSearchParams; body?: unknown }> = [];

const forbidden = () =>
  HttpResponse.json({ message: "You don't have permission to do this (can_get_form)", code: 'FORBIDDEN' }, { status: 403 });
/** A form the server will not show this role. */
const secretForm = [http.get(`${API}/form/secret`, forbidden), http.get(`${API}/form/rev/secret`, forbidden)];

const server = setupServer(
  http.get(`${API}/form/rev/:id`, ({ params }) =>
    params.id === 'f1'
      ? HttpResponse.json(revisions)
      : HttpResponse.json({ message: 'Form not found', code: 'NOT_FOUND' }, { status: 404 }),
  ),
  http.get(`${API}/form/rev/:id/diff`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const diff: FormDiff =
      query.get('to') === 'draft'
        ? { from: Number(query.get('from')), to: 'draft', changes: [] }
        : {
            from: Number(query.get('from')),
            to: Number(query.get('to')),
            name: { before: 'Household survey', after: 'Household survey 2024' },
            changes,
          };
    return HttpResponse.json(diff);
  }),
  http.post(`${API}/form/restore`, async ({ request }) => {
    const body = await request.json();
    seen.push({ method: 'POST', path: '/form/restore', query: new URLSearchParams(), body });
    if (restoreRefusal) return HttpResponse.json(restoreRefusal.body, { status: restoreRefusal.status });
    return HttpResponse.json({ ...form(), structures: revision1.structures, name: revision1.name, draft_version: 8 });
  }),
  // A 403 re-reads the signed-in user first (their role may have changed).
  http.post(`${AUTH}/user/verify`, () => HttpResponse.json({ user: makeUser(flagsExcept()), token: 'tok-1' })),
);

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  if (request.method === 'GET') seen.push({ method: 'GET', path: url.pathname, query: url.searchParams });
});

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  // One form, read by id (and listed once Restore leads back to the list).
  server.use(...secretForm, ...fakeCollection(API, 'form', [form()]).handlers);
  revisions = [revision2, revision1];
  restoreRefusal = undefined;
  seen.length = 0;
  screenWidth(false);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});
afterAll(() => server.close());

const revisionList = () => screen.getByRole('list', { name: 'Revisions' });
const entries = () => within(revisionList()).getAllByRole('button');
const openPage = async (path = '/custom-form/form-revisions/f1', flags = flagsExcept()) => {
  const view = renderConsole(path, flags);
  await screen.findByRole('list', { name: 'Revisions' });
  return view;
};
const showChanges = () => fireEvent.click(screen.getByRole('tab', { name: 'Changes' }));
const changeList = () => screen.findByRole('list', { name: 'Changes' });

describe('the revisions page', () => {
  it("is titled with the form's name and lists the revisions newest first: version, name, fields, when and by whom", async () => {
    revisions = [revision1, revision2];
    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Household survey 2024' })).toBeTruthy();
    expect(screen.getByText('2 published revisions')).toBeTruthy();
    const [newest, oldest] = entries();
    expect(newest!.textContent).toContain('Revision 2');
    expect(newest!.textContent).toContain('Latest');
    expect(newest!.textContent).toContain('Household survey 2024');
    expect(newest!.textContent).toContain('4 fields · 05/03/2024 14:05 · Grace Hopper');
    expect(oldest!.textContent).toContain('Revision 1');
    expect(oldest!.textContent).toContain('4 fields · 01/03/2024 09:30 · Ada Lovelace');
    // The newest is the one shown first.
    expect(newest!.getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('heading', { level: 2, name: 'Revision 2 · Household survey 2024' })).toBeTruthy();
  });

  it('shows the picked revision read-only, as a field worker would see it', async () => {
    await openPage();
    const fullName = (await screen.findByLabelText(/Full name/)) as HTMLInputElement;
    expect(fullName.readOnly || fullName.disabled).toBe(true);
    expect(screen.queryByText('Check answers')).toBeNull();
    expect(screen.queryByText('Reset preview')).toBeNull();
    expect(screen.queryByLabelText(/^Age/)).toBeNull();

    fireEvent.click(entries()[1]!);
    expect(await screen.findByRole('heading', { level: 2, name: 'Revision 1 · Household survey' })).toBeTruthy();
    expect(await screen.findByLabelText(/^Age/)).toBeTruthy();
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
  });

  it('says in words what changed from the revision before the picked one', async () => {
    await openPage();
    showChanges();
    const list = await changeList();
    const diffRequest = seen.find((r) => r.path === '/form/rev/f1/diff')!;
    expect(diffRequest.query.get('from')).toBe('1');
    expect(diffRequest.query.get('to')).toBe('2');
    expect(screen.getByText('From revision 1 to revision 2: 5 changes')).toBeTruthy();
    expect(screen.getByText('Form title:').parentElement!.textContent).toBe('Form title: “Household survey” → “Household survey 2024”');

    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    const text = items.map((li) => li.textContent);
    expect(text[0]).toContain('Changed“Village”');
    expect(text[0]).toContain('Moved from place 4 to place 1');
    expect(text[0]).toContain('Choices: added “Mombasa”');
    expect(text[0]).toContain('Shown: always → when “Attended” is No');
    expect(text[1]).toContain('Changed“Full name”');
    expect(text[1]).toContain('Label: “Name” → “Full name”');
    expect(text[1]).toContain('Now required');
    expect(text[1]).toContain('Maximum length: 10000 → 80');
    expect(text[2]).toBe('Added“Reason”');
    expect(text[3]).toBe('Removed“Age”');
  });

  it('compares any two: the first revision starts against the current draft, and either side can be changed', async () => {
    await openPage();
    fireEvent.click(entries()[1]!);
    showChanges();
    expect(await screen.findByText('No differences: the current draft asks exactly what revision 1 asks.')).toBeTruthy();
    expect(
      seen
        .filter((r) => r.path === '/form/rev/f1/diff')
        .at(-1)!
        .query.get('to'),
    ).toBe('draft');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'To' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Revision 2' }));
    expect(await changeList()).toBeTruthy();
    const last = seen.filter((r) => r.path === '/form/rev/f1/diff').at(-1)!;
    expect([last.query.get('from'), last.query.get('to')]).toEqual(['1', '2']);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'From' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Revision 2' }));
    expect(await screen.findByText('Pick two different versions to compare.')).toBeTruthy();
  });

  it('restores the picked revision into the draft after a confirmation, then opens the list', async () => {
    const { location } = await openPage();
    fireEvent.click(entries()[1]!);
    const restore = await screen.findByRole('button', { name: 'Restore' });
    await waitFor(() => expect(restore.hasAttribute('disabled')).toBe(false));
    fireEvent.click(restore);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore revision 1?')).toBeTruthy();
    expect(dialog.textContent).toContain('The draft of “Household survey 2024” is replaced by revision 1 (“Household survey”, 4 fields).');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.filter((r) => r.path === '/form/restore')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Revision 1 restored to the draft')).toBeTruthy();
    expect(seen.filter((r) => r.path === '/form/restore').map((r) => r.body)).toEqual([{ _id: 'rev-1', draft_version: 7 }]);
    await waitFor(() => expect(location()).toBe('/custom-form'));
  });

  it('stays and says why when the draft changed since the page was opened', async () => {
    restoreRefusal = {
      status: 409,
      body: { message: 'Someone else saved this form since you opened it. Reload it to see their changes.', code: 'STALE_DRAFT' },
    };
    const { location } = await openPage();
    const restore = await screen.findByRole('button', { name: 'Restore' });
    await waitFor(() => expect(restore.hasAttribute('disabled')).toBe(false));
    fireEvent.click(restore);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Someone else saved this form since you opened it. Reload it to see their changes.')).toBeTruthy();
    expect(location()).toBe('/custom-form/form-revisions/f1');
  });

  it('offers Restore only to a role that may edit forms', async () => {
    await openPage(undefined, flagsExcept('can_edit_form'));
    const restore = await screen.findByRole('button', { name: 'Restore' });
    // canAccess answers asynchronously: give it the time to enable the button, had it been allowed.
    await new Promise((r) => setTimeout(r, 200));
    expect(restore.hasAttribute('disabled')).toBe(true);
  });

  it('goes back to the form when opened directly', async () => {
    const { location } = await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(location()).toBe('/custom-form/edit/f1'));
  });

  it("says 'Not Published Form' for a form with no revision", async () => {
    revisions = [];
    renderConsole('/custom-form/form-revisions/f1');
    expect(await screen.findByText('Not Published Form')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Household survey 2024' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('says so when the form does not exist', async () => {
    renderConsole('/custom-form/form-revisions/gone');
    expect(await screen.findByText('This form does not exist. It may have been deleted.')).toBeTruthy();
  });

  it('says so when the server refuses to show the form', async () => {
    renderConsole('/custom-form/form-revisions/secret');
    expect(await screen.findByText("You don't have permission to see this form's revisions.")).toBeTruthy();
  });

  it('tells a role without can_get_form that it may not see forms, and asks the server nothing', async () => {
    renderConsole('/custom-form/form-revisions/f1', flagsExcept('can_get_form'));
    expect(await screen.findByText("You don't have permission to see forms")).toBeTruthy();
    expect(seen.filter((r) => r.path.startsWith('/form'))).toEqual([]);
  });

  it('on a phone, lists the revisions above the picked one', async () => {
    screenWidth(true);
    await openPage();
    expect(entries()).toHaveLength(2);
    expect(await screen.findByLabelText(/Full name/)).toBeTruthy();
  });
});
