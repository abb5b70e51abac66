/**
 * /program, /program/active and /program/deactive: programs as cards (image or initials, name,
 * 'Last updated', goal carousel) opening the program, search by name with 'No program found',
 * the pager ('Programs per page' 10/20/30), a failed load with Retry, the floating add button,
 * and Deactivate/Activate behind a confirmation for roles that may edit programs.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { withFakeServer } from './support/fake-server-lifecycle';
import { createProgramApi } from './support/fake-program-list-api';
import { API } from './support/fixture-api';
import { flagsExcept, renderConsole } from './support/render-console';
import { crumbsFor } from '../../src/layout/Breadcrumbs';

process.env.TZ = 'UTC';
const api = createProgramApi();
withFakeServer(api);

const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const listRequests = () => api.seen.filter((r) => r.method === 'GET' && r.path === '/program/programList');

describe('the programs list', () => {
  it('shows each program with its image or initials, last update and goals, and opens it', async () => {
    renderConsole('/program');
    expect(await screen.findByRole('heading', { name: 'Programs', level: 1 })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Clean Water' });
    const water = within(card('Clean Water'));
    expect(water.getByText('Last updated 05/03/2024')).toBeTruthy();
    expect(water.getByRole('img', { name: 'Clean Water' }).getAttribute('src')).toBe(`${API}/uploads/programs/abc.png`);
    expect(water.getByRole('group', { name: 'Households: 120 of 500' }).textContent).toContain('120 / 500');
    // Said once for the page, not under each carousel.
    expect(screen.getAllByText('Completed counts start once documents arrive')).toHaveLength(1);
    expect(water.getByRole('link', { name: /Clean Water/ }).getAttribute('href')).toBe('/program/p1');

    // No update yet: the created date; no image: the initials.
    const meals = within(card('School Meals'));
    expect(meals.getByText('Last updated 02/01/2024')).toBeTruthy();
    expect(meals.getByText('SM')).toBeTruthy();
    expect(meals.getByText('No goals set')).toBeTruthy();
    expect(within(card('Old Census')).getByText('Deactivated')).toBeTruthy();
    expect(listRequests()[0]!.filter).toEqual({});
  });

  it("searches by name and says 'No program found' when nothing matches", async () => {
    renderConsole('/program');
    await screen.findByRole('heading', { name: 'Clean Water' });
    const search = screen.getByPlaceholderText('Search programs');
    fireEvent.change(search, { target: { value: 'water' } });
    // While the search runs, the previous cards stay on screen, dimmed and hidden from assistive technology.
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'School Meals' })).toBeNull();
      expect(screen.getByRole('heading', { name: 'Clean Water' })).toBeTruthy();
    });
    expect(listRequests().at(-1)!.filter).toEqual({ q: 'water' });
    fireEvent.change(search, { target: { value: 'no such program' } });
    expect(await screen.findByText('No program found')).toBeTruthy();
  });

  it("pages 10 programs at a time, with 'Programs per page' 10, 20 or 30", async () => {
    renderConsole('/program');
    await screen.findByRole('heading', { name: 'Clean Water' });
    expect(screen.getByText('Programs per page')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '30']);
  });

  it("keeps 'Programs per page' on a phone and a small tablet, where react-admin's pager drops it", async () => {
    const wide = window.matchMedia;
    // Every max-width query matches: narrower than MUI's md breakpoint (900 px).
    window.matchMedia = ((query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
    try {
      renderConsole('/program');
      await screen.findByRole('heading', { name: 'Clean Water' });
      expect(screen.getByText('Programs per page')).toBeTruthy();
      fireEvent.mouseDown(screen.getByRole('combobox'));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual(['10', '20', '30']);
      fireEvent.click(options[1]!);
      await waitFor(() => expect(screen.getByRole('combobox').textContent).toBe('20'));
    } finally {
      window.matchMedia = wide;
    }
  });

  it('asks for the first 10, sorted by name', async () => {
    const ranges: string[] = [];
    const listen = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      if (url.pathname === '/program/programList') ranges.push(`${url.searchParams.get('range')} ${url.searchParams.get('sort')}`);
    };
    api.server.events.on('request:start', listen);
    try {
      renderConsole('/program');
      await screen.findByRole('heading', { name: 'Clean Water' });
      expect(ranges[0]).toBe('[0,9] ["name","ASC"]');
    } finally {
      api.server.events.removeListener('request:start', listen);
    }
  });

  it("shows the server's message with Retry when the list cannot be read", async () => {
    api.server.use(
      http.get(`${API}/program/programList`, () =>
        HttpResponse.json({ message: 'Database unavailable', code: 'UNAVAILABLE' }, { status: 503 }),
      ),
    );
    renderConsole('/program');
    expect(await screen.findByText(/Database unavailable/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByText('No program found')).toBeNull();
  });

  it('offers the floating add button only to a role that may create programs', async () => {
    renderConsole('/program');
    expect((await screen.findByRole('link', { name: 'Add Program' })).getAttribute('href')).toBe('/program/add');
  });

  it('has no add button for a role without can_create_program', async () => {
    renderConsole('/program', flagsExcept('can_create_program'));
    await screen.findByRole('heading', { name: 'Clean Water' });
    expect(screen.queryByRole('link', { name: 'Add Program' })).toBeNull();
  });

  it('tells a role without can_get_program that it may not see programs, and asks nothing', async () => {
    renderConsole('/program', flagsExcept('can_get_program'));
    expect(await screen.findByText("You don't have permission to see programs")).toBeTruthy();
    expect(listRequests()).toHaveLength(0);
  });
});

describe('the active and deactivated lists', () => {
  it("lists 'All Active Programs' and deactivates one after a confirmation: it leaves the list", async () => {
    renderConsole('/program/active');
    expect(await screen.findByRole('heading', { name: 'All Active Programs' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Clean Water' });
    expect(screen.queryByRole('heading', { name: 'Old Census' })).toBeNull();
    expect(listRequests()[0]!.filter).toEqual({ status: true });
    expect(screen.getByRole('link', { name: 'Add Program' })).toBeTruthy();

    fireEvent.click(within(card('Clean Water')).getByRole('button', { name: 'Deactivate Clean Water' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you Sure want to deactivate?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Program deactivated')).toBeTruthy();
    const patch = api.seen.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe('/program/p1');
    await waitFor(() => expect(patch.body).toEqual({ status: false }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Clean Water' })).toBeNull());
  });

  it("lists 'Deactivated Programs'; a locked one cannot be activated until unlocked, and says so", async () => {
    renderConsole('/program/deactive');
    expect(await screen.findByRole('heading', { name: 'Deactivated Programs' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Old Census' });
    expect(listRequests()[0]!.filter).toEqual({ status: false });
    expect(screen.queryByRole('heading', { name: 'Clean Water' })).toBeNull();
    const activate = within(card('Old Census')).getByRole('button', { name: 'Activate Old Census' });
    expect(activate.hasAttribute('disabled')).toBe(true);
    expect(activate.parentElement!.getAttribute('aria-label')).toBe('This program is locked. Unlock it to make changes.');
  });

  it('activates an unlocked program and shows a refusal with the server message', async () => {
    api.rows().find((r) => r._id === 'p3')!.lockProgram = 0;
    api.refuseNext(403, { code: 'EDIT_WINDOW_CLOSED', message: 'Editing this program closed 365 days after it was created' });
    renderConsole('/program/deactive');
    await screen.findByRole('heading', { name: 'Old Census' });
    fireEvent.click(within(card('Old Census')).getByRole('button', { name: 'Activate Old Census' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you Sure want to activate?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Editing this program closed 365 days after it was created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(card('Old Census')).getByRole('button', { name: 'Activate Old Census' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Program activated')).toBeTruthy();
  });

  it('names the status lists in the breadcrumb', () => {
    expect(crumbsFor('/program/active').map((c) => c.label)).toEqual(['Dashboard', 'Programs', 'Active']);
    expect(crumbsFor('/program/deactive').map((c) => c.label)).toEqual(['Dashboard', 'Programs', 'Deactivated']);
  });

  it('offers no status change to a role without can_edit_program', async () => {
    renderConsole('/program/active', flagsExcept('can_edit_program'));
    await screen.findByRole('heading', { name: 'Clean Water' });
    expect(screen.queryByRole('button', { name: /Deactivate/ })).toBeNull();
  });
});
