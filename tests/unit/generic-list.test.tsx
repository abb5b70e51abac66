/**
 * The generic list, on the test-only fixture_site (a reference to fixture_region and a labelled
 * choice): names instead of ids, fetched for all rows in one request; labels instead of codes;
 * sorting by a reference column; the empty and no-permission states; and the same on a phone.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withFixtureConsole } from './support/fixture-console';
import { flagsExcept, renderConsole, screenWidth } from './support/render-console';

const api = withFixtureConsole();

/** The table row of the record with this name (found by text: role queries are slow on a whole table in jsdom). */
const row = (name: string) => screen.getByText(name).closest('tr')!;
const names = () => [...document.querySelectorAll('tbody td.column-name')].map((cell) => cell.textContent);

describe('the generic list', () => {
  it('shows each column under its title, references by name and choices by label', async () => {
    renderConsole('/fixture_site');
    expect(await screen.findByRole('heading', { name: 'All Fixture Sites' })).toBeTruthy();
    await screen.findByText('Harbour Camp');
    const headers = [...document.querySelectorAll('thead th')].map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(['Name', 'Region', 'Kind', 'Description', 'Status']);
    await waitFor(() => expect(within(row('Harbour Camp')).getByText('North')).toBeTruthy());
    expect(within(row('Harbour Camp')).getByText('Camp')).toBeTruthy();
    expect(within(row('Hill Farm')).getByText('South')).toBeTruthy();
    expect(within(row('Hill Farm')).getByText('Rural')).toBeTruthy();
    expect(within(row('Market Square')).getByText('Urban')).toBeTruthy();
    expect(screen.queryByText('r1')).toBeNull();
    expect(screen.queryByText('camp')).toBeNull();
    // The referenced name links to the region's page; the site's name to its own.
    expect(within(row('Harbour Camp')).getByRole('link', { name: 'North' }).getAttribute('href')).toBe('/fixture_region/r1/show');
    expect(within(row('Harbour Camp')).getByRole('link', { name: 'Harbour Camp' }).getAttribute('href')).toBe('/fixture_site/s1/show');
  });

  it('reads the regions of every row in one request, by their ids', async () => {
    renderConsole('/fixture_site');
    await waitFor(() => expect(within(row('Hill Farm')).getByText('South')).toBeTruthy());
    const regionRequests = await api.requestsTo('/fixture-region');
    expect(regionRequests).toHaveLength(1);
    expect([...(regionRequests[0]!.filter!.id as string[])].sort()).toEqual(['r1', 'r2']);
    expect(await api.requestsTo('/fixture-region/r1')).toHaveLength(0);
  });

  it('sorts by a reference column by asking the server to sort by that column', async () => {
    renderConsole('/fixture_site');
    await screen.findByText('Harbour Camp');
    expect(names()).toEqual(['Harbour Camp', 'Hill Farm', 'Market Square']);
    expect((await api.requestsTo('/fixture-site')).at(-1)!.sort).toEqual(['name', 'ASC']);
    fireEvent.click(screen.getByRole('button', { name: /sort by region/i }));
    await waitFor(async () => expect((await api.requestsTo('/fixture-site')).at(-1)!.sort).toEqual(['region', 'ASC']));
    // The server sorts by the region's name: North's sites first, then South's.
    await waitFor(() => expect(names()).toEqual(['Harbour Camp', 'Market Square', 'Hill Farm']));
  });

  it("says 'No fixture site found' when there is none", async () => {
    api.tables['fixture-site'] = [];
    renderConsole('/fixture_site');
    expect(await screen.findByText('No fixture site found')).toBeTruthy();
  });

  it('tells a role without the list flag that it may not see them, and asks the server nothing', async () => {
    renderConsole('/fixture_site', flagsExcept('can_get_fixture_site'));
    expect(await screen.findByText("You don't have permission to see fixture sites")).toBeTruthy();
    expect(await api.requestsTo('/fixture-site')).toHaveLength(0);
  });

  it('offers Add and Edit only to a role with those flags', async () => {
    renderConsole('/fixture_site', flagsExcept('can_create_fixture_site', 'can_edit_fixture_site'));
    await screen.findByText('Harbour Camp');
    expect(screen.getByRole('button', { name: 'Add Fixture Site' }).hasAttribute('disabled')).toBe(true);
    expect(within(row('Harbour Camp')).getByRole('button', { name: 'Edit' }).hasAttribute('disabled')).toBe(true);
  });

  it('on a phone, shows references by name and choices by label under each name', async () => {
    screenWidth(true);
    renderConsole('/fixture_site');
    const name = await screen.findByRole('link', { name: 'Harbour Camp' });
    const card = name.closest('li')!;
    await waitFor(() => expect(card.textContent).toContain('North · Camp · By the sea'));
    expect(screen.getByRole('button', { name: 'Actions for Harbour Camp' })).toBeTruthy();
  });
});
